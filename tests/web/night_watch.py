"""A small game with timed phases, secret moves and chat channels, to test the platform's side
of them (``GameRules.phase_clock``, ``expire``, ``sealed``, ``channels``) apart from Werewolf.

Three seats. Night ``n`` (a 30 s phase): seats 0 and 1 each pick a number 1-3 in secret (each
sees only their own pick); the night ends when both picked or at its deadline (a missing pick
counts 0). At dawn the sum is announced. Day ``n`` (60 s; the host may end it early): every
seat says ``ready``, in public; when all are ready (or at the deadline) the next night begins.
After day 2 the game is over, nobody wins. Channels: ``table`` (everyone reads, writes by day),
``pair`` (seats 0 and 1 only, always).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from app.rules.base import Action, GameRules, IllegalAction, Outcome, PhaseClock
from app.rules.rng import Rng

PAIR = (0, 1)
DAYS = 2


@dataclass(frozen=True)
class State:
    phase: str  # "night" | "day" | "over"
    day: int
    picks: tuple[int | None, int | None]
    ready: tuple[bool, bool, bool]
    log: tuple[tuple[str, int], ...]


def new_game(*, players: int, seed: bytes, options: Any, start_seat: int | None = None) -> State:
    return State(phase="night", day=1, picks=(None, None), ready=(False,) * 3, log=())


def to_act(state: State) -> frozenset[int]:
    if state.phase == "night":
        return frozenset(seat for seat in PAIR if state.picks[seat] is None)
    if state.phase == "day":
        return frozenset(seat for seat in range(3) if not state.ready[seat])
    return frozenset()


def legal_actions(state: State, seat: int) -> list[Action]:
    if seat not in to_act(state):
        return []
    if state.phase == "night":
        return [{"type": "pick", "number": number} for number in (1, 2, 3)]
    return [{"type": "ready"}]


def apply(state: State, seat: int, action: Action) -> State:
    if action not in legal_actions(state, seat):
        raise IllegalAction("not_now", "You cannot do that now.")
    if action["type"] == "pick":
        picks = tuple(action["number"] if other == seat else state.picks[other] for other in PAIR)
        state = replace(state, picks=picks)  # type: ignore[arg-type]
        return _dawn(state) if None not in picks else state
    ready = tuple(True if other == seat else state.ready[other] for other in range(3))
    state = replace(state, ready=ready, log=(*state.log, ("ready", seat)))  # type: ignore[arg-type]
    return _dusk(state) if all(ready) else state


def expire(state: State, phase: str) -> State:
    clock = phase_clock(state)
    if clock is None or clock.phase != phase:
        raise IllegalAction("stale_phase", "That phase is over already.")
    return _dawn(state) if state.phase == "night" else _dusk(state)


def phase_clock(state: State) -> PhaseClock | None:
    if state.phase == "night":
        return PhaseClock(phase=f"night-{state.day}", seconds=30)
    if state.phase == "day":
        return PhaseClock(phase=f"day-{state.day}", seconds=60, host_may_end=True)
    return None


def view(state: State, seat: int | None) -> dict[str, Any]:
    return {
        "phase": state.phase,
        "day": state.day,
        "my_pick": state.picks[seat] if seat in PAIR and seat is not None else None,
        "ready": list(state.ready),
    }


def outcome(state: State) -> Outcome | None:
    return Outcome(scores=[0, 0, 0], winners=frozenset()) if state.phase == "over" else None


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    return [{"type": kind, "value": value} for kind, value in state.log]


def channels(state: State, seat: int | None) -> dict[str, str]:
    found = {"table": "write" if state.phase == "day" and seat is not None else "read"}
    if seat in PAIR:
        found["pair"] = "write"
    return found


def check_options(players: int, options: Any) -> dict[str, Any]:
    if players != 3 or options:
        raise IllegalAction("bad_option", "Night watch is for 3 players, with no options.")
    return {}


def bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    return legal[0]


def _dawn(state: State) -> State:
    total = sum(pick or 0 for pick in state.picks)
    return replace(state, phase="day", ready=(False,) * 3, log=(*state.log, ("dawn", total)))


def _dusk(state: State) -> State:
    if state.day == DAYS:
        return replace(state, phase="over", log=(*state.log, ("over", state.day)))
    return replace(state, phase="night", day=state.day + 1, picks=(None, None))


NIGHT_WATCH: GameRules[State] = GameRules(
    slug="night_watch",
    title="Night watch",
    min_players=3,
    max_players=3,
    default_options={},
    check_options=check_options,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    outcome=outcome,
    log=log,
    bot=bot,
    phase_clock=phase_clock,
    expire=expire,
    channels=channels,
    sealed=True,
)
