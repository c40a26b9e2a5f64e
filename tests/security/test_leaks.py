"""Wire-level leak harness (issue 4): every frame each seat and a spectator receive, in whole
matches played through the real WebSocket endpoint, is checked against the game's declared
secrets (tests/security/secrets/)."""

from __future__ import annotations

import dataclasses
import json
import random
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any

import orjson
import pytest
from starlette.testclient import TestClient

from app.rules import GAMES, GameRules
from app.rules.forehead_words.checks import in_play
from app.rules.kit import can
from app.rules.rng import Rng
from tests.security.secrets import SECRETS, Secrets, changed_options
from tests.support import replayed_states
from tests.web.helpers import Guest, MatchSocket, start, watch_code


def _most_players(rules: GameRules[Any], options: dict[str, Any]) -> int:
    """The largest table that takes ``options`` (Manhattan's six rounds are for 2-3 players)."""
    for players in reversed(rules.player_counts):
        if can(rules.check_options, players, options):
            return players
    raise AssertionError(f"{rules.slug}: no table takes {options}")


# A sealed game sends a viewer no frame for a move it may not see: test_sealed_wire.py plays
# those with a driver that expects as much.
CASES = [
    pytest.param(slug, players, {}, id=f"{slug}-{players}p")
    for slug, rules in sorted(GAMES.items())
    if not rules.sealed
    for players in sorted({rules.player_counts[0], rules.player_counts[-1]})
] + [
    pytest.param(
        slug,
        _most_players(rules, changed_options(slug)),
        changed_options(slug),
        id=f"{slug}-options",
    )
    for slug, rules in sorted(GAMES.items())
    if changed_options(slug) and not rules.sealed
]


@dataclass
class Wire:
    """Everything one viewer received in order: (kind, frame text as sent, the message it stands
    for: a delta as the full state it leads to)."""

    frames: list[tuple[str, str, dict[str, Any]]] = field(default_factory=list)

    def receive(self, socket: MatchSocket) -> dict[str, Any]:
        """The next state or error frame (presence frames are recorded and checked too)."""
        while True:
            text, message = socket.receive_frame()
            self.frames.append((message["t"], text, message))
            if message["t"] != "presence":
                return message


def test_every_game_declares_its_secrets() -> None:
    assert set(SECRETS) == set(GAMES)


def leaked(secrets: Secrets, state: Any, viewer: int | None, text: str) -> str | None:
    """The first secret of ``state`` (``Secrets.items``) that ``text``, sent to ``viewer``,
    holds, or None. The texts the viewer typed itself (``Secrets.typed``: printed as JSON
    strings, as a frame prints them) are taken out first: they teach it nothing."""
    for mine in secrets.typed(state, viewer):
        for form in {json.dumps(mine, ensure_ascii=False), json.dumps(mine)}:
            text = text.replace(form, '""')
    return next((item for item in secrets.items(state, viewer) if item in text), None)


