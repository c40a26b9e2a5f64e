"""Master of Rules' cards, seats and limits (rules/master-of-rules.md, Components, Seating and
Structure)."""

from __future__ import annotations

from typing import Any, NamedTuple

from app.rules.kit import N_, Table

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple")
"""The five colours of the number cards. The seed names none but purple, green, blue and red
(its King of Kings examples); yellow is the fifth. Order: how hands and legal actions list them."""
VALUES: tuple[int, ...] = tuple(range(1, 10))

LIMIT23 = "limit23"
KING = "king"
UNIQUE = "unique"
TRIO = "trio"
SUPPORT_RIGHT = "support_right"
RULE_TYPES: tuple[str, ...] = (LIMIT23, KING, UNIQUE, TRIO, SUPPORT_RIGHT)
"""The five rule types, in the order hands, displays and legal actions list them."""
RULE_NAMES: dict[str, str] = {
    LIMIT23: N_("Limit 23"),
    KING: N_("King of Kings"),
    UNIQUE: N_("Unique"),
    TRIO: N_("Trio"),
    SUPPORT_RIGHT: N_("Support Right"),
}
TIE_BREAK: tuple[str, ...] = (SUPPORT_RIGHT, TRIO, UNIQUE, KING, LIMIT23)
"""Scoring, Tie-break: more fulfilled cards of these types, in this order, break a tie."""

RULE_CARDS_PER_TYPE = 12
LIMIT = 23
"""Limit 23: the sum of the table's numbers may be at most this."""
TRIO_SIZE = 3
"""Trio: at least this many table cards share a colour or a number."""
SET_SIZE = 3
SET_BONUS = 2
"""Scoring: +2 once per type other than Support Right with 3 or more fulfilled cards."""
ALL_TYPES_BONUS = 2
"""Scoring: +2 once for at least one fulfilled card of every type."""

SEATS = 5
"""The table always has five places; humans sit at 0..players-1, dummies at the rest."""
HAND_NUMBERS = 4
HAND_RULES = 3
DEALS: dict[int, int] = {5: 10, 4: 12, 3: 12}
"""Structure and length: 2 rounds of 5 deals, 3 rounds of 4, 4 rounds of 3."""

MIN_PLAYERS = 3
MAX_PLAYERS = 5
TABLE = Table("Master of Rules", players=(MIN_PLAYERS, MAX_PLAYERS))
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults


class Number(NamedTuple):
    """One number card: its colour and its value 1-9 (every card is unique)."""

    colour: str
    value: int

    def to_json(self) -> dict[str, Any]:
        """The card as it goes on the wire: ``{"colour": ..., "value": ...}``."""
        return {"colour": self.colour, "value": self.value}


def number_sort_key(card: Number) -> tuple[int, int]:
    """Hands and displays list number cards by colour (``COLOURS`` order), then value."""
    return COLOURS.index(card.colour), card.value


def rule_sort_key(rule: str) -> int:
    """Hands and displays list rule cards in ``RULE_TYPES`` order."""
    return RULE_TYPES.index(rule)
