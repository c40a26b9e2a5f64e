"""Forehead words' Hungarian word lists, written for this game after the seed's (seed 003;
rules/forehead-words.md, "Settled for online play", Word lists): the seed's themes as a
Hungarian school knows them, each with as many say, action and judged words as the seed's.
Also the bots' phrase bank.

Matching is case-insensitive and ignores spaces and punctuation (``words.normalize``), but
keeps accents: "tanar ur" is not "tanár úr". Each word is ``(theme, kind, text, extra)`` as in
``words_zh``.
"""

from __future__ import annotations

THEMES: tuple[tuple[str, str], ...] = (
    ("class", "Tanóra"),
    ("drill", "Kiképzés"),
    ("show", "Esti műsor"),
    ("ktv", "Karaoke"),
    ("dinner", "Szilveszteri vacsora"),
    ("pe", "Tesióra"),
    ("arts", "Iskolai előadás"),
)
"""Each theme's key and its name at a Hungarian table."""

WORDS: tuple[tuple[str, str, str, str], ...] = (
    ("class", "say", "Mondd: „tanár úr”", "tanár úr"),
    ("class", "action", "Tedd fel a kezed", "raise_hand"),
    ("class", "action", "Ülj le a helyedre", "sit_down"),
    ("class", "action", "Bólints", "nod"),
    ("class", "action", "Válaszolj egy kérdésre", "answer_question"),
    ("class", "say", "Mondd: „jó reggelt”", "jó reggelt"),
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
    ("ktv", "say", "Mondd: „gyönyörű”", "gyönyörű"),
    ("ktv", "say", "Mondd: „nehéz elénekelni”", "nehéz elénekelni"),
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
    ("arts", "say", "Mondd: „nagyon nehéz”", "nagyon nehéz"),
    ("arts", "action", "Énekelj egy dalt", "sing"),
    ("arts", "action", "Énekelj népdalt", "folk_song"),
    ("arts", "judged", "Utánozz valakit", ""),
)
"""The Hungarian words, theme by theme."""

QUESTIONS: dict[str, tuple[str, ...]] = {
    "class": (
        "Mit csinálsz, ha szólni szeretnél órán?",
        "Mit mondasz, amikor belép a tanár?",
        "Mi az első dolgod az órán?",
    ),
    "drill": (
        "Mit kiabál először az őrmester?",
        "Melyik gyakorlat volt a legrosszabb?",
        "Mit csinálsz, ha elmegy melletted a tiszt?",
    ),
    "show": (
        "Mi történik, mielőtt felmegy a függöny?",
        "Mit csinálsz, ha tapsol a közönség?",
        "Mi a kedvenc részed egy műsorban?",
    ),
    "ktv": (
        "Hogy tetszett az előző szám?",
        "Mit csinálsz először a karaokebárban?",
        "Ki a kedvenc előadód?",
    ),
    "dinner": (
        "Mi a kedvenc ételed szilveszterkor?",
        "Mit csinál a család a nagy vacsora után?",
        "A nagynénéd szórakoztatást kér. Most mi lesz?",
    ),
    "pe": (
        "Mi a kedvenc versenyszámod a sportnapon?",
        "Hogyan melegítesz be tesi előtt?",
        "Milyen érzés lefutni a 800 métert?",
    ),
    "arts": (
        "Mivel lépsz fel az előadáson?",
        "Milyen volt ez a produkció?",
        "Mit szeretsz dalolni?",
    ),
}
"""Bots' questions around each theme's words (the bot drops any that would reveal a word)."""

CHATTER: tuple[str, ...] = (
    "Min gondolkodsz?",
    "Te jössz, mesélj valamit!",
    "Ezt mi nyerjük.",
    "Miért hallgat mindenki?",
)
"""Bots' lines that fit any theme."""

ANSWERS: tuple[str, ...] = (
    "Hát, elment.",
    "Őszintén, fogalmam sincs.",
    "Ez nagyon nehéz kérdés.",
    "Gyönyörű!",
    "Jó reggelt!",
    "Haha, találd ki.",
    "Szerintem elég vicces.",
    "Azt nehéz elénekelni.",
    "Nem mondom meg.",
    "Valószínűleg igen.",
)
"""Bots' answers to a question (a bot may fall into a trap with one of these)."""
