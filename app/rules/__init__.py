"""Pure game rules (design 1): the registry ``GAMES`` and the contract's shared types."""

from app.rules import (
    coloretto,
    da_vinci_code,
    elements,
    forehead_words,
    manhattan,
    master_of_rules,
    monopoly_deal,
    monster_tcg,
    poison,
    sequence_numbers,
    tong_its,
    uno,
    werewolf,
)
from app.rules.base import UNDO, Action, GameRules, IllegalAction, LastMove, Outcome
from app.rules.rng import Rng

__all__ = [
    "GAMES",
    "UNDO",
    "Action",
    "GameRules",
    "IllegalAction",
    "LastMove",
    "Outcome",
    "Rng",
]

GAMES: dict[str, GameRules] = {  # type: ignore[type-arg]
    rules.slug: rules
    for rules in (
        coloretto.GAME,
        da_vinci_code.GAME,
        elements.GAME,
        forehead_words.RULES,
        manhattan.GAME,
        master_of_rules.GAME,
        monopoly_deal.GAME,
        monster_tcg.GAME,
        poison.GAME,
        sequence_numbers.GAME,
        tong_its.GAME,
        uno.GAME,
        werewolf.GAME,
    )
}
