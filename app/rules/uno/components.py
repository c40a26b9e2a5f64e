"""UNO's cards, their values and the table's options (rules/uno.md, Deck, Scoring and House
rules).

A card is written as a short string: ``"red:7"``, ``"blue:skip"``, ``"green:reverse"``,
``"yellow:draw2"`` for the coloured cards, ``"wild"`` and ``"wild4"`` for the black ones. Two
copies of the same card are the same string: nothing in the game tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any

from app.rules.kit import N_, Choice, Table

COLOURS: tuple[str, ...] = (N_("red"), N_("yellow"), N_("green"), N_("blue"))
"""The four colours, in the order hands are sorted and colour choices are listed (each a word
of the sentences that name it: translated where it is shown)."""
NUMBERS: tuple[str, ...] = tuple(str(number) for number in range(10))
SKIP = "skip"
REVERSE = "reverse"
DRAW_TWO = "draw2"
ACTIONS: tuple[str, ...] = (SKIP, REVERSE, DRAW_TWO)
WILD = "wild"
WILD_DRAW_FOUR = "wild4"
VALUES: tuple[str, ...] = (*NUMBERS, *ACTIONS, WILD, WILD_DRAW_FOUR)
"""Every card value, in the order hands are sorted within a colour."""

HAND_SIZE = 7
MIN_PLAYERS = 2
MAX_PLAYERS = 10
ACTION_POINTS = 20
WILD_POINTS = 50
"""rules/uno.md, Scoring: numbers are worth their face value, actions 20, wild cards 50."""
CHALLENGE_EXTRA = 2
"""House rule 4: an innocent Wild Draw Four costs the challenger 4 + 2 = 6 cards."""
UNO_PENALTY = 2
"""House rule 5: caught without a call costs 2 cards, and so does a false call or a wrong catch
(text 1: 若有人喊错UNO，则喊错者罚起牌2张)."""
CATCH_LIMIT = 2
"""House rule 5, online: a catch may be tried on a player whose play left them at most this many
cards (package docstring, UNO call)."""
MAX_TARGET = 1000


def card_code(colour: str | None, value: str) -> str:
    """The string of one card: ``"red:7"``, or the bare value for a black card."""
    return value if colour is None else f"{colour}:{value}"


def colour_of(card: str) -> str | None:
    """The printed colour of a card; ``None`` for the black (wild) cards."""
    colour, _, value = card.partition(":")
    return colour if value else None


def value_of(card: str) -> str:
    """A card's number or symbol: ``"7"``, ``"skip"``, ``"wild4"``..."""
    colour, _, value = card.partition(":")
    return value or colour


def is_wild(card: str) -> bool:
    """Whether the card is black (a Wild or a Wild Draw Four): its player names a colour."""
    return card in (WILD, WILD_DRAW_FOUR)


def draw_value(card: str) -> int:
    """How many cards the card makes the next player draw (0 for every other card)."""
    return {DRAW_TWO: 2, WILD_DRAW_FOUR: 4}.get(value_of(card), 0)


def card_points(card: str) -> int:
    """rules/uno.md, Scoring: face value for numbers, 20 for actions, 50 for wild cards."""
    value = value_of(card)
    if value in NUMBERS:
        return int(value)
    return WILD_POINTS if is_wild(card) else ACTION_POINTS


def hand_points(cards: Iterable[str]) -> int:
    """The value of a hand: what its holder pays (seed) or the winner scores (official)."""
    return sum(card_points(card) for card in cards)


def sort_key(card: str) -> tuple[int, int]:
    """Hands are kept sorted: by colour (black cards last), then by value."""
    colour = colour_of(card)
    return (len(COLOURS) if colour is None else COLOURS.index(colour)), VALUES.index(value_of(card))


def is_card(card: object) -> bool:
    """Whether ``card`` is the string of a card of the deck."""
    return isinstance(card, str) and card in _ALL_CARDS


def build_deck() -> tuple[str, ...]:
    """rules/uno.md, Deck: per colour one 0, two each of 1-9, Skip, Reverse and Draw Two (25);
    then 4 Wild and 4 Wild Draw Four; 108 cards in this fixed listing order."""
    deck: list[str] = []
    for colour in COLOURS:
        deck.append(card_code(colour, "0"))
        for value in (*NUMBERS[1:], *ACTIONS):
            deck += [card_code(colour, value)] * 2
    deck += [WILD] * 4 + [WILD_DRAW_FOUR] * 4
    return tuple(deck)


DECK: tuple[str, ...] = build_deck()
_ALL_CARDS = frozenset(DECK)

# --- options -----------------------------------------------------------------------------------

SCORINGS: tuple[str, ...] = ("seed", "official")
WD4_RULES: tuple[str, ...] = ("seed", "official")
EXHAUSTED_RULES: tuple[str, ...] = ("reshuffle", "void")
FIRST_REVERSE_RULES: tuple[str, ...] = ("seed", "official")


@dataclass(frozen=True)
class Options:
    """A table's options; each field is an option key, each default the rule file's default
    (the package docstring says what each one does)."""

    scoring: str = "seed"
    target: int = 0
    stack_draw_two: bool = True
    stack_draw_four: bool = True
    no_wild_on_penalty: bool = True
    wd4_rule: str = "seed"
    wd4_challenge: bool = True
    uno_call: bool = True
    false_uno_penalty: bool = True
    going_out_penalty: bool = True
    deck_exhausted: str = "reshuffle"
    first_reverse: str = "seed"

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object, keys in declaration order."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


DEFAULT_OPTIONS: dict[str, Any] = Options().to_json()
CHOICES: dict[str, tuple[str, ...]] = {
    "scoring": SCORINGS,
    "wd4_rule": WD4_RULES,
    "deck_exhausted": EXHAUSTED_RULES,
    "first_reverse": FIRST_REVERSE_RULES,
}
"""The options that take one of a few words, and those words (the first is the default)."""


REFUSALS: dict[str, str] = {
    "scoring": N_('The option scoring must be "seed" or "official".'),
    "target": N_("The target must be a whole number from 0 (one hand) to 1000."),
    "stack_draw_two": N_("The option stack_draw_two must be true or false."),
    "stack_draw_four": N_("The option stack_draw_four must be true or false."),
    "no_wild_on_penalty": N_("The option no_wild_on_penalty must be true or false."),
    "wd4_rule": N_('The option wd4_rule must be "seed" or "official".'),
    "wd4_challenge": N_("The option wd4_challenge must be true or false."),
    "uno_call": N_("The option uno_call must be true or false."),
    "false_uno_penalty": N_("The option false_uno_penalty must be true or false."),
    "going_out_penalty": N_("The option going_out_penalty must be true or false."),
    "deck_exhausted": N_('The option deck_exhausted must be "reshuffle" or "void".'),
    "first_reverse": N_('The option first_reverse must be "seed" or "official".'),
}
"""The sentence refusing a value an option does not take (``MAX_TARGET`` is 1000)."""


def _choice(key: str, default: Any) -> Choice:
    """What option ``key`` may be: one of its words, true or false, or (the target) a number."""
    if key in CHOICES:
        return Choice(default, CHOICES[key], REFUSALS[key])
    if isinstance(default, bool):
        return Choice(default, (False, True), REFUSALS[key])
    return Choice(default, range(MAX_TARGET + 1), REFUSALS[key])


TABLE = Table(
    "UNO",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={key: _choice(key, default) for key, default in DEFAULT_OPTIONS.items()},
)
