"""Werewolf's rules: the contract of design 1.1, the timed phases (``phase_clock``,
``expire``), the move table, and the transient steps between night and day."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from app.rules.base import Action, IllegalAction, Outcome, PhaseClock
from app.rules.kit import MoveRule, can, choose_start, log_for, play_move
from app.rules.rng import Rng
from app.rules.werewolf import day, night
from app.rules.werewolf.checks import (
    CHECKS,
    check_turn,
    parse,
    to_act as _to_act,
)
from app.rules.werewolf.components import (
    NAMES,
    Options,
    check_options,
    deck,
    resolve_roles,
    step_seconds,
)
from app.rules.werewolf.deaths import seats_text
from app.rules.werewolf.state import Day, Night, Note, State, event
from app.rules.werewolf.views import channels, view

__all__ = [
    "apply",
    "channels",
    "expire",
    "legal_actions",
    "log",
    "new_game",
    "outcome",
    "phase_clock",
    "to_act",
    "view",
]

# --- the contract (design 1.1) -----------------------------------------------------------------


def new_game(
    *, players: int, seed: bytes, options: Mapping[str, Any], start_seat: int | None = None
) -> State:
    """A freshly dealt match, night 1 begun. The deal (package docstring): the role set's
    cards in ``ROLES`` order (the Thief's 2 extra Villagers included) shuffled by
    ``Rng(seed, "deal")``; seat k takes card k, the 2 left over are the spare cards. Nobody
    starts in Werewolf: ``start_seat`` is checked and has no effect."""
    full = check_options(players, options)
    choose_start(start_seat, drawn=0, players=players)
    counts = resolve_roles(players, full["roles"])
    chosen = Options(roles=counts, **{key: value for key, value in full.items() if key != "roles"})
    cards, _ = Rng(seed, "deal").shuffle(deck(dict(counts)))
    dealt = cards[:players]
    state = State(
        options=chosen,
        players=players,
        dealt=dealt,
        roles=dealt,
        spares=cards[players:],
        alive=(True,) * players,
        revealed=(False,) * players,
        lovers=None,
        enchanted=(),
        sheriff=None,
        potions=(True, True),
        elder_life=True,
        powers_lost=False,
        barred=(),
        step="deal",
        number=0,
        phase="deal",
        night=Night(),
        day=Day(),
        actor=None,
        after="discussion",
        owed=(),
        successions=(),
        notes=tuple(first_notes(dealt, cards[players:], seat) for seat in range(players)),
        seen=(),
        rng=Rng(seed, "ties"),
        result=None,
        events=(event("dealt", players=players, cards=tuple(Counter(deck(dict(counts))).items())),),
    )
    return _advance(night.start_night(state))


def to_act(state: State) -> frozenset[int]:
    """The seats that have something to do now (at night the server keeps this private)."""
    return _to_act(state)


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every legal action of ``seat`` in a stable order: the kinds of the running step in the
    order of ``STEP_ACTIONS``, each with its arguments in seat order (``null`` last)."""
    if not can(check_turn, state, seat):
        return []
    actions: list[Action] = []
    for kind in STEP_ACTIONS[state.step]:
        check = CHECKS[kind]
        for args in _arguments(state, kind):
            if can(check, state, seat, *args):
                actions.append(_wire(kind, args))
    return actions


def apply(state: State, seat: int, action: Action) -> State:
    """The state after ``seat`` plays ``action``; raises ``IllegalAction`` if it is not legal."""
    check_turn(state, seat)
    return _advance(play_move(state, seat, parse(action), moves=MOVES))


def outcome(state: State) -> Outcome | None:
    """``None`` while the match runs; then 1 point per seat of the winning side, 0 else, and
    the detail (``Result.to_json``: the side, its seats, every role, the spare cards, the
    lovers and the enchanted)."""
    result = state.result
    if result is None:
        return None
    scores = [1 if seat in result.seats else 0 for seat in range(state.players)]
    return Outcome(scores=scores, winners=frozenset(result.seats), detail=result.to_json(state))


def log(state: State, seat: int | None) -> list[dict[str, Any]]:
    """The log, the same for every viewer: public events only (``GAME.public_log``)."""
    return log_for(state.events, None)


# --- timed phases (base.PhaseClock) --------------------------------------------------------------


def phase_clock(state: State) -> PhaseClock | None:
    """The running phase's timer (``components.step_seconds``); none once over. The host may
    end the discussion early (Settled, Day: "the host or a vote of all living players may end
    it early")."""
    if state.result is not None:
        return None
    return PhaseClock(
        state.phase,
        step_seconds(state.step, state.options),
        host_may_end=state.step == "discussion",
    )


def expire(state: State, phase: str) -> State:
    """The state once ``phase`` has run out (or the host ended the discussion): what was not
    done is not done (Night: "a role that does not act before the timer ends does nothing");
    ``stale_phase`` when ``phase`` is not the running one."""
    if state.result is not None or phase != state.phase:
        raise IllegalAction(
            "stale_phase", "The phase {phase} is not running.", phase=repr(str(phase)[:40])
        )
    return _advance(EXPIRES[state.step](state))


EXPIRES: Mapping[str, Callable[[State], State]] = {
    "night": night.end_night_step,
    "witch": lambda state: replace(state, step="dawn"),
    "discussion": day.end_discussion,
    "candidacy": day.start_election,
    "election": day.end_election,
    "vote": day.end_vote,
    "tiebreak": day.tiebreak_expired,
    "scapegoat": day.scapegoat_expired,
    "successor": day.successor_expired,
}
"""What each step's timer running out does (package docstring, Timers)."""


def _advance(state: State) -> State:
    """Play the transient steps: the dawn after the night, the next night after the day."""
    while state.step in ("dawn", "dusk"):
        state = day.dawn(state) if state.step == "dawn" else night.start_night(state)
    return state


# --- the move table ----------------------------------------------------------------------------

MOVES: Mapping[str, MoveRule[State]] = {
    "keep_card": MoveRule(CHECKS["keep_card"], night.keep_card),
    "take_card": MoveRule(CHECKS["take_card"], night.take_card),
    "choose_lover": MoveRule(CHECKS["choose_lover"], night.choose_lover),
    "see": MoveRule(CHECKS["see"], night.see),
    "point": MoveRule(CHECKS["point"], night.point),
    "enchant": MoveRule(CHECKS["enchant"], night.enchant),
    "save": MoveRule(CHECKS["save"], night.save),
    "poison": MoveRule(CHECKS["poison"], night.poison),
    "pass": MoveRule(CHECKS["pass"], night.witch_pass),
    "ready": MoveRule(CHECKS["ready"], day.ready),
    "stand": MoveRule(CHECKS["stand"], day.stand),
    "not_stand": MoveRule(CHECKS["not_stand"], day.not_stand),
    "vote": MoveRule(CHECKS["vote"], day.vote),
    "break_tie": MoveRule(CHECKS["break_tie"], day.break_tie),
    "toggle_voter": MoveRule(CHECKS["toggle_voter"], day.toggle_voter),
    "confirm_voters": MoveRule(CHECKS["confirm_voters"], day.confirm_voters),
    "name_successor": MoveRule(CHECKS["name_successor"], day.name_successor),
}
"""The move table ``apply`` plays from: each action's check (the one ``legal_actions`` asks)
and its effect."""

STEP_ACTIONS: Mapping[str, tuple[str, ...]] = {
    "night": ("keep_card", "take_card", "choose_lover", "see", "point", "enchant"),
    "witch": ("save", "poison", "pass"),
    "discussion": ("ready",),
    "candidacy": ("stand", "not_stand"),
    "election": ("vote",),
    "vote": ("vote",),
    "tiebreak": ("break_tie",),
    "scapegoat": ("toggle_voter", "confirm_voters"),
    "successor": ("name_successor",),
    "over": (),
}
"""The action kinds of each step, in the order ``legal_actions`` lists them."""

_TARGETED = frozenset(
    {"choose_lover", "see", "point", "enchant", "poison", "vote", "break_tie", "toggle_voter"}
    | {"name_successor"}
)
"""The actions naming a seat (``target``)."""


def _arguments(state: State, kind: str) -> list[tuple[Any, ...]]:
    """Every argument tuple worth asking the check of ``kind`` about."""
    if kind == "take_card":
        return [(0,), (1,)]
    if kind in _TARGETED:
        seats: list[tuple[Any, ...]] = [(seat,) for seat in range(state.players)]
        return [*seats, (None,)] if kind in ("vote", "break_tie") else seats
    return [()]


def _wire(kind: str, args: tuple[Any, ...]) -> Action:
    """A move as an action on the wire."""
    if kind == "take_card":
        return {"type": kind, "card": args[0]}
    if kind in _TARGETED:
        return {"type": kind, "target": args[0]}
    return {"type": kind}


# --- the deal's notes --------------------------------------------------------------------------


def first_notes(dealt: tuple[str, ...], spares: tuple[str, ...], seat: int) -> tuple[Note, ...]:
    """What each seat learns at the deal (Roles are dealt: each sees only their own role; the
    spare cards only the Thief; the werewolves know each other, night 1)."""
    role = dealt[seat]
    notes = [Note("night", 1, "role", f"You are the {NAMES[role]}.", (seat,), role)]
    if role == "thief":
        text = f"The spare cards are the {NAMES[spares[0]]} and the {NAMES[spares[1]]}."
        notes.append(Note("night", 1, "spares", text))
    if role == "werewolf":
        wolves = tuple(other for other, card in enumerate(dealt) if card == "werewolf")
        text = f"The werewolves are {seats_text(wolves)}."
        notes.append(Note("night", 1, "pack", text, wolves, "werewolf"))
    return tuple(notes)
