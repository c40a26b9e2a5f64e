"""Forehead words' English word lists, written for this game after the seed's (seed 003;
rules/forehead-words.md, "Settled for online play", Word lists): the seed's themes, each with as
many say, action and judged words as the seed's. Also the bots' phrase bank.

A chat line is matched with its spaces and punctuation removed (``words.normalize``), so say
phrases and action texts are kept long enough not to turn up across the words of an innocent
line. Each word is ``(theme, kind, text, extra)`` as in ``words_zh``.
"""

from __future__ import annotations

THEMES: tuple[tuple[str, str], ...] = (
    ("class", "Class"),
    ("drill", "Boot camp"),
    ("show", "Evening show"),
    ("ktv", "Karaoke"),
    ("dinner", "New Year's Eve dinner"),
    ("pe", "PE class"),
    ("arts", "Arts show"),
)
"""Each theme's key and its name at an English table."""

WORDS: tuple[tuple[str, str, str, str], ...] = (
    ("class", "say", "Say “teacher”", "teacher"),
    ("class", "action", "Raise your hand", "raise_hand"),
    ("class", "action", "Sit down", "sit_down"),
    ("class", "action", "Nod your head", "nod"),
    ("class", "action", "Answer a question", "answer_question"),
    ("class", "say", "Say “good morning”", "good morning"),
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
    ("ktv", "say", "Say “beautiful”", "beautiful"),
    ("ktv", "say", "Say “hard to sing”", "hard to sing"),
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
    ("arts", "say", "Say “difficult”", "difficult"),
    ("arts", "action", "Sing a song", "sing"),
    ("arts", "action", "Sing a folk song", "folk_song"),
    ("arts", "judged", "Do an impression", ""),
)
"""The English words, theme by theme."""

QUESTIONS: dict[str, tuple[str, ...]] = {
    "class": (
        "What do you do when you want to speak in class?",
        "What do you say when the teacher walks in?",
        "What's the first thing you do in class?",
    ),
    "drill": (
        "What does the sergeant shout first?",
        "What was the worst exercise at camp?",
        "What do you do when the officer walks past?",
    ),
    "show": (
        "What happens before the curtain goes up?",
        "What do you do when the audience cheers?",
        "What's your favourite part of a show?",
    ),
    "ktv": (
        "How did you like that last song?",
        "What's the first thing you do at karaoke?",
        "Who is your favourite singer?",
    ),
    "dinner": (
        "What's your favourite dish on New Year's Eve?",
        "What do people do after the big dinner?",
        "Your aunt asks you to entertain everyone. What now?",
    ),
    "pe": (
        "What's your favourite event on sports day?",
        "How do you warm up before PE?",
        "How do you feel after the 800 metres?",
    ),
    "arts": (
        "What's your act for the arts show?",
        "How was that performance?",
        "What do you like to sing?",
    ),
}
"""Bots' questions around each theme's words (the bot drops any that would reveal a word)."""

CHATTER: tuple[str, ...] = (
    "What are you thinking about?",
    "Your turn, tell us something!",
    "Our team has got this.",
    "Why is everyone so quiet?",
)
"""Bots' lines that fit any theme."""

ANSWERS: tuple[str, ...] = (
    "Hmm, it was all right.",
    "No idea, honestly.",
    "That's a difficult one.",
    "Beautiful!",
    "Good morning!",
    "Ha, guess.",
    "I think it's quite fun.",
    "That one is hard to sing.",
    "Not telling you.",
    "Probably, yes.",
)
"""Bots' answers to a question (a bot may fall into a trap with one of these)."""
