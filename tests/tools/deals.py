"""Shared by the deal verifiers' tests (issue 29): exported-record-shaped records, the option
sets that change a deal, and what ``new_game`` dealt read from its state in the verifiers' terms
(tools/verify_deal.py and static/js/lib/deal.js print the same JSON)."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

import pytest

from app.matches.records import RECORD_FORMAT
from app.rules import GAMES

SEEDS = [hashlib.sha256(f"deal-{n}".encode()).digest() for n in range(3)]


def record_of(
    game: str,
    *,
    players: int,
    seed: bytes,
    options: dict[str, Any],
    start_seat: int | None = None,
    actions: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """An exported-record-shaped dict (app/matches/records.py ``record``), full options filled in
    by the game as the server stores them."""
    rules = GAMES[game]
    return {
        "format": RECORD_FORMAT,
        "match_id": 1,
        "game": game,
        "title": rules.title,
        "rules_version": rules.version,
        "players": players,
        "player_names": [f"P{seat}" for seat in range(players)],
        "options": rules.check_options(players, options),
        "start_seat": start_seat,
        "seed": seed.hex(),
        "commitment": hashlib.sha256(seed).hexdigest(),
        "actions": actions or [],
        "outcome": None,
    }


# Option sets that change what is dealt (every other option leaves the deal alone).
VARIANTS: dict[str, list[dict[str, Any]]] = {
    "coloretto": [{}],
    "da_vinci_code": [
        {},
        {"jokers": True},
        {"opening": "random"},
        {"opening": "random", "jokers": True},
    ],
    "elements": [{}],
    "forehead_words": [
        {},
        {"language": "zh-Hans", "judged": True},
        {"language": "ja", "themes": ["ktv", "dinner", "pe"]},
        {"language": "hu", "judged": True, "themes": ["arts", "class"]},
    ],
    "manhattan": [{}],
    "master_of_rules": [{}],
    "monopoly_deal": [{}, {"deck": "extended"}],
    "monster_tcg": [
        {"deck_1": "ember", "deck_2": "tide"},
        {"deck_size": 30, "deck_1": "surge", "deck_2": "grove"},
        {},  # decks chosen in play: the verifier reads the choose_deck actions
    ],
    "poison": [{}],
    "sequence_numbers": [{}, {"plus_cards": 0, "minus_cards": 4}, {"plus_cards": 4}],
    "tong_its": [{}],
    "uno": [{}],
    "werewolf": [{}],
}


def cases() -> list[Any]:
    cases = []
    for game, variants in VARIANTS.items():
        rules = GAMES[game]
        for players in range(rules.min_players, rules.max_players + 1):
            try:
                rules.check_options(players, {})
            except ValueError:
                continue  # a count the game refuses (Sequence Numbers has no 5)
            for index, options in enumerate(variants):
                cases.append(pytest.param(game, players, options, id=f"{game}-{players}-{index}"))
    return cases


def _tile(tile: Any) -> str:
    return f"{tile.colour}-{'joker' if tile.number is None else tile.number}"


def _same_cards(left: list[Any], right: list[Any]) -> bool:
    return Counter(map(str, left)) == Counter(map(str, right))


def expected(game: str, state: Any) -> dict[str, Any]:
    """What ``new_game`` dealt, read from its state in the script's terms. Hands the state
    keeps sorted are compared as multisets (``_sorted_hands`` below)."""
    if game == "coloretto":
        return {
            "removed_colour": state.removed_colour,
            "starting_cards": [collection[0] for collection in state.collections],
            "pile": list(state.pile),
            "start_seat": state.start_seat,
        }
    if game == "da_vinci_code":
        hands, first = [], 0
        for row in state.rows:
            hands.append([_tile(state.tiles[first + k]) for k in range(len(row))])
            first += len(row)
        return {
            "hands": hands,
            "pools": {
                "black": [_tile(t) for t in state.pools[0]],
                "white": [_tile(t) for t in state.pools[1]],
            },
            "start_seat": state.start_seat,
        }
    if game == "elements":
        return {
            "row": list(state.row),
            "hands": [[card.id for card in hand] for hand in state.hands],
            "pile": [card.id for card in state.pile],
            "start_seat": state.start_seat,
        }
    if game == "forehead_words":
        return {
            "words": [
                {"theme": word.theme, "kind": word.kind, "text": word.text} for word in state.words
            ],
            "bar": list(state.bar),
        }
    if game == "manhattan":
        return {
            "hands": [list(hand) for hand in state.hands],
            "deck": list(state.deck),
            "start_seat": state.start_seat,
        }
    if game == "master_of_rules":

        def number(card: Any) -> str:
            return f"{card.colour}-{card.value}"

        return {
            "hand_numbers": [[number(card) for card in hand] for hand in state.hand_numbers],
            "hand_rules": [list(hand) for hand in state.hand_rules],
            "display_numbers": [number(card) for card in state.display_numbers],
            "display_rules": list(state.display_rules),
            "number_deck": [number(card) for card in state.number_deck],
            "rule_deck": list(state.rule_deck),
            "start_seat": state.start_seat,
        }
    if game == "monopoly_deal":
        return {
            "hands": [list(hand) for hand in state.hands],
            "deck": list(state.deck),
            "start_seat": state.first,
        }
    if game == "monster_tcg":
        return {
            "seats": [
                {
                    "deck_id": side.deck_id,
                    "mulligans": side.mulligans,
                    "hand": list(side.hand),
                    "prizes": list(side.prizes),
                    "deck": list(side.deck),
                }
                for side in state.sides
            ]
        }
    if game == "poison":
        return {
            "hands": [list(hand) for hand in state.hands],
            "set_aside": list(state.set_aside),
            "start_seat": state.start_seat,
        }
    if game == "sequence_numbers":
        return {
            "hands": [list(hand) for hand in state.hands],
            "deck": list(state.deck),
            "start_seat": state.start_seat,
        }
    if game == "tong_its":
        return {
            "dealer": state.dealer,
            "hands": [[card.to_json() for card in hand] for hand in state.hands],
            "stock": [card.to_json() for card in state.stock],
        }
    if game == "uno":
        draws = next(event for event in state.events if event.type == "dealer_chosen")
        return {
            "dealer_draws": [list(draw) for draw in dict(draws.fields)["draws"]],
            "dealer": state.dealer,
            "hands": [list(hand) for hand in state.hands],
            "first_card": state.discard[0][0],
            "pile": list(state.pile),
        }
    assert game == "werewolf"
    return {"roles": list(state.dealt), "spares": list(state.spares)}


def script_view(game: str, dealt: dict[str, Any]) -> dict[str, Any]:
    """The script's deal brought to the state's shape: the opening moves that change hands
    (Monopoly Deal's first draw, UNO's first Draw Two) are applied as the docstrings say."""
    view = dict(dealt)
    if game == "monopoly_deal":
        first = view.pop("start_seat")
        view["hands"] = [list(hand) for hand in view["hands"]]
        view["hands"][first] += view.pop("first_draw")
        view["start_seat"] = first
        view.pop("start_seat_drawn")
    elif game == "monster_tcg":
        view = {"seats": [{**seat, "mulligans": len(seat["mulligans"])} for seat in view["seats"]]}
    elif game == "tong_its":
        view.pop("dealer_drawn")
    elif game == "uno":
        hands = [list(hand) for hand in view["hands"]]
        if view["first_player_draws"]:
            hands[(view["dealer"] + 1) % len(hands)] += view["first_player_draws"]
        view = {key: view[key] for key in ("dealer_draws", "dealer", "first_card", "pile")}
        view["hands"] = hands
    view.pop("start_seat_drawn", None)
    return view


SORTED_HANDS = {
    # The state keeps these hands sorted (the order of a hand tells nothing), so order is lost.
    "elements": ("hands",),
    "master_of_rules": ("hand_numbers", "hand_rules", "display_numbers", "display_rules"),
    "monopoly_deal": (),
    "poison": ("hands",),
    "tong_its": ("hands",),
    "uno": ("hands",),
}


def assert_same(game: str, expected: dict[str, Any], actual: dict[str, Any]) -> None:
    assert set(expected) == set(actual)
    for key in expected:
        if key in SORTED_HANDS.get(game, ()):
            if expected[key] and isinstance(expected[key][0], list):
                assert len(expected[key]) == len(actual[key]), key
                for seat, (want, got) in enumerate(zip(expected[key], actual[key], strict=True)):
                    assert _same_cards(want, got), (key, seat, want, got)
            else:
                assert _same_cards(expected[key], actual[key]), key
        else:
            assert expected[key] == actual[key], key


def choose_decks(state: Any, rules: Any) -> tuple[Any, list[dict[str, Any]]]:
    """Monster Duel with decks chosen in play: seat 0 takes "grove", seat 1 "ember"."""
    actions = []
    for seat, deck in ((0, "grove"), (1, "ember")):
        action = {"type": "choose_deck", "deck": deck}
        state = rules.apply(state, seat, action)
        actions.append({"seq": seat + 1, "seat": seat, "action": action, "stand_in": False})
    return state, actions
