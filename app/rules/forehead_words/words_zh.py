"""Forehead words' Chinese (``zh-Hans``) word lists: the seed's, by its themes (seed 003,
害你在心口难开; rules/forehead-words.md, "From the seed", where the seed's repeats across
themes are kept once, in the first theme), with the kinds the rule file settles: "说X" and
"叫X" are say words whose phrase is X, the six words only a person can judge are judged words,
every other word is an action word with an emote of its own. Also the bots' phrase bank.

Each word is ``(theme, kind, text, extra)``: ``extra`` is a say word's phrase, an action word's
emote key (``emotes.EMOTES``), and ``""`` for a judged word.
"""

from __future__ import annotations

THEMES: tuple[tuple[str, str], ...] = (
    ("class", "上课"),
    ("drill", "军训"),
    ("show", "晚会"),
    ("ktv", "KTV"),
    ("dinner", "年夜饭"),
    ("pe", "体育课"),
    ("arts", "文艺汇演"),
)
"""Each theme's key and its name at a Chinese table, in the seed's order."""

WORDS: tuple[tuple[str, str, str, str], ...] = (
    ("class", "say", "叫“老师”", "老师"),
    ("class", "action", "举手", "raise_hand"),
    ("class", "action", "坐下", "sit_down"),
    ("class", "action", "点头", "nod"),
    ("class", "action", "回答问题", "answer_question"),
    ("class", "say", "说“老师好”", "老师好"),
    ("class", "action", "起立", "stand_up"),
    ("class", "action", "说悄悄话", "whisper"),
    ("class", "action", "玩手机", "phone"),
    ("class", "action", "鼓掌", "clap"),
    ("class", "action", "笑", "laugh"),
    ("drill", "action", "立正", "attention"),
    ("drill", "action", "稍息", "at_ease"),
    ("drill", "action", "跨立", "parade_rest"),
    ("drill", "action", "齐步", "march"),
    ("drill", "action", "拒绝表演节目", "decline_act"),
    ("drill", "action", "向右看齐", "dress_right"),
    ("drill", "action", "报数", "count_off"),
    ("drill", "action", "敬礼", "salute"),
    ("drill", "action", "蹲下", "squat"),
    ("drill", "action", "向右转", "right_face"),
    ("drill", "action", "立定", "halt"),
    ("show", "action", "报幕", "announce"),
    ("show", "action", "彩排", "rehearse"),
    ("show", "action", "致辞", "speech"),
    ("show", "action", "朗诵", "recite"),
    ("show", "action", "递话筒", "pass_mic"),
    ("show", "action", "鞠躬", "bow"),
    ("show", "action", "合唱", "chorus"),
    ("show", "action", "拉手", "hold_hands"),
    ("show", "action", "表演节目", "perform"),
    ("ktv", "action", "点歌", "pick_song"),
    ("ktv", "action", "情歌对唱", "duet"),
    ("ktv", "action", "拒绝唱歌", "refuse_sing"),
    ("ktv", "action", "击掌", "high_five"),
    ("ktv", "judged", "说歌手名", ""),
    ("ktv", "say", "说“好听”", "好听"),
    ("ktv", "say", "说“好难唱”", "好难唱"),
    ("ktv", "action", "唱儿歌", "nursery_rhyme"),
    ("dinner", "action", "举杯喝饮料", "toast"),
    ("dinner", "judged", "说主菜名", ""),
    ("dinner", "action", "提议做游戏", "propose_game"),
    ("dinner", "action", "拒绝表演", "refuse_perform"),
    ("dinner", "judged", "说一个甜品名字", ""),
    ("dinner", "action", "大家一起合唱", "sing_along"),
    ("dinner", "judged", "说歌名", ""),
    ("pe", "action", "跳远", "long_jump"),
    ("pe", "judged", "说体育项目", ""),
    ("pe", "action", "讨论规则", "discuss_rules"),
    ("pe", "action", "跳高", "high_jump"),
    ("pe", "action", "跑步", "run"),
    ("pe", "action", "扭动脖子", "neck_roll"),
    ("arts", "say", "说好难", "好难"),
    ("arts", "action", "唱歌", "sing"),
    ("arts", "action", "唱民歌", "folk_song"),
    ("arts", "judged", "模仿", ""),
)
"""The seed's words, theme by theme, in its order."""

QUESTIONS: dict[str, tuple[str, ...]] = {
    "class": (
        "上课的时候你最喜欢做什么？",
        "老师点你名的时候你会怎么做？",
        "同学，上课前要做什么？",
    ),
    "drill": ("军训的时候教官最常喊什么口令？", "军训最累的是哪个动作？", "教官来了你会怎么做？"),
    "show": ("晚会开场前主持人要做什么？", "上台以后第一件事做什么？", "晚会上你最想看什么？"),
    "ktv": ("你觉得刚才那首歌怎么样？", "去KTV你一般先做什么？", "你最喜欢哪个歌手？"),
    "dinner": (
        "年夜饭你最爱吃什么菜？",
        "吃完年夜饭大家一般干什么？",
        "亲戚让你上去露一手怎么办？",
    ),
    "pe": ("体育课你最喜欢哪个项目？", "上体育课前要先做什么？", "跑完八百米你有什么感觉？"),
    "arts": ("文艺汇演你报了什么节目？", "你觉得这个节目怎么样？", "你平时会唱什么？"),
}
"""Bots' questions around each theme's words (the bot drops any that would reveal a word)."""

CHATTER: tuple[str, ...] = (
    "你在想什么？",
    "轮到你了，说说看！",
    "我们队肯定赢。",
    "你们怎么都不说话？",
)
"""Bots' lines that fit any theme."""

ANSWERS: tuple[str, ...] = (
    "嗯，还行吧。",
    "我不知道诶。",
    "这个问题好难回答。",
    "好听！",
    "老师好！",
    "哈哈，你猜。",
    "我觉得挺有意思的。",
    "好难唱啊。",
    "不告诉你。",
    "应该是吧。",
)
"""Bots' answers to a question (players must answer, seed rule 2; a bot may fall into a
trap with one of these, which is the point)."""
