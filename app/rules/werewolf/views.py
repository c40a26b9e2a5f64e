"""What each viewer of a Werewolf match may see and say: ``view`` (whitelisted, field by field)
and ``channels`` (rules/werewolf.md, "Settled for online play", Roles are dealt, Channels and
Dead players; ``base.GameRules.sealed``: nothing here may change for a viewer when another
seat acts in secret)."""

from __future__ import annotations

from typing import Any

from app.rules.base import Channels
from app.rules.kit import thaw
from app.rules.werewolf.checks import idiot_out, to_act
from app.rules.werewolf.components import step_seconds
from app.rules.werewolf.state import NIGHT_STEPS, State


def knows_all(state: State, seat: int | None) -> bool:
    """Every role and every secret: once the match is over (Win: "every role and channel is
    revealed"), and for a dead player with ``dead_see: "all"`` (Dead players), but not while
    he still has a decision of his life to make (``deciding``)."""
    if state.result is not None:
        return True
    if seat is None or state.alive[seat] or deciding(state, seat):
        return False
    return state.options.dead_see == "all"


def deciding(state: State, seat: int) -> bool:
    """``seat`` is the dead Sheriff naming his successor or the dead Scapegoat choosing the
    voters [Parlor: their choice is the last act of their life (Roles 8: "before dying"; 9:
    "before dying"), so until it is made they see and hear what they knew alive]."""
    return state.step in ("successor", "scapegoat") and seat == state.actor


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` (``None``: a spectator) sees. Public: the step, its number, phase name and
    timer, who lives, the public roles, the Sheriff, who may not vote, the day's public choices.
    Private, each to the seats that may know it: your role and notes, the pack and its live
    pointing (werewolves), the victim (the pack once fixed, the Witch in her step), the lovers
    (them and Cupid), the enchanted (the Piper; the enchanted as last shown), the spare cards
    (the Thief), the potions (the Witch), your own choices tonight; and everything for the dead
    (``dead_see: "all"``) and once over."""
    me = seat if seat is not None and 0 <= seat < state.players else None
    everything = knows_all(state, me)
    role = None if me is None else state.roles[me]
    wolf = role == "werewolf" or everything
    at_night = state.step in NIGHT_STEPS
    night = state.night
    acting = to_act(state)
    if at_night and not everything:
        shown_to_act = [me] if me in acting else []
    else:
        shown_to_act = sorted(acting)
    clock_seconds = None if state.result is not None else step_seconds(state.step, state.options)
    return {
        "game": "werewolf",
        "players": state.players,
        "you": me,
        "step": state.step,
        "number": state.number,
        "phase": state.phase,
        "seconds": clock_seconds,
        "to_act": shown_to_act,
        "alive": list(state.alive),
        "revealed": list(state.revealed),
        "roles": _roles_known(state, me, everything=everything),
        "sheriff": state.sheriff,
        "no_vote": sorted(
            {seat for seat in range(state.players) if idiot_out(state, seat)} | set(state.barred)
        ),
        "role": role,
        "notes": [] if me is None else [line.to_json() for line in state.notes[me]],
        "pack": _pack(state) if wolf else None,
        "pointing": list(night.pointing) if wolf and at_night else None,
        "victim": _victim_seen(state, role, everything=everything),
        "lovers": _lovers_seen(state, me, role, everything=everything),
        "enchanted": _enchanted_seen(state, me, role, everything=everything),
        "spares": list(state.spares)
        if everything or (me is not None and state.dealt[me] == "thief")
        else None,
        "potions": _potions(state) if everything or role == "witch" else None,
        "tonight": _tonight(state, role) if at_night and not everything else None,
        "day": _day(state),
        "secrets": _secrets(state) if everything else None,
        "options": state.options.to_json(),
        "result": None if state.result is None else state.result.to_json(state),
    }


def channels(state: State, seat: int | None) -> Channels:
    """The chat channels ``seat`` (``None``: a spectator) may read and write now (Channels):

    * ``"day"``, the table chat: the living write by day; everyone reads it always;
    * ``"werewolves"``: the living werewolves write at night; every werewolf reads it always
      (a dead one too: he was in it); the other dead read it with ``dead_see: "all"``; nobody
      else;
    * ``"dead"``: the dead write and read it; the living never have it.

    The dead Sheriff naming his successor and the dead Scapegoat choosing the voters read
    only what they read alive until they have chosen (``deciding``). Once over, every channel
    is readable by all (Win: "every role and channel is revealed") and the players keep the
    table chat."""
    me = seat if seat is not None and 0 <= seat < state.players else None
    if state.result is not None:
        shown = {"day": "read", "werewolves": "read", "dead": "read"}
        if me is not None:
            shown["day"] = "write"
        return shown
    if me is None:
        return {"day": "read"}
    at_night = state.step in NIGHT_STEPS
    wolf = state.roles[me] == "werewolf"
    if deciding(state, me):
        return {"day": "read", "werewolves": "read"} if wolf else {"day": "read"}
    if state.alive[me]:
        shown = {"day": "read" if at_night else "write"}
        if wolf:
            shown["werewolves"] = "write" if at_night else "read"
        return shown
    shown = {"day": "read", "dead": "write"}
    if wolf or state.options.dead_see == "all":
        shown["werewolves"] = "read"
    return shown


# --- the view's parts --------------------------------------------------------------------------


def _roles_known(state: State, me: int | None, *, everything: bool) -> list[str | None]:
    """Per seat, the role as ``me`` knows it: its own, the public ones (revealed on death, an
    Idiot voted out), the pack's to a werewolf, the Seer's answered looks; all of them to a
    viewer who knows everything."""
    wolf = me is not None and state.roles[me] == "werewolf"
    looks = dict(state.seen) if me is not None and state.roles[me] == "seer" else {}
    known: list[str | None] = []
    for seat, role in enumerate(state.roles):
        if everything or seat == me or state.revealed[seat] or (wolf and role == "werewolf"):
            known.append(role)
        else:
            known.append(looks.get(seat))
    return known


def _pack(state: State) -> list[int]:
    return [seat for seat, role in enumerate(state.roles) if role == "werewolf"]


def _victim_seen(state: State, role: str | None, *, everything: bool) -> dict[str, Any] | None:
    """The werewolves' victim during the night: to the pack once fixed, to the Witch in her
    step (she learns it after the wolves chose), to a viewer who knows everything."""
    night = state.night
    if state.step not in NIGHT_STEPS or not night.fixed:
        return None
    if everything or role == "werewolf" or (role == "witch" and state.step == "witch"):
        return {"seat": night.victim}
    return None


def _lovers_seen(
    state: State, me: int | None, role: str | None, *, everything: bool
) -> list[int] | None:
    """The lovers: to themselves, to Cupid, to a viewer who knows everything."""
    if state.lovers is None:
        return None
    if everything or role == "cupid" or me in state.lovers:
        return list(state.lovers)
    return None


def _enchanted_seen(
    state: State, me: int | None, role: str | None, *, everything: bool
) -> list[int] | None:
    """The enchanted: the Piper knows them all; an enchanted player those shown to him at the
    last dawn he saw (Piper: "all enchanted players ... are shown to each other")."""
    if everything or role == "piper":
        return list(state.enchanted)
    if me is None or me not in state.enchanted:
        return None
    shown = [line for line in state.notes[me] if line.kind == "enchanted"]
    return list(shown[-1].seats) if shown else None


def _potions(state: State) -> dict[str, bool]:
    life, death = state.potions
    return {"life": life, "death": death}


def _tonight(state: State, role: str | None) -> dict[str, Any] | None:
    """The viewer's own choices so far tonight (Cupid's picks, the Seer's look, the Piper's
    picks, what the Witch did); the werewolves see theirs in ``pointing``."""
    night = state.night
    if role == "cupid" and state.number == 1:
        return {"lovers": list(night.lovers)}
    if role == "seer":
        return {"see": night.seen}
    if role == "piper":
        return {"enchant": list(night.enchanting)}
    if role == "witch":
        return {"witch": night.witch, "poisoned": night.poisoned}
    return None


def _day(state: State) -> dict[str, Any]:
    """The running day step's public choices (Day: votes are public as they are cast)."""
    day = state.day
    return {
        "ready": list(day.ready),
        "answered": list(day.answered),
        "candidates": list(day.candidates),
        "votes": [{"seat": voter, "target": target} for voter, target in day.votes],
        "tied": list(day.tied),
        "ballot": list(day.ballot),
    }


def _secrets(state: State) -> dict[str, Any]:
    """Everything else, for a viewer who knows everything: tonight's choices, the Seer's
    looks, the Elder's extra life and whether the villagers lost their powers."""
    night = state.night
    return {
        "night": {
            "thief_done": night.thief_done,
            "lovers": list(night.lovers),
            "seen": night.seen,
            "pointing": list(night.pointing),
            "victim": night.victim,
            "fixed": night.fixed,
            "enchanting": list(night.enchanting),
            "witch": night.witch,
            "poisoned": night.poisoned,
        },
        "seen": thaw(state.seen),
        "elder_life": state.elder_life,
        "powers_lost": state.powers_lost,
    }
