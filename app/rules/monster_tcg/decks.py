"""Monster Duel's preconstructed decks and the table's options (rules/monster-tcg.md,
Settled for Parlor: Decks; a 30-card half deck with 3 prizes as an option).

A deck is two types; each type brings the same creatures to every deck it is in (``_FULL``,
``_HALF``), then come the trainers and the energy (the first type's one more when odd)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, NamedTuple

from app.rules.base import IllegalAction
from app.rules.kit import N_, Choice, Table
from app.rules.monster_tcg.components import PLAYERS, F, G, L, W

# --- decks -------------------------------------------------------------------------------------

_FULL: dict[str, tuple[tuple[str, int], ...]] = {
    F: (
        ("cinder-pup", 4),
        ("blaze-hound", 3),
        ("inferno-wolf", 2),
        ("ember-newt", 3),
        ("magma-tortoise", 2),
    ),
    W: (
        ("drip-frog", 4),
        ("torrent-toad", 3),
        ("tidal-leviathan", 2),
        ("mist-eel", 3),
        ("reef-crab", 2),
        ("coral-knight", 1),
    ),
    G: (
        ("sprout-mole", 4),
        ("thorn-badger", 3),
        ("bramble-king", 2),
        ("spore-moth", 3),
        ("moss-turtle", 2),
    ),
    L: (
        ("spark-mouse", 4),
        ("volt-lynx", 3),
        ("storm-tiger", 2),
        ("static-bat", 3),
        ("coil-snake", 2),
        ("dynamo-serpent", 1),
    ),
}
"""Each type's creatures in a 60-card deck (two types a deck)."""
_HALF: dict[str, tuple[tuple[str, int], ...]] = {
    F: (
        ("cinder-pup", 2),
        ("blaze-hound", 1),
        ("inferno-wolf", 1),
        ("ember-newt", 2),
        ("magma-tortoise", 1),
    ),
    W: (
        ("drip-frog", 2),
        ("torrent-toad", 1),
        ("tidal-leviathan", 1),
        ("mist-eel", 2),
        ("reef-crab", 1),
    ),
    G: (
        ("sprout-mole", 2),
        ("thorn-badger", 1),
        ("bramble-king", 1),
        ("spore-moth", 2),
        ("moss-turtle", 1),
    ),
    L: (
        ("spark-mouse", 2),
        ("volt-lynx", 1),
        ("storm-tiger", 1),
        ("static-bat", 2),
        ("coil-snake", 1),
    ),
}
_TRAINERS_FULL = (("potion-pack", 3), ("field-notes", 3), ("swap-whistle", 2), ("tracker-map", 2))
_TRAINERS_HALF = (("potion-pack", 2), ("field-notes", 1), ("swap-whistle", 1), ("tracker-map", 1))


class Deck(NamedTuple):
    """A preconstructed deck: its id, title, two types, blurb, and its lists by size."""

    id: str
    title: str
    types: tuple[str, str]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "title": self.title, "types": list(self.types), "text": self.text}

    def cards(self, size: int) -> tuple[str, ...]:
        """The deck's card list of ``size`` (60 or 30) cards, in listing order."""
        creatures = _FULL if size == FULL_SIZE else _HALF
        trainers = _TRAINERS_FULL if size == FULL_SIZE else _TRAINERS_HALF
        rows = [*creatures[self.types[0]], *creatures[self.types[1]], *trainers]
        names = [name for name, count in rows for _ in range(count)]
        left = size - len(names)
        first = (left + 1) // 2
        names += [f"{self.types[0]}-energy"] * first
        names += [f"{self.types[1]}-energy"] * (left - first)
        return tuple(names)


FULL_SIZE = 60
HALF_SIZE = 30
DECKS: tuple[Deck, ...] = (
    Deck("ember", "Ember Storm", (F, L), N_("Fire and lightning: burns, paralysis and big hits.")),
    Deck("tide", "Tide and Thorn", (W, G), N_("Water and grass: confusion, poison and healing.")),
    Deck("surge", "Storm Surge", (L, W), N_("Lightning and water: bench damage and sleep.")),
    Deck("grove", "Wildfire Grove", (G, F), N_("Grass and fire: poison, burns and sturdy walls.")),
)
DECK_IDS: tuple[str, ...] = tuple(deck.id for deck in DECKS)
DECKS_BY_ID: dict[str, Deck] = {deck.id: deck for deck in DECKS}
PRIZES: dict[int, int] = {FULL_SIZE: 6, HALF_SIZE: 3}
"""Setup: 6 prizes; 3 with the half deck."""


# --- options -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    """A table's options (the package docstring says what each does); defaults first."""

    deck_size: int = FULL_SIZE
    deck_1: str = "choose"
    deck_2: str = "choose"

    def to_json(self) -> dict[str, Any]:
        return {field.name: getattr(self, field.name) for field in fields(self)}

    def fixed(self, seat: int) -> str | None:
        """The deck the host fixed for ``seat``, or None when the player chooses."""
        deck = self.deck_1 if seat == 0 else self.deck_2
        return None if deck == "choose" else deck


_DECK_CHOICES = ("choose", *DECK_IDS)
TABLE = Table(
    "Monster Duel",
    players=(PLAYERS, PLAYERS),
    options={
        "deck_size": Choice(
            FULL_SIZE, (FULL_SIZE, HALF_SIZE), "The option deck_size must be 60 or 30."
        ),
        "deck_1": Choice(
            "choose",
            _DECK_CHOICES,
            'The option deck_1 must be "choose" or a deck: "ember", "tide", "surge", "grove".',
        ),
        "deck_2": Choice(
            "choose",
            _DECK_CHOICES,
            'The option deck_2 must be "choose" or a deck: "ember", "tide", "surge", "grove".',
        ),
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults


def check_options(players: int, options: Mapping[str, Any]) -> dict[str, Any]:
    """The full options (``TABLE.check``), with a sentence of its own for another count."""
    if type(players) is int and players != PLAYERS:
        raise IllegalAction("bad_players", "Monster Duel is for exactly 2 players.")
    return TABLE.check(players, options)
