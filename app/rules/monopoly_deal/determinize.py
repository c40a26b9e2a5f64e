"""Monopoly Deal's ``determinize`` (issue 27): a whole match a seat could be in, drawn from its
view (rules/monopoly-deal.md, Information), for the strong bot's search."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from app.rules.monopoly_deal.components import DECK, EXTENDED_DECK, Options
from app.rules.monopoly_deal.state import Pending, PropertySet, Result, State
from app.rules.rng import Rng


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A whole match that ``seat`` could be in, seeing ``view``: the other hands and the draw
    pile are secret (rules/monopoly-deal.md, Information), so the cards of the deck in no bank,
    property area (buildings included), discard pile or the seat's own hand are shuffled and
    dealt, each hand as many as ``hand_sizes`` shows, the rest the draw pile (a card being paid
    already lies with its recipient, an action card played for its effect on the discards).
    Secret too, and drawn afresh: the reshuffle stream's position, and the seat that started,
    which only the log shows (it only says when a round ends, for the round limit). The log is
    not rebuilt (``events`` is empty): a search needs none."""
    options = Options(**view["options"])
    sets = tuple(tuple(_set_of(group) for group in owned) for owned in view["sets"])
    own = tuple(view["hand"])
    seen = {
        *own,
        *view["discards"],
        *(card for bank in view["banks"] for card in bank),
        *(card for owned in sets for group in owned for card in group.cards + group.buildings),
    }
    full = EXTENDED_DECK if options.deck == "extended" else DECK
    cards, rng = rng.shuffle([card for card in full if card not in seen])
    hands: list[tuple[str, ...]] = []
    for holder, count in enumerate(view["hand_sizes"]):
        if holder == seat:
            hands.append(own)
        else:
            hands.append(cards[:count])
            cards = cards[count:]
    first, rng = rng.randbelow(view["players"])
    reshuffle, rng = rng.randbelow(1 << 256)
    result = view["result"]
    return State(
        options=options,
        players=view["players"],
        first=first,
        phase=view["phase"],
        turn=view["turn"],
        plays_left=view["plays_left"],
        round=view["round"],
        hands=tuple(hands),
        deck=cards,
        discards=tuple(view["discards"]),
        banks=tuple(tuple(bank) for bank in view["banks"]),
        sets=sets,
        pending=None if view["pending"] is None else _pending_of(view["pending"]),
        moved_wilds=tuple(view["moved_wilds"]),
        rng=Rng(reshuffle.to_bytes(32, "big"), "reshuffle"),
        result=None
        if result is None
        else Result(result["winner"], tuple(result["winners"]), result["reason"]),
        events=(),
    )


def _set_of(seen: Mapping[str, Any]) -> PropertySet:
    """A property set from its view (``_set_seen``)."""
    return PropertySet(seen["colour"], tuple(seen["cards"]), seen["house"], seen["hotel"])


def _pending_of(seen: Mapping[str, Any]) -> Pending:
    """The action under way from its view (``_pending_seen``)."""
    return Pending(
        kind=seen["kind"],
        actor=seen["actor"],
        card=seen["card"],
        target=seen["target"],
        targets=tuple(seen["targets"]),
        stage=seen["stage"],
        amount=seen["amount"],
        chain=tuple(seen["chain"]),
        paid=tuple(seen["paid"]),
        owed=seen["owed"],
        take=seen["take"],
        give=seen["give"],
        set_cards=() if seen["set"] is None else tuple(seen["set"]["cards"]),
        colour=seen["colour"],
        doubles=tuple(seen["doubles"]),
    )
