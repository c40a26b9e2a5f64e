"""Monster Duel's original card set, its preconstructed decks, the damage rule and the table's
options (rules/monster-tcg.md, Settled for Parlor: an original card set in one data table).

Every card is one row of ``CARD_TABLE``; an attack's effect is data (``effects.py`` interprets
it), never code of its own. Types: ``"fire"``, ``"water"``, ``"grass"``, ``"lightning"``; a cost
may also ask for ``"colorless"`` (any energy). Weakness and resistance follow one cycle: fire
beats grass, grass beats lightning, lightning beats water, water beats fire (the beaten type is
weak to the other; a few sturdy creatures resist the type they beat).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from app.rules.kit import N_

TYPES: tuple[str, ...] = ("fire", "water", "grass", "lightning")
COLORLESS = "colorless"
PLAYERS = 2
HAND = 7
"""Setup: 7 cards each."""
BENCH = 5
"""Setup and Turn: at most 5 benched creatures."""
WEAKNESS_FACTOR = 2
RESISTANCE = 30
"""Damage (Settled for Parlor): weakness doubles, resistance subtracts 30."""
HEAL = 20
DRAW = 2
"""Trainers: heal 20, draw 2."""
POISON = 10
BURN = 20
CONFUSED_SELF = 30
"""Checkup: poisoned 1 counter, burned 2; confused tails: 3 counters to itself (10 HP each)."""
SUDDEN_DEATHS = 3
"""Parlor's decision: after 3 sudden-death games still tied, the match is a draw."""
CONDITIONS: tuple[str, ...] = ("asleep", "burned", "confused", "paralysed", "poisoned")
ROTATING: frozenset[str] = frozenset({"asleep", "confused", "paralysed"})
"""Conditions of which a creature has at most one (a new one replaces the old); burned and
poisoned are markers that stack with every other."""
EFFECTS: tuple[str, ...] = (
    "flip_extra",
    "flip_paralyse",
    "poison",
    "burn",
    "sleep",
    "confuse",
    "heal_self",
    "draw",
    "bench_damage",
)


class Attack(NamedTuple):
    """One attack: its title, energy cost, base damage and at most one effect (``kind`` and its
    number: ``amount`` or ``count``, 0 when the kind takes none)."""

    title: str
    cost: tuple[str, ...]
    damage: int
    effect: str | None = None
    value: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "cost": list(self.cost),
            "damage": self.damage,
            "effect": _effect_json(self.effect, self.value),
            "text": _attack_text(self),
        }


class Card(NamedTuple):
    """One card name of the set: a creature, an energy or a trainer."""

    name: str
    title: str
    kind: str
    type: str | None = None
    stage: int = 0
    evolves_from: str | None = None
    hp: int = 0
    attacks: tuple[Attack, ...] = ()
    weakness: str | None = None
    resistance: str | None = None
    retreat: int = 0
    effect: str | None = None
    """A trainer's: ``"heal"``, ``"draw"``, ``"switch"``, ``"search"``."""
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        """The card as the view's catalogue shows it (the wire contract's Card)."""
        if self.kind == "energy":
            return {
                "name": self.name,
                "title": self.title,
                "kind": "energy",
                "type": self.type,
                "text": self.text,
            }
        if self.kind == "trainer":
            return {
                "name": self.name,
                "title": self.title,
                "kind": "trainer",
                "effect": self.effect,
                "target": TRAINER_TARGET[self.effect or ""],
                "text": self.text,
            }
        return {
            "name": self.name,
            "title": self.title,
            "kind": "creature",
            "type": self.type,
            "stage": self.stage,
            "evolves_from": self.evolves_from,
            "hp": self.hp,
            "attacks": [attack.to_json() for attack in self.attacks],
            "weakness": self.weakness,
            "resistance": self.resistance,
            "retreat": self.retreat,
            "text": self.text,
        }


TRAINER_TARGET: dict[str, str | None] = {
    "heal": "own_creature",
    "draw": None,
    "switch": "bench",
    "search": None,
}


def _effect_json(kind: str | None, value: int) -> dict[str, Any] | None:
    if kind is None:
        return None
    if kind in ("flip_extra", "heal_self", "bench_damage"):
        return {"kind": kind, "amount": value}
    if kind == "draw":
        return {"kind": kind, "count": value}
    return {"kind": kind}


