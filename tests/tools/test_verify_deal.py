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
from pathlib import Path
from typing import Any

import pytest

from app.rules import GAMES
from tests.tools.deals import (
    SEEDS,
    VARIANTS,
    assert_same,
    cases,
    choose_decks,
    expected,
    record_of,
    script_view,
)
from tools import verify_deal

SCRIPT = Path(__file__).resolve().parents[2] / "tools" / "verify_deal.py"


@pytest.mark.parametrize(("game", "players", "options"), cases())
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
            state, actions = choose_decks(state, rules)
        record = record_of(game, players=players, seed=seed, options=options, actions=actions)
        dealt = verify_deal.deal(record, verify_deal.check_record(record))
        assert_same(game, expected(game, state), script_view(game, dealt))


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
        record = record_of(game, players=players, seed=seed, options=options, start_seat=chosen)
        dealt = verify_deal.deal(record, verify_deal.check_record(record))
        assert_same(game, expected(game, state), script_view(game, dealt))


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
        record = record_of("monster_tcg", players=2, seed=seed, options=options)
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
        record = record_of("werewolf", players=7, seed=seed, options={"roles": roles})
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
    record = record_of("poison", players=4, seed=seed, options={})
    record["seed"] = bytes([seed[0] ^ 1]).hex() + record["seed"][2:]
    with pytest.raises(verify_deal.Refused, match="REFUSED"):
        verify_deal.check_record(record)


def test_a_changed_commitment_is_refused() -> None:
    record = record_of("poison", players=4, seed=SEEDS[0], options={})
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
    path.write_text(json.dumps(record_of("tong_its", players=3, seed=seed, options={})))

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
    record = record_of(game, players=players, seed=seed, options=options)
    dealt = verify_deal.deal(record, verify_deal.check_record(record))
    assert branch(dealt)
    assert_same(game, expected(game, state), script_view(game, dealt))


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


def test_forehead_words_lists_are_the_games() -> None:
    """The word tables, themes and emote catalogue the script embeds (generated from the
    game's data) are the game's, row for row: every language, every theme, in table order."""
    from app.rules.forehead_words.emotes import EMOTE_KEYS
    from app.rules.forehead_words.words import THEME_KEYS, WORD_LISTS

    assert verify_deal.FOREHEAD_THEMES == THEME_KEYS
    assert verify_deal.FOREHEAD_EMOTES == EMOTE_KEYS
    assert verify_deal.FOREHEAD_WORDS == {
        language: tuple((w.theme, w.kind, w.text, w.emote or "") for w in words)
        for language, words in WORD_LISTS.items()
    }


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_script_deals_exactly_the_player_counts_the_game_accepts(game: str) -> None:
    rules = GAMES[game]
    accepted = []
    for players in range(1, 20):
        try:
            rules.check_options(players, {})
        except ValueError:
            continue
        accepted.append(players)
    assert list(verify_deal.PLAYER_COUNTS[game]) == accepted
    record = record_of(game, players=accepted[0], seed=SEEDS[0], options={})
    record["players"] = accepted[-1] + 1
    with pytest.raises(verify_deal.Refused, match="player count"):
        verify_deal.deal(record, verify_deal.check_record(record))


def test_a_hand_edited_option_is_refused_not_a_crash(tmp_path: Path) -> None:
    record = record_of("werewolf", players=8, seed=SEEDS[0], options={})
    record["options"]["roles"] = 5  # neither "preset" nor role counts
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    run = _run(path)
    assert run.returncode == 1
    assert run.stderr.startswith("The record cannot be dealt")
