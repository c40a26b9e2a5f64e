"""Werewolf's action parsing, who has something to do, and the legality checks: one check per
action kind, shared by ``legal_actions`` and ``apply`` (style 4.2; rules/werewolf.md, "Settled
for online play")."""

from __future__ import annotations

from collections.abc import Callable

from app.rules.base import Action, IllegalAction
from app.rules.kit import N_, Move, parse_kind
from app.rules.werewolf.state import State

ACTION_FIELDS: dict[str, frozenset[str]] = {
    "keep_card": frozenset({"type"}),
    "take_card": frozenset({"type", "card"}),
    "choose_lover": frozenset({"type", "target"}),
    "see": frozenset({"type", "target"}),
    "point": frozenset({"type", "target"}),
    "enchant": frozenset({"type", "target"}),
    "save": frozenset({"type"}),
    "poison": frozenset({"type", "target"}),
    "pass": frozenset({"type"}),
    "ready": frozenset({"type"}),
    "stand": frozenset({"type"}),
    "not_stand": frozenset({"type"}),
    "vote": frozenset({"type", "target"}),
    "break_tie": frozenset({"type", "target"}),
    "toggle_voter": frozenset({"type", "target"}),
    "confirm_voters": frozenset({"type"}),
    "name_successor": frozenset({"type", "target"}),
}
"""The fields of each action on the wire; anything else is malformed."""

MAY_BE_NULL = frozenset({"vote", "break_tie"})
"""The actions whose ``target`` may be ``null``: abstaining, or the Sheriff's "no execution"."""

STEP_WORDS = (
    N_("night"),
    N_("witch"),
    N_("discussion"),
    N_("candidacy"),
    N_("election"),
    N_("vote"),
    N_("tiebreak"),
    N_("scapegoat"),
    N_("successor"),
)
"""The steps as the refusals name them (``{step}``, a word translated where it is shown)."""

# --- parsing -------------------------------------------------------------------------------------


def parse(action: Action) -> Move:
    """An action's type and its argument (a seat, a spare card 0 or 1, or nothing), or
    ``bad_action`` for anything malformed (another type, missing or extra fields, a target that
    is not a whole number, or ``null`` where it may not be)."""
    kind = parse_kind(action, ACTION_FIELDS, game="Werewolf")
    if kind == "take_card":
        card = action["card"]
        if type(card) is not int or card not in (0, 1):
            raise IllegalAction("bad_action", "card is 0 or 1: one of the two spare cards.")
        return Move(kind, (card,))
    if "target" in ACTION_FIELDS[kind]:
        target = action["target"]
        if target is None and kind in MAY_BE_NULL:
            return Move(kind, (None,))
        if type(target) is not int:
            raise IllegalAction("bad_action", "target is a seat number.")
        return Move(kind, (target,))
    return Move(kind)


# --- who is who ------------------------------------------------------------------------------


def living(state: State) -> list[int]:
    """The living seats, in seat order."""
    return [seat for seat in range(state.players) if state.alive[seat]]


def lover_of(state: State, seat: int) -> int | None:
    """The other lover of ``seat``, or ``None``."""
    if state.lovers is None or seat not in state.lovers:
        return None
    first, second = state.lovers
    return second if seat == first else first


def idiot_out(state: State, seat: int) -> bool:
    """Village Idiot (seed): voted out, he revealed and lost the right to vote."""
    return state.roles[seat] == "idiot" and state.revealed[seat] and state.alive[seat]


def may_vote(state: State, seat: int) -> bool:
    """Day, the vote: every living player but a revealed Idiot and those the Scapegoat barred
    (Scapegoat: who may vote "the next day")."""
    return state.alive[seat] and not idiot_out(state, seat) and seat not in state.barred


def powerful(state: State, seat: int, role: str) -> bool:
    """``seat`` is alive, holds ``role`` and still has its powers (Elder)."""
    return state.alive[seat] and state.roles[seat] == role and not state.powers_lost


# --- duties: who has something to do now -------------------------------------------------------


def point_targets(state: State, seat: int) -> list[int]:
    """Werewolves: every living non-werewolf but the werewolf's lover (Cupid: lovers never
    target each other). The one it points at already is listed too: pointing there again
    keeps the pointing (a werewolf stays to act until the victim is fixed, and one that agrees
    with the pack must be able to hold its choice)."""
    lover = lover_of(state, seat)
    return [
        target for target in living(state) if state.roles[target] != "werewolf" and target != lover
    ]


def enchant_targets(state: State, seat: int) -> list[int]:
    """Piper: two other living players not yet enchanted; when fewer remain, those remain."""
    return [
        target
        for target in living(state)
        if target != seat and target not in state.enchanted and target not in state.night.enchanting
    ]


