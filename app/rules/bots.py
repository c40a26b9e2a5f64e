"""Bots shared by every game (design 1.5): the uniform random bot used by tests and benchmarks,
the tie-break every game's bot uses to pick among its best actions, and how a table of bots
takes its next move.

Free text (``GameRules.free_text``, Forehead words' lines and guesses) is filled in here once
for every random player: ``fill_text`` turns a listed template into a move, ``offered`` says
whether a bot's choice is one of its legal actions (listed, or a listed template plus
``text``), and ``random_move`` is the random player of the test harnesses, which peeks at
what a viewer sees for its texts and draws again while the rules refuse one."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from functools import partial
from typing import Any

from app.rules.base import Action, Bot, GameRules, IllegalAction
from app.rules.rng import Rng

JUNK_LETTERS = "qxzjv"
"""The letters of a made-up text: no word of any game's lists is spelt with these alone, so
a made-up line gives nothing away and says no one's word (and a made-up guess is wrong)."""

RETYPES = 50
"""Texts a random player tries for one template before giving up: the rules refusing every
one of them (made-up ones included) is a bug of the game or of its texts."""


def made_up(rng: Rng) -> tuple[str, Rng]:
    """A made-up text of two or three nonsense words, punctuated (normalizing must drop the
    spaces and the mark)."""
    count, rng = rng.randbelow(2)
    words = []
    for _ in range(count + 2):
        length, rng = rng.randbelow(4)
        letters = []
        for _ in range(length + 2):
            letter, rng = rng.choice(JUNK_LETTERS)
            letters.append(letter)
        words.append("".join(letters))
    mark, rng = rng.choice(("", "?", "!", "…"))
    return " ".join(words) + mark, rng


def is_template(free_text: Collection[str], action: Action) -> bool:
    """Whether a listed action is a free-text template (``GameRules.free_text``): no move until
    a text is filled in."""
    return action.get("type") in free_text and "text" not in action


def fill_text(
    free_text: Collection[str], action: Action, rng: Rng, texts: Sequence[str] = ()
) -> tuple[Action, Rng]:
    """``action`` as listed, or a free-text template with a text: one of ``texts`` (what the
    player could type: the words it sees) half the time, else a made-up one (``made_up``)."""
    if not is_template(free_text, action):
        return action, rng
    pick, rng = rng.randbelow(2 if texts else 1)
    if pick:
        text, rng = rng.choice(texts)
    else:
        text, rng = made_up(rng)
    return {**action, "text": text}, rng


def offered(rules: GameRules[Any], legal: list[Action], action: Any) -> bool:
    """Whether a bot's choice is one of ``legal``: listed (but not a bare free-text template,
    which is no move), or a listed template with a string ``text`` (``GameRules.free_text``:
    ``apply`` still judges the text)."""
    if action in legal:
        return not is_template(rules.free_text, action)
    if not isinstance(action, dict) or not isinstance(action.get("text"), str):
        return False
    template = {key: value for key, value in action.items() if key != "text"}
    return is_template(rules.free_text, template) and template in legal


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value (a view): the texts a player could type from what it sees."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def random_bot(
    view: dict[str, Any], legal: list[Action], rng: Rng, *, free_text: Collection[str] = ()
) -> Action:
    """One of the legal actions, uniformly at random (the baseline every game's bot must beat);
    a free-text template (``free_text``, the game's ``GameRules.free_text``) gets a made-up
    text, which no game refuses (``random_bot_for``)."""
    if not legal:
        raise ValueError("random_bot needs at least one legal action")
    action, rng = rng.choice(legal)
    action, _ = fill_text(free_text, action, rng)
    return action


def random_bot_for(rules: GameRules[Any]) -> Bot:
    """The uniform random bot of one game, filling in its free-text templates."""
    return partial(random_bot, free_text=rules.free_text) if rules.free_text else random_bot


def random_move(
    rules: GameRules[Any], state: Any, seat: int, rng: Rng, *, viewer: int | None = None
) -> tuple[Action, Any, Rng]:
    """A random player's move for ``seat`` and the state it leads to: one of its legal actions
    uniformly, but half the time a free-text template when one is listed (Forehead words lists
    two among some ninety emotes, and typing is the game); a template filled (``fill_text``)
    with the texts ``viewer``'s view shows (a spectator by default, who sees every word: lines
    and guesses then say words, are refused or right, as at a table), drawn again while
    ``apply`` refuses the text. A game without free text draws exactly as ``rng.choice`` of the
    legal actions."""
    legal = rules.legal_actions(state, seat)
    templates = [action for action in legal if is_template(rules.free_text, action)]
    if templates:
        typing, rng = rng.randbelow(2)
        legal = templates if typing else legal
    template, rng = rng.choice(legal)
    if not is_template(rules.free_text, template):
        return template, rules.apply(state, seat, template), rng
    texts = sorted(set(strings(rules.view(state, viewer))))
    for _ in range(RETYPES):
        action, rng = fill_text(rules.free_text, template, rng, texts)
        try:
            return action, rules.apply(state, seat, action), rng
        except IllegalAction:
            continue
    raise AssertionError(f"{rules.slug}: no text of {RETYPES} is accepted for {template}")


def best_of(actions: Sequence[Action], values: Sequence[Any], rng: Rng) -> Action:
    """The action with the highest value (values are compared, so tuples rank by their first
    difference); the rng draws among exact ties, in the order the actions are listed."""
    top = max(values)
    tied = [action for action, value in zip(actions, values, strict=True) if value == top]
    action, _ = rng.choice(tied)
    return action


def bots_move(
    rules: GameRules[Any], state: Any, seats: Sequence[int], choose: Callable[[int], Action]
) -> tuple[int | None, Action, Any]:
    """The next move of a table of bots and the state it leads to: the first of ``seats``
    (those to act, in order) whose bot's choice (``choose(seat)``) changes the state; when none
    does (Werewolf's pack holding its pointing while the rest of the night is done), the running
    phase's clock runs out, as it would at the table (no seat). A choice that changes nothing is
    no move, so bots never repeat one for ever."""
    first: tuple[int, Action, Any] | None = None
    for seat in seats:
        action = choose(seat)
        after = rules.step(state, seat, action)
        if after != state:
            return seat, action, after
        first = first or (seat, action, after)
    if None in rules.movers(state) or first is None:
        expiry = rules.expiry(state)
        return None, expiry, rules.step(state, None, expiry)
    return first  # a game without a clock: its rules must make every move count
