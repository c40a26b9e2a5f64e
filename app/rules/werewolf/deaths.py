"""Werewolf's deaths and what follows each (rules/werewolf.md, "Settled for online play",
Deaths and Win): the lover's grief, the reveal, the Elder's curse on the villagers' powers, the
win check and the end; with the private notes and the match's draws they share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import TypeVar

from app.rules.kit import Event, replace_at
from app.rules.werewolf.checks import living, lover_of
from app.rules.werewolf.components import LOSE_POWERS
from app.rules.werewolf.state import NIGHT_STEPS, Note, Result, State, event
from app.rules.werewolf.winning import side_seats, winners

T = TypeVar("T")


def log(state: State, *events: Event) -> State:
    """The state with public log entries added."""
    return replace(state, events=state.events + events)


def note(
    state: State,
    seat: int,
    kind: str,
    text: str,
    *,
    seats: Iterable[int] = (),
    role: str | None = None,
) -> State:
    """The state with a private note for ``seat`` (dated by the running night or day)."""
    when = "night" if state.step in NIGHT_STEPS else "day"
    line = Note(when, state.number, kind, text, tuple(seats), role)
    return replace(state, notes=replace_at(state.notes, seat, state.notes[seat] + (line,)))


def draw(state: State, items: Sequence[T]) -> tuple[T, State]:
    """One of ``items`` drawn by the match RNG (``State.rng``, advanced)."""
    item, rng = state.rng.choice(items)
    return item, replace(state, rng=rng)


def seats_text(seats: Iterable[int]) -> str:
    """Seats in words: "seat 3", "seats 1, 4 and 6"."""
    listed = [str(seat) for seat in sorted(seats)]
    if len(listed) == 1:
        return f"seat {listed[0]}"
    return f"seats {', '.join(listed[:-1])} and {listed[-1]}"


# --- deaths ------------------------------------------------------------------------------------


def kill(state: State, seats: Iterable[int]) -> tuple[State, tuple[int, ...]]:
    """``seats`` die at once; then a dead lover's partner dies of grief (Cupid: "the other dies
    of grief immediately"). Roles are revealed with ``reveal: "on_death"`` (Deaths). Returns the
    state and the grief deaths. A dead Sheriff stays ``State.sheriff`` until his successor is
    named (``day.after_deaths``)."""
    dead = [seat for seat in dict.fromkeys(seats) if state.alive[seat]]
    grief = []
    for seat in dead:
        lover = lover_of(state, seat)
        if lover is not None and state.alive[lover] and lover not in dead and lover not in grief:
            grief.append(lover)
    alive = list(state.alive)
    revealed = list(state.revealed)
    for seat in (*dead, *grief):
        alive[seat] = False
        if state.options.reveal == "on_death":
            revealed[seat] = True
    return replace(state, alive=tuple(alive), revealed=tuple(revealed)), tuple(grief)


def shown_role(state: State, seat: int) -> str | None:
    """A dead player's role as the log names it: revealed on death, else hidden (Deaths)."""
    return state.roles[seat] if state.revealed[seat] else None


def lose_powers(state: State) -> State:
    """Elder (Roles 11): killed by the village or the Witch, the villagers lose their powers
    (``components.LOSE_POWERS``). Each living holder learns it privately: the log does not say
    it, as it would tell how a dead player died or what he was while roles stay hidden."""
    state = replace(state, powers_lost=True)
    for seat in living(state):
        if state.roles[seat] in LOSE_POWERS:
            state = note(
                state,
                seat,
                "powers",
                "The Elder was killed by the village or by the Witch: you lose your powers.",
            )
    return state


def check_win(state: State) -> State:
    """Win: checked after every death (and every dawn, for the Piper); the match ends at once
    (``winners``, design 1.4)."""
    side = winners(state.roles, state.alive, state.lovers, state.enchanted)
    return state if side is None else finish(state, side)


def finish(state: State, side: str) -> State:
    """The match is over: the winning side's seats (``winning.side_seats``), every role,
    the spare cards, the lovers and the enchanted revealed in the log (Win)."""
    seats = side_seats(side, state.roles, state.lovers)
    over = event(
        "game_over",
        side=side,
        winners=seats,
        roles=state.roles,
        spares=state.spares,
        lovers=state.lovers,
        enchanted=state.enchanted,
    )
    return log(
        replace(
            state, step="over", phase="over", actor=None, result=Result(side=side, seats=seats)
        ),
        over,
    )
