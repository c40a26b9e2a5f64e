"""A whole Monster Duel match one seat could be in, drawn from its view (issue 27,
``GameRules.determinize``; rules/monster-tcg.md, Hidden: hands, decks, prizes, the other's
deck choice until the match starts, the face-down setup until both are done)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.monster_tcg.components import PLAYERS, is_basic
from app.rules.monster_tcg.decks import DECK_IDS, DECKS_BY_ID, FULL_SIZE, PRIZES, Options
from app.rules.monster_tcg.state import Creature, Side, State
from app.rules.rng import Rng

TRIES = 50
"""Draws of a hidden hand before one of its cards is swapped for a Basic it must hold."""


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A match ``seat`` could be in, seeing ``view``. Kept as shown: everything in play, the
    discards, the seat's own hand, every count (hands, decks, prizes, mulligans), the turn and
    its limits. Drawn: each side's cards nowhere in sight (its deck list, by the deck size,
    less what is shown) dealt at random to the other's hand, its prizes and its deck (in a
    random order); during the setup the other's face-down creatures from its Basics, its hand
    holding a Basic while it has no active; the other's deck while it is chosen but secret.
    Honoured: the searcher's deck holds exactly the Basics ``search`` lists (the others of its
    pool are prizes). Not kept: the log (``events`` is empty), the random streams (fresh ones:
    coins and prize picks are the future's), ``start_seat`` (a coin decides the first player
    of a setup still running: the table's choice is no part of the view)."""
    phase = view["phase"]
    shown = view["players"]
    other = 1 - seat
    draws = Rng(rng.seed, f"{rng.purpose}:{rng.counter}/hidden")
    deck_ids: list[str | None] = [player["deck"] for player in shown]
    if shown[other]["chosen"] and deck_ids[other] is None:
        deck_ids[other], draws = draws.choice(DECK_IDS)
    size = _deck_size(view, seat)
    options = Options(
        deck_size=size,
        deck_1=_fixed(view, 0, seat),
        deck_2=_fixed(view, 1, seat),
    )
    sides: list[Side] = []
    next_uid = 1
    for owner in range(PLAYERS):
        side, next_uid, draws = _side(view, owner, seat, deck_ids[owner], size, next_uid, draws)
        sides.append(side)
    turn = view["turn"]
    if phase == "promote":
        turn = view["first"] if view["number"] % 2 == 1 else 1 - view["first"]
    this_turn = view["this_turn"]
    played: tuple[int, ...] = ()
    if view["turn"] is not None:
        creatures = sides[view["turn"]].creatures()
        offset = 0 if sides[view["turn"]].active is not None else 1
        played = tuple(creatures[slot - offset].uid for slot in this_turn["played"])
    promoting: tuple[int, ...] = ()
    if phase == "promote" and turn is not None:
        promoting = tuple(s for s in (turn, 1 - turn) if sides[s].active is None)
    return State(
        options=options,
        phase=phase,
        sides=(sides[0], sides[1]),
        turn=turn,
        number=view["number"],
        first=view["first"],
        start_seat=None,
        prizes_total=view["prizes_total"],
        deal=Rng(rng.seed, f"{rng.purpose}:{rng.counter}/deal"),
        coins=Rng(rng.seed, f"{rng.purpose}:{rng.counter}/coins"),
        picks=Rng(rng.seed, f"{rng.purpose}:{rng.counter}/prizes"),
        energy_attached=this_turn["energy_attached"],
        retreated=this_turn["retreated"],
        played=played,
        promoting=promoting,
        sudden_death=view["sudden_death"],
        winners=None if view["winners"] is None else tuple(view["winners"]),
        reason=view["reason"],
        next_uid=next_uid,
        events=(),
    )


def _deck_size(view: Mapping[str, Any], seat: int) -> int:
    """The deck size: told by the prizes of the first game, else by the seat's own cards (every
    card of its list is somewhere it sees or counts)."""
    if view["sudden_death"] == 0:
        return next(size for size, prizes in PRIZES.items() if prizes == view["prizes_total"])
    own = view["players"][seat]
    in_play = [own["active"], *own["bench"]] if own["active"] else own["bench"]
    total = own["hand_count"] + own["deck_count"] + own["prizes"] + len(own["discard"])
    total += sum(len(c["under"]) + 1 + len(c["energy"]) for c in in_play)
    return total or FULL_SIZE


def _fixed(view: Mapping[str, Any], owner: int, seat: int) -> str:
    """The option ``deck_1``/``deck_2`` as far as it shows: the other's deck shown while the
    decks are chosen is fixed; anything else is drawn as chosen (it shows the same)."""
    deck = view["players"][owner]["deck"]
    if view["phase"] == "deck" and owner != seat and deck is not None:
        return str(deck)
    return "choose"


