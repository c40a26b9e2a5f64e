#!/usr/bin/env python3
"""Check a Parlor match record's seed against its commitment and deal the match's opening again,
without Parlor.

Usage: ``python3 verify_deal.py record.json [--json]``. The record is the file a finished
match's page exports (``GET /api/matches/{id}/export``). Python 3.11+, standard library only.

Written from the specifications in Parlor's source, not from its code: the generator from the
docstring of ``app/rules/rng.py`` (HMAC-SHA256 in counter mode, rejection sampling,
Fisher-Yates), and each game's deal from the "Setup randomness" (or "The deal") paragraph of
its package docstring, ``app/rules/<game>/__init__.py``. The constants below (card lists and
their orders) are the ones those docstrings name. Nothing is imported from Parlor, so a player
who does not trust Parlor's own verifier can read this file and check it against them.

Exit status: 0 when the seed matches the commitment and the deal was printed, 1 when the record
is refused (the seed does not match, or the file is not a record), 2 for a usage error.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

__all__ = ["DEALERS", "Refused", "Rng", "check_record", "deal", "main"]

T = TypeVar("T")

RECORD_FORMAT = "parlor-record/1"
SEED_BYTES = 32

# --- the generator (app/rules/rng.py) -----------------------------------------------------------

_SPACE = 1 << 256


class Rng:
    """One stream of a seed: block ``i`` is HMAC-SHA256(seed, purpose || 0x00 || i as 8 bytes
    big-endian), read as a 256-bit big-endian integer. Unlike Parlor's, this one advances in
    place: a script needs no immutable generators."""

    def __init__(self, seed: bytes, purpose: str) -> None:
        self.seed = seed
        self.purpose = purpose
        self.counter = 0

    def _block(self) -> int:
        message = self.purpose.encode("utf-8") + b"\x00" + self.counter.to_bytes(8, "big")
        self.counter += 1
        return int.from_bytes(hmac.new(self.seed, message, hashlib.sha256).digest(), "big")

    def randbelow(self, n: int) -> int:
        """Uniform in ``[0, n)``: blocks at or above the largest multiple of ``n`` are rejected."""
        if n < 1:
            raise ValueError("randbelow needs n >= 1")
        limit = _SPACE - (_SPACE % n)
        while True:
            x = self._block()
            if x < limit:
                return x % n

    def shuffle(self, items: Sequence[T]) -> list[T]:
        """Fisher-Yates from the end: for i = len-1 down to 1, swap i with randbelow(i + 1)."""
        cards = list(items)
        for i in range(len(cards) - 1, 0, -1):
            j = self.randbelow(i + 1)
            cards[i], cards[j] = cards[j], cards[i]
        return cards

    def choice(self, items: Sequence[T]) -> T:
        """One item: ``items[randbelow(len(items))]``."""
        return items[self.randbelow(len(items))]


# --- the record ---------------------------------------------------------------------------------


class Refused(Exception):
    """The record cannot be trusted or read: the sentence says why."""


def check_record(record: Any) -> bytes:
    """The record's seed, once its SHA-256 is checked against the published commitment."""
    if not isinstance(record, dict) or record.get("format") != RECORD_FORMAT:
        raise Refused(f"This is not a Parlor match record (format {RECORD_FORMAT}).")
    if record.get("game") not in DEALERS:
        raise Refused(f"This verifier does not know the game {record.get('game')!r}.")
    try:
        seed = bytes.fromhex(str(record.get("seed")))
    except ValueError:
        raise Refused("The seed is not hexadecimal.") from None
    if len(seed) != SEED_BYTES:
        raise Refused(f"The seed is not {SEED_BYTES} bytes.")
    commitment = hashlib.sha256(seed).hexdigest()
    if commitment != str(record.get("commitment")).lower():
        raise Refused(
            f"REFUSED: SHA-256 of the seed is {commitment}, "
            f"not the commitment {record.get('commitment')!r} published before the deal."
        )
    return seed


PLAYER_COUNTS: dict[str, range | tuple[int, ...]] = {
    # Each docstring's first line: the player counts the game is dealt for.
    "coloretto": range(3, 6),
    "da_vinci_code": range(2, 5),
    "elements": range(3, 6),
    "forehead_words": (4, 6, 8, 10),
    "manhattan": range(2, 5),
    "master_of_rules": range(3, 6),
    "monopoly_deal": range(2, 6),
    "monster_tcg": (2,),
    "poison": range(3, 7),
    "sequence_numbers": (2, 3, 4, 6),
    "tong_its": (3,),
    "uno": range(2, 11),
    "werewolf": range(5, 19),
}