def night_duties(state: State, seat: int) -> bool:
    """Night: ``seat`` still has a night action (the Thief, Cupid and the Seer until they act,
    a werewolf until the victim is fixed, the Piper until his two picks)."""
    night = state.night
    role = state.roles[seat]
    if not state.alive[seat]:
        return False
    if role == "thief":
        return state.number == 1 and not night.thief_done
    if role == "cupid":
        return state.number == 1 and state.lovers is None and not state.powers_lost
    if role == "seer":
        return powerful(state, seat, "seer") and night.seen is None and len(living(state)) > 1
    if role == "werewolf":
        return not night.fixed and bool(point_targets(state, seat))
    if role == "piper":
        return len(night.enchanting) < 2 and bool(enchant_targets(state, seat))
    return False


def acts(state: State, seat: int) -> bool:
    """Whether ``seat`` has something to do now (``to_act``, asked for one seat)."""
    step = state.step
    if step == "night":
        return night_duties(state, seat)
    if step == "witch":
        return state.roles[seat] == "witch" and state.alive[seat] and state.night.witch is None
    if step == "discussion":
        return state.alive[seat] and seat not in state.day.ready
    if step == "candidacy":
        return state.alive[seat] and seat not in state.day.answered
    if step in ("election", "vote"):
        return may_vote(state, seat) and all(voter != seat for voter, _ in state.day.votes)
    if step in ("tiebreak", "scapegoat", "successor"):
        return seat == state.actor
    return False


def to_act(state: State) -> frozenset[int]:
    """The seats that have something to do now; empty once over (and during a step where nobody
    can act but the clock runs: a dead Witch's step while roles stay hidden)."""
    return frozenset(seat for seat in range(state.players) if acts(state, seat))


def check_turn(state: State, seat: int) -> None:
    """Refuse every seat once the match is over, and any seat with nothing to do now."""
    if state.result is not None:
        raise IllegalAction("game_over", "The game is over.")
    if type(seat) is not int or not 0 <= seat < state.players or not acts(state, seat):
        raise IllegalAction("not_your_turn", "You have nothing to do now.")


# --- checks: the night ---------------------------------------------------------------------------


def _check_role(state: State, seat: int, step: str, role: str) -> None:
    """The step is ``step`` and ``seat`` holds ``role`` with something to do."""
    check_turn(state, seat)
    if state.step != step:
        raise IllegalAction("wrong_step", "This is not done in the {step} step.", step=state.step)
    if state.roles[seat] != role:
        raise IllegalAction("not_your_role", "Your role does not do that.")
    if step == "night" and not night_duties(state, seat):
        raise IllegalAction("not_your_turn", "You have nothing more to do tonight.")


def _check_seat(state: State, target: int, *, alive: bool = True) -> None:
    """``target`` is a seat of the table (a living one with ``alive``)."""
    if not 0 <= target < state.players:
        raise IllegalAction("bad_target", "There is no seat {seat}.", seat=target)
    if alive and not state.alive[target]:
        raise IllegalAction("bad_target", "Seat {seat} is dead.", seat=target)


def _check_not_lover(state: State, seat: int, target: int) -> None:
    """Cupid (seed): "lovers may never vote for or target each other"."""
    if target == lover_of(state, seat):
        raise IllegalAction("lover", "Lovers never target each other.")


def check_keep_card(state: State, seat: int) -> None:
    """Thief (seed): he may keep his card, unless both spare cards are werewolves."""
    _check_role(state, seat, "night", "thief")
    if all(card == "werewolf" for card in state.spares):
        raise IllegalAction("must_swap", "Both spare cards are werewolves: you must take one.")


def check_take_card(state: State, seat: int, card: int) -> None:
    """Thief (seed): on the first night he may swap his card for one of the two spare ones."""
    _check_role(state, seat, "night", "thief")


def check_choose_lover(state: State, seat: int, target: int) -> None:
    """Cupid (seed): names any two players, possibly himself, one at a time."""
    _check_role(state, seat, "night", "cupid")
    _check_seat(state, target)
    if target in state.night.lovers:
        raise IllegalAction("bad_target", "Seat {seat} is already named.", seat=target)


def check_see(state: State, seat: int, target: int) -> None:
    """Seer (seed): each night learns one other living player's true role."""
    _check_role(state, seat, "night", "seer")
    _check_seat(state, target)
    if target == seat:
        raise IllegalAction("bad_target", "You know your own role.")


