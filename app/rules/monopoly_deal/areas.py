"""Monopoly Deal's property areas: placing cards in sets, taking them out, what a table holds
and is worth (rules/monopoly-deal.md, Turn 2 and Paying)."""

from __future__ import annotations

from dataclasses import replace

from app.rules.kit import replace_at
from app.rules.monopoly_deal.components import CARDS, SETS_TO_WIN, rent_owed
from app.rules.monopoly_deal.state import PropertySet

Sets = tuple[PropertySet, ...]


def place(sets: Sets, card: str, colour: str) -> Sets:
    """``sets`` with ``card`` placed in ``colour``: in the first incomplete set of that colour,
    else in a new set (Turn 2: cards beyond a full set start a new set of that colour)."""
    for index, group in enumerate(sets):
        if group.colour == colour and not group.complete:
            return replace_at(sets, index, replace(group, cards=group.cards + (card,)))
    return sets + (PropertySet(colour, (card,)),)


def locate(sets: Sets, card: str) -> int | None:
    """The index of the set holding ``card`` as a property or wild, or ``None``."""
    for index, group in enumerate(sets):
        if card in group.cards:
            return index
    return None


def take_out(sets: Sets, card: str) -> tuple[Sets, tuple[str, ...]]:
    """``sets`` without the property or wild ``card`` (which must be in one), and the buildings
    freed: a set that stops being complete loses its house and hotel, which go to the owner's
    bank as money ([UNVERIFIED] common ruling, Paying). A set left empty disappears."""
    index = locate(sets, card)
    assert index is not None, f"{card} is in no set"
    group = sets[index]
    left = replace(group, cards=tuple(other for other in group.cards if other != card))
    freed: tuple[str, ...] = ()
    if group.complete and not left.complete:
        freed = group.buildings
        left = replace(left, house=None, hotel=None)
    if not left.cards:
        return sets[:index] + sets[index + 1 :], freed
    return replace_at(sets, index, left), freed


def building_set(sets: Sets, card: str) -> int | None:
    """The index of the set on which ``card`` is built (a house or hotel), or ``None``."""
    for index, group in enumerate(sets):
        if card in (group.house, group.hotel):
            return index
    return None


def remove_building(sets: Sets, card: str) -> Sets:
    """``sets`` without the house or hotel ``card``."""
    index = building_set(sets, card)
    assert index is not None, f"{card} is built nowhere"
    group = sets[index]
    if group.hotel == card:
        return replace_at(sets, index, replace(group, hotel=None))
    return replace_at(sets, index, replace(group, house=None))


def payable(bank: tuple[str, ...], sets: Sets) -> tuple[str, ...]:
    """Every card a debt may be paid with (Paying: from the table only): the bank, then per set
    its hotel, or its house when it has no hotel (a hotel stands on the house), then its cards
    but multicolour wilds (no value: they cannot be used to pay)."""
    cards = list(bank)
    for group in sets:
        if group.hotel is not None:
            cards.append(group.hotel)
        elif group.house is not None:
            cards.append(group.house)
        cards += [card for card in group.cards if CARDS[card].value]
    return tuple(cards)


def table_value(bank: tuple[str, ...], sets: Sets) -> int:
    """The bank, properties and buildings on a table, in M (the round limit's tie-break)."""
    cards = [*bank, *(card for group in sets for card in (*group.cards, *group.buildings))]
    return sum(CARDS[card].value for card in cards)


def complete_colours(sets: Sets) -> int:
    """How many different colours a player has a complete set of (Winning: 3 wins)."""
    return len({group.colour for group in sets if group.complete})


def has_won(sets: Sets) -> bool:
    """Winning: complete sets of 3 different colours."""
    return complete_colours(sets) >= SETS_TO_WIN


def set_rent(group: PropertySet) -> int:
    """The rent one set collects (``rent_owed`` with its cards and buildings)."""
    return rent_owed(
        group.colour, len(group.cards), house=group.house is not None, hotel=group.hotel is not None
    )


def best_rent(sets: Sets, colour: str) -> int:
    """The best rent of a player's sets of ``colour`` (0 without one)."""
    return max((set_rent(group) for group in sets if group.colour == colour), default=0)
