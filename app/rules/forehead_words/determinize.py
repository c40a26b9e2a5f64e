"""A whole Forehead words match one seat could be in, drawn from its view (issue 27,
``GameRules.determinize``; rules/forehead-words.md, "Settled for online play", Hidden)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.forehead_words.checks import candidates
from app.rules.forehead_words.components import Options
from app.rules.forehead_words.state import Line, Result, State, Vote, entry
from app.rules.forehead_words.words import Word, pool
from app.rules.rng import Rng


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A match ``seat`` could be in, seeing ``view``: everything is as shown (every word it
    sees, the bar, who lives, the guesses, the lines, the vote, the result), and its own word,
    when hidden, is drawn from the words in play it sees on nobody else (every word differs).
    A concealed line it cannot read keeps a stand-in text; the log is not rebuilt (only the
    view and the legal actions must agree)."""
    options = Options(
        themes=tuple(view["options"]["themes"]),
        language=view["options"]["language"],
        judged=view["options"]["judged"],
        time_limit=view["options"]["time_limit"],
    )
    shown = tuple(None if card is None else Word(**card) for card in view["words"])
    own = shown[seat]
    if own is None:
        left = candidates(
            shown, seat, pool(options.language, options.themes, judged=options.judged)
        )
        own, _ = rng.choice(left)
    words = tuple(own if other == seat else word for other, word in enumerate(shown))
    assert all(word is not None for word in words)
    alive = tuple(view["alive"])
    known = tuple(
        other == seat and alive[seat] and view["words"][seat] is not None and view["result"] is None
        for other in range(view["players"])
    )
    lines = tuple(
        Line(
            seat=line["seat"],
            text="…" if line["text"] is None else line["text"],
            concealed=line["text"] is None,
            called=line["called"],
        )
        for line in view["lines"]
    )
    vote = view["vote"]
    result = view["result"]
    return State(
        options=options,
        players=view["players"],
        words=tuple(word for word in words if word is not None),
        bar=tuple(view["bar"]),
        alive=alive,
        guessed=tuple(view["guessed"]),
        knows=known,
        choosing=tuple(view["choosing"]),
        lines=lines,
        vote=None
        if vote is None
        else Vote(
            number=vote["number"],
            caller=vote["caller"],
            wearer=vote["wearer"],
            line=vote["line"],
            voters=tuple(vote["voters"]),
            votes=tuple((cast["seat"], cast["yes"]) for cast in vote["votes"]),
        ),
        votes_held=view["votes_held"],
        result=None
        if result is None
        else Result(
            reason=result["reason"],
            living=(result["living"][0], result["living"][1]),
            winners=tuple(result["winners"]),
        ),
        events=(entry("determinized", seat=seat),),
    )