def deal(record: dict[str, Any], seed: bytes) -> dict[str, Any]:
    """The opening of the record's match, dealt again from the seed: JSON-able, by section."""
    players = record.get("players")
    if type(players) is not int or players not in PLAYER_COUNTS[record["game"]]:
        raise Refused(f"The record's player count {players!r} is not one its game is dealt for.")
    options = record.get("options") or {}
    if not isinstance(options, dict):
        raise Refused("The record's options are not an object.")
    start_seat = record.get("start_seat")
    if start_seat is not None and (type(start_seat) is not int or not 0 <= start_seat < players):
        raise Refused("The record's start seat is not a seat number.")
    return DEALERS[record["game"]](
        seed=seed, players=players, options=options, start_seat=start_seat, record=record
    )


def _starts(drawn: int, chosen: int | None) -> dict[str, Any]:
    """The start seat every game draws, and the table's own choice (a rematch) that replaces it."""
    return {"start_seat_drawn": drawn, "start_seat": drawn if chosen is None else chosen}


def _blocks(cards: Sequence[T], size: int, players: int) -> list[list[T]]:
    """Seat 0 takes the first ``size`` cards, seat 1 the next ``size``, and so on."""
    return [list(cards[size * seat : size * (seat + 1)]) for seat in range(players)]


Dealer = Callable[..., dict[str, Any]]

# --- Coloretto ----------------------------------------------------------------------------------

COLORETTO_COLOURS = ("red", "orange", "yellow", "green", "blue", "purple", "brown")


