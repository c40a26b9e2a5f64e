"""Forehead words' Japanese word lists, written for this game after the seed's (seed 003;
rules/forehead-words.md, "Settled for online play", Word lists): the seed's themes as a
Japanese school knows them (the drill is 集団行動, the dinner the New Year gathering), each with
as many say, action and judged words as the seed's. Also the bots' phrase bank.

Matching is exact after ``words.normalize`` (NFKC: half-width kana count as full-width), so
せんせい is not 先生, as a synonym is no say word. Each word is ``(theme, kind, text, extra)``
as in ``words_zh``.
"""

from __future__ import annotations

THEMES: tuple[tuple[str, str], ...] = (
    ("class", "授業"),
    ("drill", "集団行動"),
    ("show", "ステージ"),
    ("ktv", "カラオケ"),
    ("dinner", "お正月"),
    ("pe", "体育"),
    ("arts", "文化祭"),
)
"""Each theme's key and its name at a Japanese table."""

WORDS: tuple[tuple[str, str, str, str], ...] = (
    ("class", "say", "「先生」と言う", "先生"),
    ("class", "action", "手を挙げる", "raise_hand"),
    ("class", "action", "着席する", "sit_down"),
    ("class", "action", "うなずく", "nod"),
    ("class", "action", "質問に答える", "answer_question"),
    ("class", "say", "「おはようございます」と言う", "おはようございます"),
    ("class", "action", "起立する", "stand_up"),
    ("class", "action", "ひそひそ話をする", "whisper"),
    ("class", "action", "スマホをいじる", "phone"),
    ("class", "action", "拍手する", "clap"),
    ("class", "action", "大笑いする", "laugh"),
    ("drill", "action", "気をつけ", "attention"),
    ("drill", "action", "休め", "at_ease"),
    ("drill", "action", "前へならえ", "dress_right"),
    ("drill", "action", "行進する", "march"),
    ("drill", "action", "一発芸を断る", "decline_act"),
    ("drill", "action", "体育座り", "hug_knees"),
    ("drill", "action", "番号を言う", "count_off"),
    ("drill", "action", "敬礼する", "salute"),
    ("drill", "action", "しゃがむ", "squat"),
    ("drill", "action", "右向け右", "right_face"),
    ("drill", "action", "全体止まれ", "halt"),
    ("show", "action", "司会をする", "announce"),
    ("show", "action", "リハーサルをする", "rehearse"),
    ("show", "action", "スピーチをする", "speech"),
    ("show", "action", "詩を朗読する", "recite"),
    ("show", "action", "マイクを渡す", "pass_mic"),
    ("show", "action", "お辞儀をする", "bow"),
    ("show", "action", "合唱する", "chorus"),
    ("show", "action", "手をつなぐ", "hold_hands"),
    ("show", "action", "出し物をする", "perform"),
    ("ktv", "action", "曲を入れる", "pick_song"),
    ("ktv", "action", "デュエットする", "duet"),
    ("ktv", "action", "歌うのを断る", "refuse_sing"),
    ("ktv", "action", "ハイタッチ", "high_five"),
    ("ktv", "judged", "歌手の名前を言う", ""),
    ("ktv", "say", "「いい曲」と言う", "いい曲"),
    ("ktv", "say", "「歌いにくい」と言う", "歌いにくい"),
    ("ktv", "action", "童謡を歌う", "nursery_rhyme"),
    ("dinner", "action", "乾杯する", "toast"),
    ("dinner", "judged", "料理の名前を言う", ""),
    ("dinner", "action", "ゲームを提案する", "propose_game"),
    ("dinner", "action", "余興を断る", "refuse_perform"),
    ("dinner", "judged", "デザートの名前を言う", ""),
    ("dinner", "action", "みんなで歌う", "sing_along"),
    ("dinner", "judged", "曲名を言う", ""),
    ("pe", "action", "幅跳び", "long_jump"),
    ("pe", "judged", "スポーツの名前を言う", ""),
    ("pe", "action", "ルールでもめる", "discuss_rules"),
    ("pe", "action", "高跳び", "high_jump"),
    ("pe", "action", "ランニング", "run"),
    ("pe", "action", "首を回す", "neck_roll"),
    ("arts", "say", "「難しい」と言う", "難しい"),
    ("arts", "action", "熱唱する", "sing"),
    ("arts", "action", "民謡を歌う", "folk_song"),
    ("arts", "judged", "ものまねをする", ""),
)
"""The Japanese words, theme by theme."""

QUESTIONS: dict[str, tuple[str, ...]] = {
    "class": (
        "授業中に発言したいときはどうする？",
        "朝、教室に入ったら何て言う？",
        "授業の最初に何をする？",
    ),
    "drill": (
        "体育祭の練習で最初に何て号令がかかる？",
        "集団行動でいちばん疲れるのは？",
        "校長先生の話のときはどうしてる？",
    ),
    "show": (
        "幕が上がる前に何をする？",
        "拍手をもらったらどうする？",
        "ステージで一番好きなのは？",
    ),
    "ktv": ("さっきの歌、どうだった？", "カラオケに着いたらまず何をする？", "好きな歌手は誰？"),
    "dinner": (
        "お正月に一番好きな料理は？",
        "食事のあと親戚で何をする？",
        "親戚に何かやってと言われたら？",
    ),
    "pe": (
        "体育で一番好きな種目は？",
        "体育の前の準備運動は何をする？",
        "持久走のあとはどんな気分？",
    ),
    "arts": ("文化祭では何をやるの？", "今の出し物どうだった？", "普段どんな歌を歌う？"),
}
"""Bots' questions around each theme's words (the bot drops any that would reveal a word)."""

CHATTER: tuple[str, ...] = (
    "何考えてるの？",
    "次はあなたの番、何か話して！",
    "うちのチームが勝つよ。",
    "みんな静かだね。",
)
"""Bots' lines that fit any theme."""

ANSWERS: tuple[str, ...] = (
    "うーん、まあまあかな。",
    "正直わからない。",
    "それは難しい質問だね。",
    "いい曲！",
    "おはようございます！",
    "ふふ、当ててみて。",
    "けっこう楽しいと思う。",
    "あれは歌いにくいよ。",
    "教えない。",
    "たぶんね。",
)
"""Bots' answers to a question (a bot may fall into a trap with one of these)."""
