"""Forehead words' bot (design 1.5), reading only its seat's view (rules/forehead-words.md,
"Settled for online play", Bots: "they ask questions from a phrase bank written per language
around the other team's words (never containing them), send emotes now and then, and guess when
their own word is likely; they make the table playable for a group of three, not a rival of a
person").

``choose``:

* A right guess's choice: a living opponent at random.
* A vote on a call: with its team (yes when the caller is a teammate, no when the wearer is);
  a bot cannot judge what a line means, so it never calls one.
* The guess: its candidates are the words in play it sees on nobody else; it guesses one at
  random with a chance of one in the number of candidates when at most 3 are left, else 1.5%
  per move (so a table of bots ends before its clock).
* Else one move in four an emote (four times in five one it sees on another player's card,
  which cannot be its own; else any of the bar, which may be), and otherwise a chat line: the
  answer to an opponent's question (from the bank's answers: one of them may be its own say
  word, a trap it falls into), or a question around a living opponent's word's theme. Every
  line is checked with the rules' own test (``words.revealed_by``) against the words it sees
  on living players, so it never writes one; none left: an emote.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.rules.base import Action
from app.rules.forehead_words.checks import candidates
from app.rules.forehead_words.components import team_of
from app.rules.forehead_words.words import LANGUAGE_TABLES, Word, pool, revealed_by
from app.rules.rng import Rng

GUESS_PER_MILLE = 15
"""The chance per move, in thousandths, of a guess while more than 3 candidates are left."""


def _words(view: dict[str, Any]) -> tuple[Word | None, ...]:
    return tuple(None if card is None else Word(**card) for card in view["words"])


def _chance(rng: Rng, per_mille: int) -> tuple[bool, Rng]:
    roll, rng = rng.randbelow(1000)
    return roll < per_mille, rng


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The bot's action: one of ``legal`` (a ``say`` or ``guess`` with its text filled in, as
    ``GameRules.free_text`` allows), from ``view`` alone (module docstring)."""
    me: int = view["you"]
    kinds = {action["type"] for action in legal}
    if "eliminate" in kinds:
        action, _ = rng.choice(legal)
        return action
    if "vote" in kinds:
        vote = view["vote"]
        return {"type": "vote", "yes": team_of(vote["caller"]) == team_of(me)}
    words = _words(view)
    options = view["options"]
    if "guess" in kinds:
        shown = pool(options["language"], options["themes"], judged=options["judged"])
        left = candidates(words, me, shown)
        per_mille = 1000 // len(left) if len(left) <= 3 else GUESS_PER_MILLE
        guess, rng = _chance(rng, per_mille)
        if guess and left:
            word, rng = rng.choice(left)
            return {"type": "guess", "text": word.text}
    emote, rng = _chance(rng, 250)
    if not emote:
        line, rng = _line(view, words, rng)
        if line is not None:
            return {"type": "say", "text": line}
    return _emote(view, words, rng)


def _emote(view: dict[str, Any], words: Sequence[Word | None], rng: Rng) -> Action:
    """Mostly an emote seen on another's card (never its own: every word differs)."""
    bar: list[str] = view["bar"]
    safe = [key for key in bar if any(word is not None and word.emote == key for word in words)]
    careful, rng = _chance(rng, 800)
    key, _ = rng.choice(safe if careful and safe else bar)
    return {"type": "emote", "emote": key}


def _line(view: dict[str, Any], words: Sequence[Word | None], rng: Rng) -> tuple[str | None, Rng]:
    """A chat line that gives away no word it sees on a living player, or None."""
    me: int = view["you"]
    bank = LANGUAGE_TABLES[view["options"]["language"]]
    living = [word if view["alive"][seat] else None for seat, word in enumerate(words)]
    opponents = [
        seat for seat, alive in enumerate(view["alive"]) if alive and team_of(seat) != team_of(me)
    ]
    lines = [line for line in view["lines"] if line["text"] is not None]
    last = lines[-1] if lines else None
    if (
        last is not None
        and last["seat"] in opponents
        and last["text"].rstrip().endswith(("?", "？"))
    ):
        choices = list(bank.ANSWERS)
    else:
        seen = [words[seat] for seat in opponents]
        themes = sorted({word.theme for word in seen if word is not None})
        choices = [q for theme in themes for q in bank.QUESTIONS.get(theme, ())]
        choices += list(bank.CHATTER)
    safe = [text for text in choices if not revealed_by(text, living)]
    if not safe:
        return None, rng
    return rng.choice(safe)


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """A simple player, the one ``choose`` must beat (``bench.games``): it guesses its word at
    once (one of the words in play it sees on nobody else, at random: the quickest way to put
    an opponent out, if it is right), then eliminates the first opponent it may; it votes with
    its team like ``choose``, and otherwise only sends an emote it sees on another's card,
    which can never be its own."""
    me: int = view["you"]
    kinds = {action["type"] for action in legal}
    if "eliminate" in kinds:
        return legal[0]
    if "vote" in kinds:
        return {"type": "vote", "yes": team_of(view["vote"]["caller"]) == team_of(me)}
    words = _words(view)
    if "guess" in kinds:
        options = view["options"]
        shown = pool(options["language"], options["themes"], judged=options["judged"])
        left = candidates(words, me, shown)
        if left:
            word, _ = rng.choice(left)
            return {"type": "guess", "text": word.text}
    seen = [key for key in view["bar"] if any(w is not None and w.emote == key for w in words)]
    key, _ = rng.choice(seen or view["bar"])
    return {"type": "emote", "emote": key}