def deal_coloretto(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """Removed colour (3 players), starting cards, the pile with the last-round card, start."""
    rng = Rng(seed, "deal")
    removed = rng.choice(COLORETTO_COLOURS) if players == 3 else None
    colours = [colour for colour in COLORETTO_COLOURS if colour != removed]
    starting = rng.shuffle(colours)[:players]
    rest = [colour for colour in colours for _ in range(9 - (colour in starting))]
    rest += ["joker"] * 3 + ["plus2"] * 10
    shuffled = rng.shuffle(rest)
    cut = len(shuffled) - 15
    pile = shuffled[:cut] + ["last_round"] + shuffled[cut:]
    return {
        "removed_colour": removed,
        "starting_cards": starting,
        "pile": pile,
        **_starts(rng.randbelow(players), start_seat),
    }


# --- Da Vinci Code ------------------------------------------------------------------------------


def deal_da_vinci_code(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """Each seat's tiles in the order taken (``"black-3"``), both pools top first, start."""
    rng = Rng(seed, "deal")
    black = [f"black-{number}" for number in range(12)]
    white = [f"white-{number}" for number in range(12)]
    if options.get("opening", "seed") == "seed" and players in (2, 3):
        black, white = rng.shuffle(black), rng.shuffle(white)
        hands = [
            black[2 * seat : 2 * seat + 2] + white[2 * seat : 2 * seat + 2]
            for seat in range(players)
        ]
        pools = {"black": black[2 * players :], "white": white[2 * players :]}
    else:
        tiles = rng.shuffle(black + white)
        k = 3 if players == 4 else 4
        hands = _blocks(tiles, k, players)
        rest = tiles[k * players :]
        pools = {colour: [t for t in rest if t.startswith(colour)] for colour in ("black", "white")}
    if options.get("jokers", False):
        for colour in ("black", "white"):
            above = rng.randbelow(len(pools[colour]) + 1)
            pools[colour].insert(above, f"{colour}-joker")
    return {"hands": hands, "pools": pools, **_starts(rng.randbelow(players), start_seat)}


# --- Elements -----------------------------------------------------------------------------------

ELEMENTS_COLOURS = ("red", "yellow", "green", "blue", "purple")


def deal_elements(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """The colour row from the box outwards, 11 cards a seat, the draw pile, start."""
    rng = Rng(seed, "deal")
    row = rng.shuffle(ELEMENTS_COLOURS)
    cards = rng.shuffle([f"{colour}-{value}" for colour in ELEMENTS_COLOURS for value in range(11)])
    return {
        "row": row,
        "hands": _blocks(cards, 11, players),
        "pile": cards[11 * players :],
        **_starts(rng.randbelow(players), start_seat),
    }


# --- Forehead words -----------------------------------------------------------------------------

FOREHEAD_THEMES = ("class", "drill", "show", "ktv", "dinner", "pe", "arts")
FOREHEAD_EMOTES = (
    "raise_hand",
    "sit_down",
    "nod",
    "answer_question",
    "stand_up",
    "whisper",
    "phone",
    "clap",
    "laugh",
    "attention",
    "at_ease",
    "parade_rest",
    "march",
    "decline_act",
    "dress_right",
    "count_off",
    "salute",
    "squat",
    "right_face",
    "halt",
    "announce",
    "rehearse",
    "speech",
    "recite",
    "pass_mic",
    "bow",
    "chorus",
    "hold_hands",
    "perform",
    "pick_song",
    "duet",
    "refuse_sing",
    "high_five",
    "nursery_rhyme",
    "toast",
    "propose_game",
    "refuse_perform",
    "sing_along",
    "long_jump",
    "discuss_rules",
    "high_jump",
    "run",
    "neck_roll",
    "sing",
    "folk_song",
    "push_ups",
    "jumping_jacks",
    "magic_trick",
    "hug_knees",
    "wave",
    "shake_head",
    "shrug",
    "thumbs_up",
    "thumbs_down",
    "facepalm",
    "wink",
    "dance",
    "yawn",
    "sneeze",
    "stretch",
    "cry",
    "point",
    "cross_arms",
    "scratch_head",
    "cover_eyes",
    "blow_kiss",
    "peace_sign",
    "fist_pump",
    "jump",
    "spin",
    "sleep",
    "think",
    "eat",
    "sip_tea",
    "cough",
    "whistle",
    "snap_fingers",
    "heart_hands",
    "ok_sign",
    "rub_eyes",
    "stomp",
    "kneel",
    "lie_down",
    "tiptoe",
    "hide",
    "flex",
    "air_guitar",
    "drum",
    "take_photo",
    "selfie",
    "read_book",
    "write_notes",
    "wipe_tears",
    "hug",
    "fan",
    "shiver",
    "sweat",
    "tip_hat",
)
"""The emote catalogue's keys in its order (``emotes.py``): the bar's decoys are drawn from it."""
FOREHEAD_WORDS: dict[str, tuple[tuple[str, str, str, str], ...]] = {
    "zh-Hans": (
        ("class", "say", "叫“老师”", ""),
        ("class", "action", "举手", "raise_hand"),
        ("class", "action", "坐下", "sit_down"),
        ("class", "action", "点头", "nod"),
        ("class", "action", "回答问题", "answer_question"),
        ("class", "say", "说“老师好”", ""),
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
        ("ktv", "say", "说“好听”", ""),
        ("ktv", "say", "说“好难唱”", ""),
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
        ("arts", "say", "说好难", ""),
        ("arts", "action", "唱歌", "sing"),
        ("arts", "action", "唱民歌", "folk_song"),
        ("arts", "judged", "模仿", ""),
    ),
    "en": (
        ("class", "say", "Say “teacher”", ""),
        ("class", "action", "Raise your hand", "raise_hand"),
        ("class", "action", "Sit down", "sit_down"),
        ("class", "action", "Nod your head", "nod"),
        ("class", "action", "Answer a question", "answer_question"),
        ("class", "say", "Say “good morning”", ""),
        ("class", "action", "Stand up", "stand_up"),
        ("class", "action", "Whisper a secret", "whisper"),
        ("class", "action", "Check your phone", "phone"),
        ("class", "action", "Clap your hands", "clap"),
        ("class", "action", "Laugh out loud", "laugh"),
        ("drill", "action", "Stand to attention", "attention"),
        ("drill", "action", "Stand at ease", "at_ease"),
        ("drill", "action", "Do jumping jacks", "jumping_jacks"),
        ("drill", "action", "Quick march", "march"),
        ("drill", "action", "Refuse to do a party piece", "decline_act"),
        ("drill", "action", "Do push-ups", "push_ups"),
        ("drill", "action", "Count off", "count_off"),
        ("drill", "action", "Salute", "salute"),
        ("drill", "action", "Squat down", "squat"),
        ("drill", "action", "Right face", "right_face"),
        ("drill", "action", "Company, halt", "halt"),
        ("show", "action", "Announce the next act", "announce"),
        ("show", "action", "Rehearse your lines", "rehearse"),
        ("show", "action", "Give a speech", "speech"),
        ("show", "action", "Recite a poem", "recite"),
        ("show", "action", "Pass the microphone", "pass_mic"),
        ("show", "action", "Take a bow", "bow"),
        ("show", "action", "Sing in a choir", "chorus"),
        ("show", "action", "Hold hands", "hold_hands"),
        ("show", "action", "Do a magic trick", "magic_trick"),
        ("ktv", "action", "Pick a song", "pick_song"),
        ("ktv", "action", "Sing a love duet", "duet"),
        ("ktv", "action", "Refuse to sing", "refuse_sing"),
        ("ktv", "action", "High five", "high_five"),
        ("ktv", "judged", "Name a singer", ""),
        ("ktv", "say", "Say “beautiful”", ""),
        ("ktv", "say", "Say “hard to sing”", ""),
        ("ktv", "action", "Sing a nursery rhyme", "nursery_rhyme"),
        ("dinner", "action", "Raise a glass", "toast"),
        ("dinner", "judged", "Name a main dish", ""),
        ("dinner", "action", "Suggest a party game", "propose_game"),
        ("dinner", "action", "Refuse to perform", "refuse_perform"),
        ("dinner", "judged", "Name a dessert", ""),
        ("dinner", "action", "Start a sing-along", "sing_along"),
        ("dinner", "judged", "Name a song", ""),
        ("pe", "action", "Long jump", "long_jump"),
        ("pe", "judged", "Name a sport", ""),
        ("pe", "action", "Argue about the rules", "discuss_rules"),
        ("pe", "action", "High jump", "high_jump"),
        ("pe", "action", "Go for a run", "run"),
        ("pe", "action", "Roll your neck", "neck_roll"),
        ("arts", "say", "Say “difficult”", ""),
        ("arts", "action", "Sing a song", "sing"),
        ("arts", "action", "Sing a folk song", "folk_song"),
        ("arts", "judged", "Do an impression", ""),
    ),
    "ja": (
        ("class", "say", "「先生」と言う", ""),
        ("class", "action", "手を挙げる", "raise_hand"),
        ("class", "action", "着席する", "sit_down"),
        ("class", "action", "うなずく", "nod"),
        ("class", "action", "質問に答える", "answer_question"),
        ("class", "say", "「おはようございます」と言う", ""),
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
        ("ktv", "say", "「いい曲」と言う", ""),
        ("ktv", "say", "「歌いにくい」と言う", ""),
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
        ("arts", "say", "「難しい」と言う", ""),
        ("arts", "action", "熱唱する", "sing"),
        ("arts", "action", "民謡を歌う", "folk_song"),
        ("arts", "judged", "ものまねをする", ""),
    ),
    "hu": (
        ("class", "say", "Mondd: „tanár úr”", ""),
        ("class", "action", "Tedd fel a kezed", "raise_hand"),
        ("class", "action", "Ülj le a helyedre", "sit_down"),
        ("class", "action", "Bólints", "nod"),
        ("class", "action", "Válaszolj egy kérdésre", "answer_question"),
        ("class", "say", "Mondd: „jó reggelt”", ""),
        ("class", "action", "Állj fel", "stand_up"),
        ("class", "action", "Súgj valamit", "whisper"),
        ("class", "action", "Nyomkodd a telefonod", "phone"),
        ("class", "action", "Tapsolj", "clap"),
        ("class", "action", "Nevess hangosan", "laugh"),
        ("drill", "action", "Vigyázzállás", "attention"),
        ("drill", "action", "Pihenj", "at_ease"),
        ("drill", "action", "Csinálj fekvőtámaszt", "push_ups"),
        ("drill", "action", "Díszlépés", "march"),
        ("drill", "action", "Tagadd meg a produkciót", "decline_act"),
        ("drill", "action", "Jobbra igazodj", "dress_right"),
        ("drill", "action", "Mondd a sorszámod", "count_off"),
        ("drill", "action", "Tisztelegj", "salute"),
        ("drill", "action", "Guggolj le", "squat"),
        ("drill", "action", "Jobbra át", "right_face"),
        ("drill", "action", "Egység, állj", "halt"),
        ("show", "action", "Konferáld fel a következő számot", "announce"),
        ("show", "action", "Tarts főpróbát", "rehearse"),
        ("show", "action", "Mondj köszöntőt", "speech"),
        ("show", "action", "Szavalj el egy verset", "recite"),
        ("show", "action", "Add át a mikrofont", "pass_mic"),
        ("show", "action", "Hajolj meg", "bow"),
        ("show", "action", "Énekelj a kórusban", "chorus"),
        ("show", "action", "Fogd meg a kezét", "hold_hands"),
        ("show", "action", "Mutass egy bűvésztrükköt", "magic_trick"),
        ("ktv", "action", "Válassz egy dalt", "pick_song"),
        ("ktv", "action", "Énekelj szerelmes duettet", "duet"),
        ("ktv", "action", "Ne vállald az éneklést", "refuse_sing"),
        ("ktv", "action", "Pacsizz", "high_five"),
        ("ktv", "judged", "Mondj egy énekest", ""),
        ("ktv", "say", "Mondd: „gyönyörű”", ""),
        ("ktv", "say", "Mondd: „nehéz elénekelni”", ""),
        ("ktv", "action", "Énekelj gyerekdalt", "nursery_rhyme"),
        ("dinner", "action", "Koccints", "toast"),
        ("dinner", "judged", "Mondj egy főételt", ""),
        ("dinner", "action", "Javasolj egy társasjátékot", "propose_game"),
        ("dinner", "action", "Ne vállald a szereplést", "refuse_perform"),
        ("dinner", "judged", "Mondj egy desszertet", ""),
        ("dinner", "action", "Kezdjetek közös éneklésbe", "sing_along"),
        ("dinner", "judged", "Mondj egy dalcímet", ""),
        ("pe", "action", "Távolugrás", "long_jump"),
        ("pe", "judged", "Mondj egy sportágat", ""),
        ("pe", "action", "Vitázz a szabályokon", "discuss_rules"),
        ("pe", "action", "Magasugrás", "high_jump"),
        ("pe", "action", "Fuss egy kört", "run"),
        ("pe", "action", "Körözz a nyakaddal", "neck_roll"),
        ("arts", "say", "Mondd: „nagyon nehéz”", ""),
        ("arts", "action", "Énekelj egy dalt", "sing"),
        ("arts", "action", "Énekelj népdalt", "folk_song"),
        ("arts", "judged", "Utánozz valakit", ""),
    ),
}
"""Each table language's words in its data table's order (``words_*.py``): (theme, kind, the
card's text, an action word's emote key or "")."""


def deal_forehead_words(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """Each seat's word (seat k wears the k-th of the words in play, shuffled) and the action
    bar; nobody starts. The words in play: the language's table in its order, only the themes
    chosen, judged words only if ticked. The bar: the catalogue's emotes no action word in play
    uses, shuffled by the "bar" stream, the first as many as the action words are decoys; the
    action words' emotes (table order) then the decoys, shuffled again by the same stream."""
    language = options.get("language", "en")
    if language not in FOREHEAD_WORDS:
        raise Refused(f"This verifier has no word list for the language {language!r}.")
    themes = set(options.get("themes", FOREHEAD_THEMES))
    judged = options.get("judged", False)
    words = [
        row
        for row in FOREHEAD_WORDS[language]
        if row[0] in themes and (judged or row[1] != "judged")
    ]
    dealt = Rng(seed, "deal").shuffle(words)
    actions = [row[3] for row in words if row[1] == "action"]
    rng = Rng(seed, "bar")
    decoys = rng.shuffle([key for key in FOREHEAD_EMOTES if key not in actions])
    bar = rng.shuffle(actions + decoys[: len(actions)])
    return {
        "words": [{"theme": row[0], "kind": row[1], "text": row[2]} for row in dealt[:players]],
        "bar": bar,
    }


# --- Manhattan ----------------------------------------------------------------------------------


def deal_manhattan(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """4 building cards a seat (ids 0-44; the cell is id // 5), the draw pile, start."""
    rng = Rng(seed, "deal")
    cards = rng.shuffle(range(45))
    return {
        "hands": _blocks(cards, 4, players),
        "deck": cards[4 * players :],
        **_starts(rng.randbelow(players), start_seat),
    }


# --- Master of Rules ----------------------------------------------------------------------------

MASTER_COLOURS = ("red", "yellow", "green", "blue", "purple")
MASTER_RULES = ("limit23", "king", "unique", "trio", "support_right")


def deal_master_of_rules(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """4 number cards (``"red-5"``) and 3 rule cards a seat, the displays, both decks, start."""
    rng = Rng(seed, "deal")
    numbers = rng.shuffle(
        [f"{colour}-{value}" for colour in MASTER_COLOURS for value in range(1, 10)]
    )
    rules = rng.shuffle([rule for rule in MASTER_RULES for _ in range(12)])
    return {
        "hand_numbers": _blocks(numbers, 4, players),
        "hand_rules": _blocks(rules, 3, players),
        "display_numbers": numbers[4 * players : 5 * players],
        "display_rules": rules[3 * players : 4 * players],
        "number_deck": numbers[5 * players :],
        "rule_deck": rules[4 * players :],
        **_starts(rng.randbelow(players), start_seat),
    }


# --- Monopoly Deal ------------------------------------------------------------------------------

MONOPOLY_SET_SIZES = (
    ("brown", 2),
    ("dark_blue", 2),
    ("green", 3),
    ("light_blue", 3),
    ("orange", 3),
    ("pink", 3),
    ("railroad", 4),
    ("red", 3),
    ("yellow", 3),
    ("utility", 2),
)
MONOPOLY_TABLE: tuple[tuple[str, str, int], ...] = (
    ("money", "1", 6),
    ("money", "2", 5),
    ("money", "3", 3),
    ("money", "4", 3),
    ("money", "5", 2),
    ("money", "10", 1),
    ("action", "deal_breaker", 2),
    ("action", "just_say_no", 3),
    ("action", "sly_deal", 3),
    ("action", "forced_deal", 3),
    ("action", "debt_collector", 3),
    ("action", "birthday", 3),
    ("action", "pass_go", 10),
    ("action", "house", 3),
    ("action", "hotel", 2),
    ("action", "double_rent", 2),
    ("rent", "dark_blue+green", 2),
    ("rent", "red+yellow", 2),
    ("rent", "pink+orange", 2),
    ("rent", "light_blue+brown", 2),
    ("rent", "railroad+utility", 2),
    ("rent", "any", 3),
    *(("property", colour, size) for colour, size in MONOPOLY_SET_SIZES),
    ("wild", "dark_blue+green", 1),
    ("wild", "green+railroad", 1),
    ("wild", "light_blue+railroad", 1),
    ("wild", "light_blue+brown", 1),
    ("wild", "railroad+utility", 1),
    ("wild", "pink+orange", 2),
    ("wild", "red+yellow", 2),
    ("wild", "any", 2),
)


def monopoly_deck(extended: bool) -> list[str]:
    """The deck in its listing order; the extended deck adds a 4th Forced Deal and 3rd Hotel."""
    cards = [
        f"{kind}-{detail}-{k}"
        for kind, detail, count in MONOPOLY_TABLE
        for k in range(1, count + 1)
    ]
    if extended:
        cards += ["action-forced_deal-4", "action-hotel-3"]
    return cards


def deal_monopoly_deal(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """5 cards a seat, the first player and the 2 cards its first turn draws, the draw pile."""
    rng = Rng(seed, "deal")
    cards = rng.shuffle(monopoly_deck(options.get("deck", "standard") == "extended"))
    starts = _starts(rng.randbelow(players), start_seat)
    rest = cards[5 * players :]
    return {
        "hands": _blocks(cards, 5, players),
        **starts,
        "first_draw": rest[:2],
        "deck": rest[2:],
    }


# --- Monster Duel -------------------------------------------------------------------------------

MONSTER_CREATURES: dict[str, tuple[tuple[str, int, int], ...]] = {
    # Each type's creatures in its decks: (name, copies in a 60-card list, in a 30-card list).
    "fire": (
        ("cinder-pup", 4, 2),
        ("blaze-hound", 3, 1),
        ("inferno-wolf", 2, 1),
        ("ember-newt", 3, 2),
        ("magma-tortoise", 2, 1),
    ),
    "water": (
        ("drip-frog", 4, 2),
        ("torrent-toad", 3, 1),
        ("tidal-leviathan", 2, 1),
        ("mist-eel", 3, 2),
        ("reef-crab", 2, 1),
        ("coral-knight", 1, 0),
    ),
    "grass": (
        ("sprout-mole", 4, 2),
        ("thorn-badger", 3, 1),
        ("bramble-king", 2, 1),
        ("spore-moth", 3, 2),
        ("moss-turtle", 2, 1),
    ),
    "lightning": (
        ("spark-mouse", 4, 2),
        ("volt-lynx", 3, 1),
        ("storm-tiger", 2, 1),
        ("static-bat", 3, 2),
        ("coil-snake", 2, 1),
        ("dynamo-serpent", 1, 0),
    ),
}
MONSTER_TRAINERS = (
    ("potion-pack", 3, 2),
    ("field-notes", 3, 1),
    ("swap-whistle", 2, 1),
    ("tracker-map", 2, 1),
)
MONSTER_DECK_TYPES = {
    "ember": ("fire", "lightning"),
    "tide": ("water", "grass"),
    "surge": ("lightning", "water"),
    "grove": ("grass", "fire"),
}
MONSTER_BASICS = frozenset(
    {
        "cinder-pup",
        "ember-newt",
        "magma-tortoise",
        "drip-frog",
        "mist-eel",
        "reef-crab",
        "sprout-mole",
        "spore-moth",
        "moss-turtle",
        "spark-mouse",
        "static-bat",
        "coil-snake",
    }
)


def monster_list(deck: str, size: int) -> list[str]:
    """A deck's card list: the first type's creatures, the second's, the trainers, then energy
    to ``size`` cards, the first type's one more when the count is odd."""
    first, second = MONSTER_DECK_TYPES[deck]
    rows = [*MONSTER_CREATURES[first], *MONSTER_CREATURES[second], *MONSTER_TRAINERS]
    names = [name for name, full, half in rows for _ in range(full if size == 60 else half)]
    left = size - len(names)
    names += [f"{first}-energy"] * ((left + 1) // 2)
    names += [f"{second}-energy"] * (left - (left + 1) // 2)
    return names


def _monster_decks(options: Any, record: Any) -> list[str]:
    """Each seat's deck: fixed by the host, or the first ``choose_deck`` that seat made."""
    decks: list[str | None] = [options.get("deck_1", "choose"), options.get("deck_2", "choose")]
    for seat in (0, 1):
        if decks[seat] == "choose":
            decks[seat] = next(
                (
                    entry["action"].get("deck")
                    for entry in record.get("actions") or []
                    if entry.get("seat") == seat
                    and entry.get("action", {}).get("type") == "choose_deck"
                ),
                None,
            )
    if not all(deck in MONSTER_DECK_TYPES for deck in decks):
        raise Refused("The record does not say which decks were played.")
    return [str(deck) for deck in decks]


def deal_monster_tcg(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """Per seat: its deck, the hands it revealed as mulligans, its hand of 7, prizes, deck."""
    size = options.get("deck_size", 60)
    prizes = 6 if size == 60 else 3
    rng = Rng(seed, "deal")
    seats = []
    for deck_id in _monster_decks(options, record):
        cards = monster_list(deck_id, size)
        mulligans = []
        while True:
            shuffled = rng.shuffle(cards)
            if any(card in MONSTER_BASICS for card in shuffled[:7]):
                break
            mulligans.append(shuffled[:7])
        seats.append(
            {
                "deck_id": deck_id,
                "mulligans": mulligans,
                "hand": shuffled[:7],
                "prizes": shuffled[7 : 7 + prizes],
                "deck": shuffled[7 + prizes :],
            }
        )
    coin = Rng(seed, "coins").randbelow(2)
    return {
        "seats": seats,
        "first_coin": "heads" if coin == 0 else "tails",
        **_starts(coin, start_seat),
    }


# --- Poison -------------------------------------------------------------------------------------

POISON_COUNTS = ((1, 3), (2, 3), (4, 2), (5, 3), (7, 3))


def deal_poison(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """Round 1: 50 // players cards a seat, the cards set aside, start."""
    deck = [
        f"{colour}{value}"
        for colour in ("red", "blue", "purple")
        for value, copies in POISON_COUNTS
        for _ in range(copies)
    ] + ["poison"] * 8
    rng = Rng(seed, "deal")
    cards = rng.shuffle(deck)
    size = len(deck) // players
    return {
        "hands": _blocks(cards, size, players),
        "set_aside": cards[size * players :],
        **_starts(rng.randbelow(players), start_seat),
    }


# --- Sequence Numbers ---------------------------------------------------------------------------


def sequence_deck(plus_cards: int, minus_cards: int) -> list[str]:
    """For each answer N of 1..48, ``floor(N/2)+ceil(N/2)`` then ``(N+k)-k`` with k = 1 + N mod
    9; then the Plus and the Minus cards."""
    cards = []
    for answer in range(1, 49):
        cards.append(f"{answer // 2}+{answer - answer // 2}")
        k = 1 + answer % 9
        cards.append(f"{answer + k}-{k}")
    return cards + ["plus"] * plus_cards + ["minus"] * minus_cards


def deal_sequence_numbers(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """5 cards a seat (4 with 4-6 players), the draw pile, start."""
    rng = Rng(seed, "deal")
    cards = rng.shuffle(sequence_deck(options.get("plus_cards", 2), options.get("minus_cards", 2)))
    size = 5 if players <= 3 else 4
    return {
        "hands": _blocks(cards, size, players),
        "deck": cards[size * players :],
        **_starts(rng.randbelow(players), start_seat),
    }


# --- Tong-its -----------------------------------------------------------------------------------

TONG_ITS_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def deal_tong_its(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """The dealer (13 cards), the next seats (12 each) and the stock of 15, top first."""
    deck = [TONG_ITS_RANKS.get(rank, str(rank)) + suit for suit in "SHDC" for rank in range(1, 14)]
    rng = Rng(seed, "deal")
    cards = rng.shuffle(deck)
    starts = _starts(rng.randbelow(3), start_seat)
    dealer = starts["start_seat"]
    hands: list[list[str]] = [[], [], []]
    taken = 0
    for offset in range(3):
        seat = (dealer + offset) % 3
        count = 13 if offset == 0 else 12
        hands[seat] = cards[taken : taken + count]
        taken += count
    return {
        "dealer_drawn": starts["start_seat_drawn"],
        "dealer": dealer,
        "hands": hands,
        "stock": cards[taken:],
    }


# --- UNO ----------------------------------------------------------------------------------------

UNO_COLOURS = ("red", "yellow", "green", "blue")


def uno_deck() -> list[str]:
    """Per colour one 0, then two each of 1-9, skip, reverse, draw2; then 4 wild, 4 wild4."""
    cards = []
    for colour in UNO_COLOURS:
        cards.append(f"{colour}:0")
        for value in [*map(str, range(1, 10)), "skip", "reverse", "draw2"]:
            cards += [f"{colour}:{value}"] * 2
    return cards + ["wild"] * 4 + ["wild4"] * 4


def deal_uno(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """The draw for dealer, the 7-card hands, the first card turned up and the pile."""
    rng = Rng(seed, "uno")
    deck = uno_deck()
    drawn_pile = rng.shuffle(deck)
    draws = []
    position = 0
    contenders = list(range(players))
    while len(contenders) > 1:
        values = {}
        for seat in contenders:
            if position == len(drawn_pile):  # only after 108 draws of ties: never in practice
                drawn_pile, position = rng.shuffle(deck), 0
            card = drawn_pile[position]
            position += 1
            draws.append([seat, card])
            value = card.partition(":")[2]
            values[seat] = int(value) if value.isdigit() else 0
        best = max(values.values())
        contenders = [seat for seat in contenders if values[seat] == best]
    drawn_dealer = contenders[0]
    leader = (drawn_dealer + 1) % players if start_seat is None else start_seat
    dealer = (leader - 1) % players
    cards = rng.shuffle(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for index in range(7 * players):
        hands[(dealer + 1 + index) % players].append(cards[index])
    pile = cards[7 * players :]
    reshuffles = 0
    while pile[0] == "wild4":
        pile = rng.shuffle(pile)
        reshuffles += 1
    first, pile = pile[0], pile[1:]
    penalty: list[str] = []
    if first.endswith(":draw2"):
        penalty, pile = pile[:2], pile[2:]
    return {
        "dealer_draws": draws,
        "dealer_drawn": drawn_dealer,
        "dealer": dealer,
        "hands": hands,
        "wild4_reshuffles": reshuffles,
        "first_card": first,
        "first_player_draws": penalty,
        "pile": pile,
    }


# --- Werewolf -----------------------------------------------------------------------------------

WEREWOLF_ROLES = (
    "villager",
    "werewolf",
    "seer",
    "witch",
    "cupid",
    "piper",
    "thief",
    "scapegoat",
    "idiot",
    "elder",
)


def werewolf_preset(players: int) -> dict[str, int]:
    """The preset role set (the docstring's table): werewolves, special roles, villagers."""
    specials = ["seer", "witch"]
    specials += ["idiot"] if players >= 6 else []
    specials += ["cupid"] if players >= 8 else []
    specials += ["elder"] if players >= 9 else []
    specials += ["scapegoat"] if players >= 10 else []
    specials += ["thief"] if players >= 11 else []
    specials += ["piper"] if players >= 13 else []
    wolves = 1 if players <= 6 else 2 if players <= 11 else 3 if players <= 15 else 4
    counts = dict.fromkeys(specials, 1)
    counts["werewolf"] = wolves
    counts["villager"] = players - wolves - len(specials)
    return counts


def deal_werewolf(
    *, seed: bytes, players: int, options: Any, start_seat: int | None, record: Any
) -> dict[str, Any]:
    """Each seat's role card and the Thief's 2 spare cards; nobody starts."""
    roles = options.get("roles", "preset")
    counts = werewolf_preset(players) if roles == "preset" else dict(roles)
    extra = 2 if counts.get("thief") else 0
    deck = [
        role
        for role in WEREWOLF_ROLES
        for _ in range(counts.get(role, 0) + (extra if role == "villager" else 0))
    ]
    cards = Rng(seed, "deal").shuffle(deck)
    return {"roles": cards[:players], "spares": cards[players:]}


DEALERS: dict[str, Dealer] = {
    "coloretto": deal_coloretto,
    "da_vinci_code": deal_da_vinci_code,
    "elements": deal_elements,
    "forehead_words": deal_forehead_words,
    "manhattan": deal_manhattan,
    "master_of_rules": deal_master_of_rules,
    "monopoly_deal": deal_monopoly_deal,
    "monster_tcg": deal_monster_tcg,
    "poison": deal_poison,
    "sequence_numbers": deal_sequence_numbers,
    "tong_its": deal_tong_its,
    "uno": deal_uno,
    "werewolf": deal_werewolf,
}


# --- printing -----------------------------------------------------------------------------------


PER_SEAT = frozenset({"hands", "hand_numbers", "hand_rules", "seats", "words"})
"""Deal sections listing one entry per seat, printed with the seat's number."""


def _lines(key: str, value: Any, indent: str = "") -> list[str]:
    """One deal section as readable lines: a scalar or a list of cards on one line, a list of
    lists one line per seat (or per entry), a dict one line per key."""
    if isinstance(value, dict):
        lines = [f"{indent}{key}:"]
        for name, item in value.items():
            lines += _lines(name, item, indent + "  ")
        return lines
    if isinstance(value, list) and value and all(isinstance(item, (list, dict)) for item in value):
        lines = [f"{indent}{key}:"]
        for index, item in enumerate(value):
            label = f"seat {index}" if key in PER_SEAT else str(index)
            lines += _lines(label, item, indent + "  ")
        return lines
    if isinstance(value, list):
        cards = " ".join(str(item) for item in value) if value else "(none)"
        return [f"{indent}{key} ({len(value)}): {cards}"]
    return [f"{indent}{key}: {'-' if value is None else value}"]


def main(argv: Sequence[str] | None = None) -> int:
    """Read a record file, check the commitment, print the deal; the exit status says which."""
    args = list(sys.argv[1:] if argv is None else argv)
    as_json = "--json" in args
    paths = [arg for arg in args if arg != "--json"]
    if len(paths) != 1:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        with open(paths[0], encoding="utf-8") as file:
            record = json.load(file)
    except (OSError, ValueError) as error:
        print(f"Cannot read {paths[0]}: {error}", file=sys.stderr)
        return 2
    try:
        seed = check_record(record)
        dealt = deal(record, seed)
    except Refused as refused:
        print(refused, file=sys.stderr)
        return 1
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        # An option of the wrong shape (a hand-edited record): the deal cannot follow it.
        print(f"The record cannot be dealt: {error!r}", file=sys.stderr)
        return 1
    if as_json:
        print(json.dumps({"game": record["game"], "commitment_ok": True, "deal": dealt}))
        return 0
    print(f"{record.get('title', record['game'])}, match {record.get('match_id', '?')}")
    print(f"Commitment OK: SHA-256 of the seed is {record['commitment']}.")
    print(f"Players: {record['players']}; options: {json.dumps(record.get('options') or {})}")
    print("The opening, dealt again from the seed:")
    for key, value in dealt.items():
        print("\n".join(_lines(key, value)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