def _creature(shown: Mapping[str, Any], uid: int) -> Creature:
    return Creature(
        uid=uid,
        cards=(*shown["under"], shown["card"]),
        damage=shown["damage"],
        energy=tuple(shown["energy"]),
        conditions=tuple(shown["conditions"]),
    )


def _side(
    view: Mapping[str, Any],
    owner: int,
    seat: int,
    deck_id: str | None,
    size: int,
    next_uid: int,
    rng: Rng,
) -> tuple[Side, int, Rng]:
    """One side, its hidden cards drawn (``determinize``); the next free uid and the rng."""
    shown = view["players"][owner]
    phase = view["phase"]
    chosen = shown["chosen"]
    if phase == "deck" or deck_id is None:
        return Side(deck_id=deck_id, chosen=chosen), next_uid, rng
    places = [shown["active"], *shown["bench"]] if shown["active"] is not None else shown["bench"]
    face_down = [place["card"] is None for place in places]
    pool = Counter(DECKS_BY_ID[deck_id].cards(size))
    pool.subtract(shown["discard"])
    for place in places:
        if place["card"] is not None:
            pool.subtract([*place["under"], place["card"], *place["energy"]])
    mine = owner == seat
    hand: tuple[str, ...] = tuple(shown["hand"]) if mine else ()
    pool.subtract(hand)
    unseen, rng = rng.shuffle(sorted(pool.elements()))
    cards = list(unseen)
    # The other's face-down creatures (the setup): Basics of its pool.
    hidden_creatures: list[str] = []
    for _ in range(sum(face_down)):
        index = next(i for i, card in enumerate(cards) if is_basic(card))
        hidden_creatures.append(cards.pop(index))
    prizes_count, deck_count = shown["prizes"], shown["deck_count"]
    if not mine:
        hand, cards, rng = _hidden_hand(view, shown, cards, rng)
    if view["phase"] == "search" and view["turn"] == owner and mine:
        prizes, deck, rng = _searched(cards, view["search"], prizes_count, rng)
    else:
        prizes, deck = tuple(cards[:prizes_count]), tuple(cards[prizes_count:])
    assert len(deck) == deck_count, (owner, len(deck), deck_count)
    creatures = []
    for place in places:
        if place["card"] is None:
            place = {**place, "card": hidden_creatures.pop(0), "under": [], "energy": []}
        creatures.append(_creature(place, next_uid))
        next_uid += 1
    active = creatures[0] if shown["active"] is not None else None
    bench = tuple(creatures[1:] if active is not None else creatures)
    side = Side(
        deck_id=deck_id,
        chosen=chosen,
        ready=shown["ready"],
        hand=hand,
        deck=deck,
        prizes=prizes,
        discard=tuple(shown["discard"]),
        active=active,
        bench=bench,
        mulligans=shown["mulligans"],
        extra_done=shown["extra_done"],
    )
    return side, next_uid, rng


def _hidden_hand(
    view: Mapping[str, Any], shown: Mapping[str, Any], cards: list[str], rng: Rng
) -> tuple[tuple[str, ...], list[str], Rng]:
    """The other's hand from the shuffled ``cards`` (the rest returned). In the setup, with no
    active placed yet, it holds a Basic (the deal's mulligans made sure): drawn again until it
    does, else one of its cards is swapped for a Basic of the rest."""
    count = shown["hand_count"]
    needs_basic = view["phase"] == "setup" and shown["active"] is None and count > 0
    for _ in range(TRIES):
        if not needs_basic or any(is_basic(card) for card in cards[:count]):
            break
        shuffled, rng = rng.shuffle(cards)
        cards = list(shuffled)
    if needs_basic and not any(is_basic(card) for card in cards[:count]):
        index = next((i for i, card in enumerate(cards) if is_basic(card)), None)
        if index is not None:
            cards[0], cards[index] = cards[index], cards[0]
    return tuple(cards[:count]), cards[count:], rng


def _searched(
    cards: Sequence[str], search: Sequence[str], prizes_count: int, rng: Rng
) -> tuple[tuple[str, ...], tuple[str, ...], Rng]:
    """The searcher's prizes and deck: the deck holds exactly the Basics ``search`` lists (one
    of each set aside for it), every other Basic of its pool is a prize."""
    listed = set(search)
    rest = list(cards)
    reserved = []
    for name in search:
        rest.remove(name)
        reserved.append(name)
    forced = [card for card in rest if is_basic(card) and card not in listed]
    for card in forced:
        rest.remove(card)
    free = prizes_count - len(forced)
    prizes = forced + rest[:free]
    deck, rng = rng.shuffle([*reserved, *rest[free:]])
    shuffled_prizes, rng = rng.shuffle(prizes)
    return shuffled_prizes, deck, rng