def _play(
    client: TestClient, slug: str, players: int, options: dict[str, Any], rng: random.Random
) -> dict[str, Any]:
    """A whole match with one guest per seat (moves chosen by the game's bot from the view each
    guest received) and a spectator; returns the frames per viewer and HTTP answers mid-game."""
    rules: GameRules[Any] = GAMES[slug]
    guests = [Guest(client, f"Player {seat + 1}") for seat in range(players)]
    watcher = Guest(client, "Watcher")
    created = {"game": slug, "players": players, "options": options}
    lobby = guests[0].post("/api/lobbies", created).json()
    for guest in guests[1:]:
        guest.post("/api/lobbies/join", {"invite_code": lobby["invite_code"]})
    match_id = start(guests[0], lobby["id"])
    code = watch_code(guests[0], lobby["id"])  # the watcher holds the table's watch link
    wires: dict[int | None, Wire] = {viewer: Wire() for viewer in [*range(players), None]}
    http: dict[int | None, list[str]] = {viewer: [] for viewer in wires}
    with ExitStack() as stack:
        sockets = {
            viewer: stack.enter_context(
                guests[viewer].ws(match_id)
                if viewer is not None
                else watcher.ws(match_id, watch=code)
            )
            for viewer in wires
        }
        latest = {viewer: wires[viewer].receive(sockets[viewer]) for viewer in wires}
        for step in range(5000):
            if latest[0]["d"]["outcome"] is not None:
                break
            acting = [seat for seat in range(players) if latest[seat]["d"]["legal"]]
            # Where several seats may act (Forehead words: every living player, at any time),
            # they take turns, as at a table: always the first would leave it talking alone,
            # forever once it has guessed its own word (a CI run hit one such 5000-step match).
            seat = acting[step % len(acting)]
            # Seats with nothing to do now (in a simultaneous answer, such as Tong-its' fight or
            # fold, another seat to act would have its move accepted: a CI run on SQLite hit it).
            others = [viewer for viewer in range(players) if viewer not in acting]
            if step % 7 == 0 and others:
                # An out-of-turn move: its error frame is checked like the rest.
                idle = others[step % len(others)]
                move = {"t": "act", "v": latest[idle]["v"], "d": latest[seat]["d"]["legal"][0]}
                sockets[idle].send_json(move)
                assert wires[idle].receive(sockets[idle])["t"] == "error"
            if step == 3:
                for viewer in wires:
                    guest = guests[viewer] if viewer is not None else watcher
                    query = "" if viewer is not None else f"?watch={code}"
                    for path in ("", "/record", "/export", "/verify", "/replay"):
                        url = f"/api/matches/{match_id}{path}{query}"
                        http[viewer].append(guest.get(url).text)
            data = latest[seat]["d"]
            action = rules.bot(data["view"], data["legal"], Rng(rng.randbytes(32), "client"))
            sockets[seat].send_json({"t": "act", "v": latest[seat]["v"], "d": action})
            latest = {viewer: wires[viewer].receive(sockets[viewer]) for viewer in wires}
            assert all(message["t"] == "state" for message in latest.values())
        else:
            pytest.fail("the match did not end")
    record = guests[0].get(f"/api/matches/{match_id}/record").json()
    return {"wires": wires, "http": http, "record": record}


@pytest.mark.parametrize(("slug", "players", "options"), CASES)
def test_no_frame_carries_a_secret(
    client: TestClient, slug: str, players: int, options: dict[str, Any]
) -> None:
    rules: GameRules[Any] = GAMES[slug]
    secrets = SECRETS[slug]
    rng = random.Random(f"{slug}:{players}:{sorted(options.items())}")
    played = _play(client, slug, players, options, rng)
    assert played["record"]["options"] == GAMES[slug].check_options(players, options)
    record = played["record"]
    truth = replayed_states(record)
    final = len(truth) - 1

    for viewer, wire in played["wires"].items():
        # After the first state, moves come as deltas: checked below as sent (the secrets) and
        # as the state they lead to (the views and logs).
        assert any(message.get("delta") for _, _, message in wire.frames), viewer
        version = 0
        for kind, text, message in wire.frames:
            if kind == "state":
                version = message["v"]
            now = truth[version]
            if version < final:
                assert record["seed"] not in text, f"the seed reached {viewer} before the end"
            secret = leaked(secrets, now, viewer, text)
            assert secret is None, f"{slug}: {secret} reached viewer {viewer} at v{version}"
            if kind == "state":
                twin = secrets.scramble(now, viewer, rng)
                # The frame is what the rules show this viewer, and the rules show the same
                # whatever the viewer may not see.
                assert message["d"]["view"] == rules.view(now, viewer) == rules.view(twin, viewer)
                assert message["d"]["log"] == rules.log(now, viewer) == rules.log(twin, viewer)
                if viewer is not None:
                    assert rules.legal_actions(now, viewer) == rules.legal_actions(twin, viewer)
    for viewer, answers in played["http"].items():
        for text in answers:
            assert record["seed"] not in text
            assert leaked(secrets, truth[3], viewer, text) is None