_EFFECT_TEXT: dict[str, str] = {
    "flip_extra": "Flip a coin: heads, this attack does {} more damage.",
    "flip_paralyse": "Flip a coin: heads, the defending creature is now paralysed.",
    "poison": "The defending creature is now poisoned.",
    "burn": "The defending creature is now burned.",
    "sleep": "The defending creature is now asleep.",
    "confuse": "The defending creature is now confused.",
    "heal_self": "Heal {} damage from this creature.",
    "draw": "Draw {} card(s).",
    "bench_damage": "Does {} damage to one of the opponent's benched creatures.",
}


def _attack_text(attack: Attack) -> str:
    if attack.effect is None:
        return ""
    return _EFFECT_TEXT[attack.effect].format(attack.value)


def _c(
    name: str,
    title: str,
    type_: str,
    hp: int,
    *attacks: Attack,
    stage: int = 0,
    evolves_from: str | None = None,
    retreat: int = 1,
    resistance: str | None = None,
    text: str = "",
) -> Card:
    return Card(
        name,
        title,
        "creature",
        type_,
        stage,
        evolves_from,
        hp,
        attacks,
        WEAK[type_],
        resistance,
        retreat,
        None,
        text,
    )


WEAK: dict[str, str] = {
    "fire": "water",
    "water": "lightning",
    "lightning": "grass",
    "grass": "fire",
}
"""The weakness of each type: the type that beats it."""

F, W, G, L, C = "fire", "water", "grass", "lightning", COLORLESS