def check_point(state: State, seat: int, target: int) -> None:
    """Werewolves choose together: each living werewolf points at a living non-werewolf, and
    may point again (elsewhere, or at the same target to hold it) until the victim is fixed."""
    _check_role(state, seat, "night", "werewolf")
    _check_seat(state, target)
    _check_not_lover(state, seat, target)
    if state.roles[target] == "werewolf":
        raise IllegalAction("bad_target", "Werewolves do not eat werewolves.")


def check_enchant(state: State, seat: int, target: int) -> None:
    """Piper (seed): enchants two other players (never himself) a night, one at a time."""
    _check_role(state, seat, "night", "piper")
    _check_seat(state, target)
    if target not in enchant_targets(state, seat):
        raise IllegalAction("bad_target", "Seat {seat} may not be enchanted.", seat=target)


def check_save(state: State, seat: int) -> None:
    """Witch (seed): the life potion saves the night's victim; one potion a night."""
    _check_witch(state, seat)
    if not state.potions[0] or state.powers_lost:
        raise IllegalAction("no_potion", "You have no life potion.")
    if state.night.victim is None:
        raise IllegalAction("bad_target", "Nobody was attacked tonight.")


def check_poison(state: State, seat: int, target: int) -> None:
    """Witch (seed): the death potion kills any living player (not herself, nor her lover)."""
    _check_witch(state, seat)
    if not state.potions[1] or state.powers_lost:
        raise IllegalAction("no_potion", "You have no death potion.")
    _check_seat(state, target)
    _check_not_lover(state, seat, target)
    if target == seat:
        raise IllegalAction("bad_target", "You may not poison yourself.")


def check_pass(state: State, seat: int) -> None:
    """Witch: she may use no potion tonight (she always may, potions left or not)."""
    _check_witch(state, seat)


def _check_witch(state: State, seat: int) -> None:
    _check_role(state, seat, "witch", "witch")


# --- checks: the day -----------------------------------------------------------------------------


def _check_step(state: State, seat: int, step: str) -> None:
    check_turn(state, seat)
    if state.step != step:
        raise IllegalAction("wrong_step", "This is not done in the {step} step.", step=state.step)


def check_ready(state: State, seat: int) -> None:
    """Day: "a vote of all living players may end [the discussion] early"."""
    _check_step(state, seat, "discussion")


def check_stand(state: State, seat: int) -> None:
    """Sheriff election: every living player may stand."""
    _check_step(state, seat, "candidacy")


def check_vote(state: State, seat: int, target: int | None) -> None:
    """Sheriff election: every living player votes for a candidate. Day, the vote: every
    eligible player names one living player (not himself nor his lover) or abstains."""
    check_turn(state, seat)
    if state.step == "election":
        if target not in state.day.candidates:
            raise IllegalAction("bad_target", "Vote for one of the candidates.")
        return
    if state.step != "vote":
        raise IllegalAction("wrong_step", "There is no vote in the {step} step.", step=state.step)
    if target is None:
        return
    _check_seat(state, target)
    _check_not_lover(state, seat, target)
    if target == seat:
        raise IllegalAction("bad_target", "You may not vote against yourself.")


def check_break_tie(state: State, seat: int, target: int | None) -> None:
    """Day, a tie: the Sheriff chooses among the tied (not his lover), or no execution."""
    _check_step(state, seat, "tiebreak")
    if target is None:
        return
    if target not in state.day.tied:
        raise IllegalAction("bad_target", "Choose one of the tied players, or nobody.")
    _check_not_lover(state, seat, target)


def check_toggle_voter(state: State, seat: int, target: int) -> None:
    """Scapegoat (seed): before dying he decides who may vote the next day, one living player
    at a time."""
    _check_step(state, seat, "scapegoat")
    _check_seat(state, target)


def check_confirm_voters(state: State, seat: int) -> None:
    """Scapegoat: his choice of the next day's voters is final."""
    _check_step(state, seat, "scapegoat")


def check_name_successor(state: State, seat: int, target: int) -> None:
    """Sheriff (seed): on death he names a living successor."""
    _check_step(state, seat, "successor")
    _check_seat(state, target)


CHECKS: dict[str, Callable[..., None]] = {
    "keep_card": check_keep_card,
    "take_card": check_take_card,
    "choose_lover": check_choose_lover,
    "see": check_see,
    "point": check_point,
    "enchant": check_enchant,
    "save": check_save,
    "poison": check_poison,
    "pass": check_pass,
    "ready": check_ready,
    "stand": check_stand,
    "not_stand": check_stand,
    "vote": check_vote,
    "break_tie": check_break_tie,
    "toggle_voter": check_toggle_voter,
    "confirm_voters": check_confirm_voters,
    "name_successor": check_name_successor,
}
"""Each action's legality check (``game.MOVES`` pairs them with their effects)."""