def test_a_seer_who_knows_every_role_is_shown_no_secret_list() -> None:
    """The Werewolf declaration: a living Seer who has looked at every other seat knows every
    role (its view shows them all), so the list of roles is no secret to it; to a villager it
    still is. (The sealed-wire harness once flagged such a Seer's frame as a leak.)"""
    werewolf: GameRules[Any] = GAMES["werewolf"]
    state = werewolf.new_game(players=5, seed=bytes(32), options={})
    seer = state.roles.index("seer")
    looks = tuple((seat, role) for seat, role in enumerate(state.roles) if seat != seer)
    knowing = dataclasses.replace(state, seen=looks)
    listed = json.dumps(list(state.roles), separators=(",", ":"))
    assert None not in werewolf.view(knowing, seer)["roles"]
    assert listed not in SECRETS["werewolf"].items(knowing, seer)
    villager = state.roles.index("villager")
    assert listed in SECRETS["werewolf"].items(knowing, villager)


def test_a_hand_like_the_viewers_own_is_no_secret_to_it() -> None:
    """The Monster Duel declaration: another seat's hand is a secret, unless it is card for card
    the viewer's own, which the viewer's frame prints anyway (CI once dealt both seats
    field-notes, potion-pack, moss-turtle in that order and cried leak)."""
    duel: GameRules[Any] = GAMES["monster_tcg"]
    state = duel.new_game(players=2, seed=bytes(32), options={})
    hand = ("field-notes", "potion-pack", "moss-turtle")
    other = ("field-notes", "potion-pack", "drip-frog")
    listed = '"hand":["field-notes","potion-pack","moss-turtle"]'
    alike = dataclasses.replace(
        state, sides=tuple(dataclasses.replace(side, hand=hand) for side in state.sides)
    )
    assert listed not in SECRETS["monster_tcg"].items(alike, 0)
    mine, theirs = state.sides
    unlike = dataclasses.replace(
        state,
        sides=(dataclasses.replace(mine, hand=other), dataclasses.replace(theirs, hand=hand)),
    )
    assert listed in SECRETS["monster_tcg"].items(unlike, 0)


def test_a_seat_is_shown_its_own_word_only_where_it_typed_it() -> None:
    """The Forehead words declaration, the secret inverted (rules/forehead-words.md, Hidden):
    seat 0's own word is a secret to seat 0 alone, caught in a leaky frame (the spectator's
    view sent to it) and not in its own; a line it typed itself may hold its word (an action
    word's text, which does not put it out), and its twin, wearing another word, is shown the
    same while the leaky view tells the two apart."""
    game: GameRules[Any] = GAMES["forehead_words"]
    secrets = SECRETS["forehead_words"]
    state = game.new_game(players=4, seed=bytes(32), options={})
    action_word = next(
        word for word in in_play(state) if word.kind == "action" and word not in state.words
    )
    state = dataclasses.replace(state, words=(action_word, *state.words[1:]))

    def sent(state: Any, shown: int | None) -> str:
        return orjson.dumps(game.view(state, shown)).decode()

    assert leaked(secrets, state, 0, sent(state, 0)) is None
    assert leaked(secrets, state, 0, sent(state, None)) is not None
    # Seat 1 reads seat 0's word: no secret to it.
    assert leaked(secrets, state, 1, sent(state, 1)) is None
    assert action_word.text in sent(state, 1)
    typing = game.apply(state, 0, {"type": "say", "text": action_word.text})
    assert typing.alive[0]
    frame = sent(typing, 0)
    assert any(item in frame for item in secrets.items(typing, 0))
    assert leaked(secrets, typing, 0, frame) is None
    twin = secrets.scramble(typing, 0, random.Random(0))
    assert twin.words[0] != action_word
    assert game.view(twin, 0) == game.view(typing, 0)
    assert game.view(twin, None) != game.view(typing, None)