CARD_TABLE: tuple[Card, ...] = (
    # fire
    _c(
        "cinder-pup",
        "Cinder Pup",
        F,
        50,
        Attack("Nip", (C,), 10),
        Attack("Ember Spit", (F, C), 10, "burn"),
    ),
    _c(
        "blaze-hound",
        "Blaze Hound",
        F,
        80,
        Attack("Flame Fang", (F, C), 40),
        Attack("Heat Charge", (F, F, C), 70),
        stage=1,
        evolves_from="cinder-pup",
    ),
    _c(
        "inferno-wolf",
        "Inferno Wolf",
        F,
        130,
        Attack("Blazing Howl", (F, C, C), 50, "burn"),
        Attack("Inferno Burst", (F, F, F, C), 120),
        stage=2,
        evolves_from="blaze-hound",
        retreat=2,
        resistance=G,
    ),
    _c(
        "ember-newt",
        "Ember Newt",
        F,
        60,
        Attack("Smoulder", (F, C), 10, "burn"),
        Attack("Flare Tail", (F, C), 30, "flip_extra", 20),
    ),
    _c(
        "magma-tortoise",
        "Magma Tortoise",
        F,
        90,
        Attack("Lava Press", (F, F, C), 60, "heal_self", 20),
        retreat=3,
        resistance=G,
    ),
    # water
    _c(
        "drip-frog",
        "Drip Frog",
        W,
        60,
        Attack("Bubble", (W,), 20, "flip_paralyse"),
        Attack("Splash Kick", (W, C), 30),
    ),
    _c(
        "torrent-toad",
        "Torrent Toad",
        W,
        90,
        Attack("Water Lash", (W, C), 40),
        Attack("Riptide", (W, W, C), 70),
        stage=1,
        evolves_from="drip-frog",
    ),
    _c(
        "tidal-leviathan",
        "Tidal Leviathan",
        W,
        130,
        Attack("Whirlpool", (W, C, C), 60, "confuse"),
        Attack("Tsunami", (W, W, W, C), 120),
        stage=2,
        evolves_from="torrent-toad",
        retreat=3,
        resistance=F,
    ),
    _c(
        "mist-eel",
        "Mist Eel",
        W,
        60,
        Attack("Fog Wrap", (W,), 10, "sleep"),
        Attack("Jet Stream", (W, C), 40, "draw", 1),
    ),
    _c(
        "reef-crab",
        "Reef Crab",
        W,
        80,
        Attack("Pinch", (C, C), 20),
        Attack("Shell Crush", (W, W, C), 50),
        retreat=2,
    ),
    _c(
        "coral-knight",
        "Coral Knight",
        W,
        100,
        Attack("Coral Guard", (W, C), 30, "heal_self", 20),
        Attack("Tide Hammer", (W, W, C), 70),
        stage=1,
        evolves_from="reef-crab",
        retreat=2,
        resistance=F,
    ),
    # grass
    _c(
        "sprout-mole",
        "Sprout Mole",
        G,
        50,
        Attack("Root Poke", (C,), 10),
        Attack("Vine Snap", (G, C), 30),
    ),
    _c(
        "thorn-badger",
        "Thorn Badger",
        G,
        80,
        Attack("Thorn Jab", (G, C), 30, "poison"),
        Attack("Bramble Charge", (G, G, C), 70),
        stage=1,
        evolves_from="sprout-mole",
    ),
    _c(
        "bramble-king",
        "Bramble King",
        G,
        130,
        Attack("Spore Storm", (G, C, C), 60, "sleep"),
        Attack("Ancient Root", (G, G, G, C), 110, "heal_self", 20),
        stage=2,
        evolves_from="thorn-badger",
        retreat=3,
        resistance=L,
    ),
    _c(
        "spore-moth",
        "Spore Moth",
        G,
        50,
        Attack("Sleep Dust", (G,), 10, "sleep"),
        Attack("Toxic Wing", (G, C), 20, "poison"),
        retreat=0,
    ),
    _c(
        "moss-turtle",
        "Moss Turtle",
        G,
        90,
        Attack("Boulder Roll", (G, G, C), 60, "heal_self", 20),
        retreat=3,
        resistance=L,
    ),
    # lightning
    _c(
        "spark-mouse",
        "Spark Mouse",
        L,
        50,
        Attack("Zap", (L,), 20),
        Attack("Static Shock", (L, C), 30, "flip_paralyse"),
        retreat=0,
    ),
    _c(
        "volt-lynx",
        "Volt Lynx",
        L,
        80,
        Attack("Arc Claw", (L, C), 40),
        Attack("Thunder Pounce", (L, L, C), 50, "flip_extra", 30),
        stage=1,
        evolves_from="spark-mouse",
    ),
    _c(
        "storm-tiger",
        "Storm Tiger",
        L,
        120,
        Attack("Chain Lightning", (L, C, C), 50, "bench_damage", 20),
        Attack("Thunderclap", (L, L, L, C), 120),
        stage=2,
        evolves_from="volt-lynx",
        retreat=1,
        resistance=W,
    ),
    _c(
        "static-bat",
        "Static Bat",
        L,
        70,
        Attack("Jolt Bite", (L,), 10, "flip_paralyse"),
        Attack("Sonic Buzz", (L, C), 30, "confuse"),
    ),
    _c(
        "coil-snake",
        "Coil Snake",
        L,
        70,
        Attack("Coil Strike", (C, C), 20),
        Attack("Charge Bite", (L, L, C), 60),
        retreat=2,
    ),
    _c(
        "dynamo-serpent",
        "Dynamo Serpent",
        L,
        100,
        Attack("Discharge", (L, C), 30, "bench_damage", 20),
        Attack("Overload", (L, L, C), 70),
        stage=1,
        evolves_from="coil-snake",
        retreat=2,
        resistance=W,
    ),
    # energy
    *(
        Card(
            f"{t}-energy",
            f"{t.title()} Energy",
            "energy",
            t,
            text=f"Basic energy: provides one {t} energy.",
        )
        for t in TYPES
    ),
    # trainers
    Card(
        "potion-pack",
        "Potion Pack",
        "trainer",
        effect="heal",
        text=N_("Heal 20 damage from one of your creatures."),
    ),
    Card("field-notes", "Field Notes", "trainer", effect="draw", text=N_("Draw 2 cards.")),
    Card(
        "swap-whistle",
        "Swap Whistle",
        "trainer",
        effect="switch",
        text=N_("Switch your active creature with one of your benched creatures."),
    ),
    Card(
        "tracker-map",
        "Tracker Map",
        "trainer",
        effect="search",
        text=N_(
            "Search your deck for a Basic creature, show it and put it into your hand; "
            "then shuffle your deck."
        ),
    ),
)
"""The whole card set, in its listing order."""

CARDS: dict[str, Card] = {card.name: card for card in CARD_TABLE}


def is_basic(name: str) -> bool:
    card = CARDS[name]
    return card.kind == "creature" and card.stage == 0


def attack_damage(base: int, attack_type: str, weakness: str | None, resistance: str | None) -> int:
    """Damage of one attack after weakness (x2) and resistance (-30), never below 0 (design
    1.4; Damage: weakness doubles, resistance subtracts 30)."""
    damage = base * WEAKNESS_FACTOR if weakness == attack_type else base
    if resistance == attack_type:
        damage -= RESISTANCE
    return max(damage, 0)
