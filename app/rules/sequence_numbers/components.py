"""Sequence Numbers' board, deck, sides and options: every piece of game data in one place
(rules/sequence-numbers.md, "Proposed concrete layout", "Card deck", What is known)."""

from __future__ import annotations

from typing import Any

from app.rules.kit import N_, Choice, Table

SIZE = 10
"""The board is a 10x10 grid (rules/sequence-numbers.md, Proposed concrete layout)."""

FREE = 0
"""How a free corner is written in ``BOARD``; it shows no number and takes no chip."""

BOARD: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 0),
    (18, 17, 16, 15, 14, 13, 12, 11, 10, 9),
    (19, 20, 21, 22, 23, 24, 25, 26, 27, 28),
    (38, 37, 36, 35, 34, 33, 32, 31, 30, 29),
    (39, 40, 41, 42, 43, 44, 45, 46, 47, 48),
    (34, 20, 31, 10, 18, 28, 26, 12, 11, 45),
    (6, 19, 25, 23, 30, 3, 32, 35, 2, 38),
    (15, 41, 48, 39, 14, 37, 17, 4, 33, 5),
    (7, 36, 40, 43, 21, 42, 22, 8, 16, 27),
    (0, 47, 29, 1, 24, 46, 9, 44, 13, 0),
)
"""The proposed layout verbatim, row 0 at the top: each number 1-48 is printed twice, the four
corners (``FREE``) are free spaces [UNVERIFIED: the printed Jax board is unknown]."""

Cell = tuple[int, int]
"""A board space as ``(row, col)``, both 0-9, row 0 at the top."""

CORNERS: frozenset[Cell] = frozenset({(0, 0), (0, SIZE - 1), (SIZE - 1, 0), (SIZE - 1, SIZE - 1)})
"""Free spaces: they count as a chip of every side and never hold a chip (What is known)."""

ANSWERS: tuple[int, ...] = tuple(range(1, 49))
"""Every number on the board; each is the answer of two equation cards."""

SPACES: dict[int, tuple[Cell, ...]] = {
    answer: tuple(
        (row, col) for row in range(SIZE) for col in range(SIZE) if BOARD[row][col] == answer
    )
    for answer in ANSWERS
}
"""The two spaces showing each answer, in board order (row by row)."""

BANDS: tuple[tuple[int, int], ...] = ((1, 10), (11, 20), (21, 30), (31, 40), (41, 48))
"""The suggested colour bands: groups of numbers coloured alike on the board."""

# --- cards -------------------------------------------------------------------------------------

PLUS = "plus"
"""A Plus card: place a chip on any empty space (Turn 2)."""
MINUS = "minus"
"""A Minus card: remove an opponent chip that is not in a completed sequence (Turn 2)."""


def addition(answer: int) -> str:
    """The addition card of ``answer``: floor(N/2) + ceil(N/2), written ``"a+b"`` (Card deck)."""
    low = answer // 2
    return f"{low}+{answer - low}"


def subtraction(answer: int) -> str:
    """The subtraction card of ``answer``: (N + k) - k with k = 1 + (N mod 9), written ``"a-b"``
    (Card deck; the operands stay at most 57)."""
    k = 1 + answer % 9
    return f"{answer + k}-{k}"


EQUATIONS: tuple[str, ...] = tuple(
    card for answer in ANSWERS for card in (addition(answer), subtraction(answer))
)
"""The 96 equation cards, two per answer (addition first), in answer order."""

ANSWER_OF: dict[str, int] = {
    card: answer for answer in ANSWERS for card in (addition(answer), subtraction(answer))
}
"""Each equation card's answer."""

CARD_NAMES: frozenset[str] = frozenset(EQUATIONS) | {PLUS, MINUS}
"""Every card name that may appear on the wire."""


def deck(*, plus_cards: int, minus_cards: int) -> tuple[str, ...]:
    """The unshuffled deck: the equation cards in answer order, then the Plus, then the Minus
    cards (100 cards with the seed's 2 + 2)."""
    return EQUATIONS + (PLUS,) * plus_cards + (MINUS,) * minus_cards


# --- players, sides and options ------------------------------------------------------------------

MIN_PLAYERS = 2
MAX_PLAYERS = 6
EXCLUDED_PLAYERS = frozenset({5})
"""[SEED-SILENT] 5 players cannot form equal teams and are refused."""

SIDE_COLOURS: tuple[str, ...] = ("blue", "green", "red")
"""Chip colours by side: two sides use the first two, a third side adds red."""

HAND_SIZE: dict[int, int] = {2: 5, 3: 5, 4: 4, 6: 4}
"""Hand size: 2-3 players 5 cards each, 4-6 players 4 each."""
SEQUENCES_NEEDED: dict[int, int] = {2: 1, 3: 1, 4: 2, 6: 2}
"""Goal: 2-3 players need 1 sequence, 4-6 players 2."""

SPECIAL_CARD_COUNTS: tuple[int, ...] = (0, 1, 2, 3, 4)
"""How many Plus (and, separately, Minus) cards the deck may hold; classic Sequence's jacks
correspond to 4 of each."""

TABLE = Table(
    "Sequence Numbers",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options={
        "six_player_teams": Choice(2, (2, 3), "Six players form 2 teams of 3 or 3 teams of 2."),
        "plus_cards": Choice(2, SPECIAL_CARD_COUNTS, "The deck holds 0 to 4 Plus cards."),
        "minus_cards": Choice(2, SPECIAL_CARD_COUNTS, "The deck holds 0 to 4 Minus cards."),
    },
    excluded={
        5: N_(
            "Sequence Numbers cannot be played by 5: with more than 3 players everyone plays "
            "in teams of equal size. Choose 2, 3, 4 or 6 players."
        )
    },
)
DEFAULT_OPTIONS: dict[str, Any] = TABLE.defaults
"""``six_player_teams``: 2 teams of 3 (default) or 3 teams of 2, used only with 6 players;
``plus_cards``/``minus_cards``: the seed's 2 of each."""


def side_count(players: int, six_player_teams: int) -> int:
    """How many sides play: each of 2-3 players alone, 4 as 2 teams, 6 as 2 or 3 teams."""
    if players <= 3:
        return players
    if players == 4:
        return 2
    return six_player_teams
