"""The standalone verifier (tools/verify_deal.py, issue 29) deals exactly what ``new_game`` dealt,
for every game, several seeds, every player count and the options that change a deal; and it
refuses a record whose seed or commitment was changed.

Expected values come from the rules themselves: the state ``new_game`` returns (its hands, piles,
decks and start seat), read field by field. The script never imports Parlor, so agreement here
means its docstring-derived deal is the one Parlor plays."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from app.matches.records import RECORD_FORMAT
from app.rules import GAMES
from tools import verify_deal

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "verify_deal.py"

SEEDS = [hashlib.sha256(f"deal-{n}".encode()).digest() for n in range(3)]


def _record(
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


def _cases() -> list[Any]:
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


def _expected(game: str, state: Any) -> dict[str, Any]:
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


def _script_view(game: str, dealt: dict[str, Any]) -> dict[str, Any]:
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


def _assert_same(game: str, expected: dict[str, Any], actual: dict[str, Any]) -> None:
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


def _choose_decks(state: Any, rules: Any) -> tuple[Any, list[dict[str, Any]]]:
    """Monster Duel with decks chosen in play: seat 0 takes "grove", seat 1 "ember"."""
    actions = []
    for seat, deck in ((0, "grove"), (1, "ember")):
        action = {"type": "choose_deck", "deck": deck}
        state = rules.apply(state, seat, action)
        actions.append({"seq": seat + 1, "seat": seat, "action": action, "stand_in": False})
    return state, actions


@pytest.mark.parametrize(("game", "players", "options"), _cases())
def test_the_script_deals_what_new_game_dealt(
    game: str, players: int, options: dict[str, Any]
) -> None:
    rules = GAMES[game]
    for seed in SEEDS:
        state = rules.new_game(
            players=players, seed=seed, options=rules.check_options(players, options)
        )
        actions: list[dict[str, Any]] = []
        if game == "monster_tcg" and state.phase == "deck":
            state, actions = _choose_decks(state, rules)
        record = _record(game, players=players, seed=seed, options=options, actions=actions)
        dealt = verify_deal.deal(record, verify_deal.check_record(record))
        _assert_same(game, _expected(game, state), _script_view(game, dealt))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_start_seat_chosen_by_the_table_changes_only_the_start(game: str) -> None:
    """A rematch's start seat (the record's ``start_seat``) replaces the drawn one; the cards
    dealt stay what the seed says (each docstring: drawn either way)."""
    rules = GAMES[game]
    players = rules.min_players
    options = VARIANTS[game][0]
    seed = SEEDS[1]
    for chosen in range(players):
        state = rules.new_game(
            players=players,
            seed=seed,
            options=rules.check_options(players, options),
            start_seat=chosen,
        )
        record = _record(game, players=players, seed=seed, options=options, start_seat=chosen)
        dealt = verify_deal.deal(record, verify_deal.check_record(record))
        _assert_same(game, _expected(game, state), _script_view(game, dealt))


def test_monster_duel_first_coin_is_the_first_player() -> None:
    """The first coin of ``Rng(seed, "coins")`` decides who goes first (heads: seat 0), as the
    script prints it; checked by playing the setup to its end with the rules."""
    rules = GAMES["monster_tcg"]
    firsts = set()
    for n in range(6):
        seed = hashlib.sha256(f"coin-{n}".encode()).digest()
        options = rules.check_options(2, {"deck_1": "ember", "deck_2": "tide"})
        state = rules.new_game(players=2, seed=seed, options=options)
        for seat in (0, 1):
            place = next(a for a in rules.legal_actions(state, seat) if a["type"] == "place_active")
            state = rules.apply(state, seat, place)
            state = rules.apply(state, seat, {"type": "setup_done"})
        record = _record("monster_tcg", players=2, seed=seed, options=options)
        dealt = verify_deal.deal(record, verify_deal.check_record(record))
        assert dealt["start_seat"] == state.first
        firsts.add(state.first)
    assert firsts == {0, 1}  # both outcomes seen, so the check is not vacuous


def test_werewolf_custom_role_set() -> None:
    """A host's own role set (option ``roles``) is dealt in ``ROLES`` order, Thief's spares too."""
    rules = GAMES["werewolf"]
    roles = {"werewolf": 2, "thief": 1, "seer": 1, "villager": 3}
    for seed in SEEDS:
        state = rules.new_game(
            players=7, seed=seed, options=rules.check_options(7, {"roles": roles})
        )
        record = _record("werewolf", players=7, seed=seed, options={"roles": roles})
        dealt = verify_deal.deal(record, verify_deal.check_record(record))
        assert dealt == {"roles": list(state.dealt), "spares": list(state.spares)}
        assert len(dealt["spares"]) == 2


def test_the_generator_matches_parlors() -> None:
    """The script's generator against app/rules/rng.py on the same seed and purpose."""
    from app.rules.rng import Rng

    theirs = Rng(SEEDS[0], "deal")
    ours = verify_deal.Rng(SEEDS[0], "deal")
    for n in (1, 2, 3, 7, 52, 108, 2**255 + 1):
        value, theirs = theirs.randbelow(n)
        assert ours.randbelow(n) == value
    shuffled, theirs = theirs.shuffle(range(60))
    assert ours.shuffle(range(60)) == list(shuffled)


def test_a_changed_seed_is_refused() -> None:
    seed = SEEDS[0]
    record = _record("poison", players=4, seed=seed, options={})
    record["seed"] = bytes([seed[0] ^ 1]).hex() + record["seed"][2:]
    with pytest.raises(verify_deal.Refused, match="REFUSED"):
        verify_deal.check_record(record)


def test_a_changed_commitment_is_refused() -> None:
    record = _record("poison", players=4, seed=SEEDS[0], options={})
    record["commitment"] = hashlib.sha256(b"another seed").hexdigest()
    with pytest.raises(verify_deal.Refused, match="REFUSED"):
        verify_deal.check_record(record)


def _run(path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    # The script runs with a bare interpreter and no project on the path: it needs nothing else.
    return subprocess.run(
        [sys.executable, "-I", str(SCRIPT), str(path), *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def test_the_script_as_a_program_prints_the_deal_and_refuses_a_changed_record(
    tmp_path: Path,
) -> None:
    rules = GAMES["tong_its"]
    seed = SEEDS[2]
    state = rules.new_game(players=3, seed=seed, options=rules.check_options(3, {}))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_record("tong_its", players=3, seed=seed, options={})))

    printed = _run(path)
    assert printed.returncode == 0, printed.stderr
    assert "Commitment OK" in printed.stdout
    assert f"\ndealer: {state.dealer}\n" in printed.stdout

    as_json = _run(path, "--json")
    assert as_json.returncode == 0
    dealt = json.loads(as_json.stdout)["deal"]
    assert dealt["stock"] == [card.to_json() for card in state.stock]

    changed = json.loads(path.read_text())
    changed["seed"] = (
        "00" + changed["seed"][2:] if changed["seed"][:2] != "00" else "01" + changed["seed"][2:]
    )
    path.write_text(json.dumps(changed))
    refused = _run(path)
    assert refused.returncode == 1
    assert "REFUSED" in refused.stderr
    assert refused.stdout == ""


@pytest.mark.parametrize(
    ("game", "options", "label", "branch"),
    [
        # Seeds found by searching for the rare branches of each deal, so each is exercised.
        ("uno", {}, "uno-3", lambda dealt: len(dealt["dealer_draws"]) > 4),  # a tie redrawn
        ("uno", {}, "uno-14", lambda dealt: dealt["wild4_reshuffles"] > 0),  # Wild Draw Four up
        ("uno", {}, "uno-18", lambda dealt: dealt["first_player_draws"]),  # Draw Two up
        (
            "monster_tcg",
            {"deck_size": 30, "deck_1": "ember", "deck_2": "tide"},
            "mull-11",
            lambda dealt: any(seat["mulligans"] for seat in dealt["seats"]),  # a mulligan
        ),
    ],
)
def test_rare_branches_of_a_deal(
    game: str, options: dict[str, Any], label: str, branch: Any
) -> None:
    rules = GAMES[game]
    players = 4 if game == "uno" else 2
    seed = hashlib.sha256(label.encode()).digest()
    state = rules.new_game(
        players=players, seed=seed, options=rules.check_options(players, options)
    )
    record = _record(game, players=players, seed=seed, options=options)
    dealt = verify_deal.deal(record, verify_deal.check_record(record))
    assert branch(dealt)
    _assert_same(game, _expected(game, state), _script_view(game, dealt))


def test_monster_duel_deck_lists_are_the_games() -> None:
    """Every deck list the script builds (the docstring's table) is the game's own, both sizes;
    the deals above use only some of them."""
    from app.rules.monster_tcg.components import is_basic
    from app.rules.monster_tcg.decks import DECKS

    for deck in DECKS:
        for size in (60, 30):
            assert verify_deal.monster_list(deck.id, size) == list(deck.cards(size))
            basics = {card for card in deck.cards(size) if is_basic(card)}
            assert basics <= verify_deal.MONSTER_BASICS
