"""Werewolf's night: the night roles' secret choices, the end of the night step and the
Witch's step (rules/werewolf.md, "Settled for online play", Night and Werewolves; Roles
listed in the seed)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from app.rules.kit import replace_at
from app.rules.werewolf.checks import living, to_act
from app.rules.werewolf.components import NAMES
from app.rules.werewolf.deaths import draw, log, note, seats_text
from app.rules.werewolf.state import Night, State, event


def start_night(state: State) -> State:
    """Night N+1 begins: every role with a night action acts in the same step, in private
    (Night)."""
    number = state.number + 1
    state = replace(
        state,
        step="night",
        number=number,
        phase=f"night-{number}",
        night=Night(pointing=(None,) * state.players),
        actor=None,
    )
    return _settle(log(state, event("night", night=number)))


def _settle(state: State) -> State:
    """Night: the step ends once every seat with a night action has acted."""
    return end_night_step(state) if not to_act(state) else state


def pack(state: State) -> list[int]:
    """The werewolves, dead ones too, in seat order."""
    return [seat for seat, role in enumerate(state.roles) if role == "werewolf"]


def living_pack(state: State) -> list[int]:
    return [seat for seat in pack(state) if state.alive[seat]]


# --- the night roles' choices ------------------------------------------------------------------


def keep_card(state: State, seat: int) -> State:
    """Thief (seed): he keeps his card (and is a villager without power)."""
    state = replace(state, night=replace(state.night, thief_done=True))
    return _settle(note(state, seat, "swap", "You kept the Thief card."))


def take_card(state: State, seat: int, card: int) -> State:
    """Thief (seed): he swaps his card for a spare one, for good (``_swap``)."""
    return _settle(_swap(state, seat, card))


def _swap(state: State, seat: int, card: int) -> State:
    """Thief: the spare card becomes his role and his card a spare one. Resolution order, Thief
    first: the new role is his at once, with its night action this same night; one who takes a
    Werewolf joins the pack at once (the pack learns it)."""
    role = state.spares[card]
    state = replace(
        state,
        roles=replace_at(state.roles, seat, role),
        spares=replace_at(state.spares, card, "thief"),
        night=replace(state.night, thief_done=True),
    )
    state = note(
        state, seat, "swap", f"You took the {NAMES[role]} card: you are now the {NAMES[role]}.",
        role=role,
    )  # fmt: skip
    if role == "werewolf":
        wolves = pack(state)
        for wolf in wolves:
            text = (
                f"The werewolves are {seats_text(wolves)}."
                if wolf == seat
                else f"Seat {seat}, the Thief, took a Werewolf card and joins the pack."
            )
            state = note(state, wolf, "pack", text, seats=wolves, role="werewolf")
    return state


def choose_lover(state: State, seat: int, target: int) -> State:
    """Cupid (seed): his second pick makes the couple, and the lovers learn each other at once
    (night 1: Cupid, then "Lovers see each other", before the werewolves). A werewolf pointing
    at his new lover stops pointing (lovers never target each other); a victim fixed by that
    pointing is fixed no more unless a majority remains."""
    picks = (*state.night.lovers, target)
    state = replace(state, night=replace(state.night, lovers=picks))
    if len(picks) < 2:
        return state
    first, second = sorted(picks)
    state = replace(state, lovers=(first, second))
    state = note(state, seat, "lovers", f"You made {seats_text(picks)} lovers.", seats=picks)
    for lover, other in ((first, second), (second, first)):
        state = note(
            state, lover, "lovers", f"Cupid made you and seat {other} lovers.",
            seats=(first, second),
        )  # fmt: skip
    pointing = list(state.night.pointing)
    for lover, other in ((first, second), (second, first)):
        if pointing[lover] == other:
            pointing[lover] = None
    night = replace(state.night, pointing=tuple(pointing))
    if night.fixed and _majority(state, night.pointing) is None:
        night = replace(night, fixed=False, victim=None)
    return _settle(replace(state, night=night))


def see(state: State, seat: int, target: int) -> State:
    """Seer (seed): the look is answered when the night step ends, so that it shows the role
    after the Thief's swap (resolution order: Thief first)."""
    return _settle(replace(state, night=replace(state.night, seen=target)))


def point(state: State, seat: int, target: int) -> State:
    """Werewolves choose together: the pack sees each pointing live; the victim is fixed as soon
    as a majority of the living werewolves point at one target."""
    pointing = replace_at(state.night.pointing, seat, target)
    night = replace(state.night, pointing=pointing)
    victim = _majority(state, pointing)
    if victim is not None:
        night = replace(night, victim=victim, fixed=True)
    return _settle(replace(state, night=night))


def _majority(state: State, pointing: tuple[int | None, ...]) -> int | None:
    """The target more than half of the living werewolves point at, if any."""
    wolves = living_pack(state)
    counts = Counter(pointing[wolf] for wolf in wolves if pointing[wolf] is not None)
    for target, count in counts.items():
        if 2 * count > len(wolves):
            return target
    return None


def enchant(state: State, seat: int, target: int) -> State:
    """Piper (seed): each pick counts on its own (applied at dawn: the Piper resolves last)."""
    night = replace(state.night, enchanting=(*state.night.enchanting, target))
    return _settle(replace(state, night=night))


# --- the end of the night step -----------------------------------------------------------------


def end_night_step(state: State) -> State:
    """The night step ends (everyone with a night action acted, or its timer ran out): what
    was not done is not done (Night), with these settlements:

    * a Thief who did not choose keeps his card, unless both spares are werewolves: then he
      takes the first one (seed: he "must" swap);
    * Cupid's lone pick makes no couple;
    * the werewolves' victim, if no majority fixed it, is the most-pointed target, a tie broken
      by the match RNG; nobody pointed, no kill (Werewolves choose together);
    * the Seer learns the role of the seat he looked at.

    Then the Witch's step, whenever a Witch is in the role set and not publicly known dead
    (her potions left are private, so it runs even if she has none; while her card is a spare
    or her death hidden, nobody acts in it and it waits for its timer); else the dawn (the
    transient step ``"dawn"``, which ``game`` plays as ``day.dawn``)."""
    night = state.night
    thief = next((seat for seat in living(state) if state.roles[seat] == "thief"), None)
    if state.number == 1 and not night.thief_done and thief is not None:
        if all(card == "werewolf" for card in state.spares):
            state = _swap(state, thief, 0)
        else:
            state = note(state, thief, "swap", "Time ran out: you keep the Thief card.")
    if state.lovers is None and night.lovers:
        cupid = next(seat for seat, role in enumerate(state.roles) if role == "cupid")
        state = note(state, cupid, "lovers", "Time ran out: you made no lovers.")
    state = _fix_victim(state)
    if night.seen is not None:
        seer = next(seat for seat, role in enumerate(state.roles) if role == "seer")
        role = state.roles[night.seen]
        state = note(
            state, seer, "seen", f"Seat {night.seen} is the {NAMES[role]}.",
            seats=(night.seen,), role=role,
        )  # fmt: skip
        state = replace(state, seen=(*state.seen, (night.seen, role)))
    if state.options.count("witch") and not _witch_known_dead(state):
        return _start_witch(state)
    return replace(state, step="dawn")


def _fix_victim(state: State) -> State:
    """Werewolves: the victim fixed by a majority, else the most-pointed target (a tie drawn by
    the match RNG), else nobody; each living werewolf notes the pack's choice."""
    night = state.night
    wolves = living_pack(state)
    victim = night.victim
    if not night.fixed:
        counts = Counter(target for wolf in wolves if (target := night.pointing[wolf]) is not None)
        if counts:
            top = max(counts.values())
            victim, state = draw(state, sorted(t for t, c in counts.items() if c == top))
    state = replace(state, night=replace(state.night, victim=victim, fixed=True))
    text = "The pack chose nobody." if victim is None else f"The pack chose seat {victim}."
    for wolf in wolves:
        state = note(state, wolf, "chosen", text, seats=() if victim is None else (victim,))
    return state


def _witch_known_dead(state: State) -> bool:
    """The Witch's card belongs to a dead player whose role is public."""
    return any(
        role == "witch" and not state.alive[seat] and state.revealed[seat]
        for seat, role in enumerate(state.roles)
    )


def _start_witch(state: State) -> State:
    """Witch: she learns the victim (after the wolves chose) and the potions she has left."""
    state = replace(state, step="witch", phase=f"witch-{state.number}")
    state = log(state, event("witch", night=state.number))
    witch = next((s for s, role in enumerate(state.roles) if role == "witch"), None)
    if witch is None or not state.alive[witch]:
        return state
    victim = state.night.victim
    life, death = state.potions
    left = [name for name, has in (("life", life), ("death", death)) if has]
    potions = f"Potions left: {' and '.join(left)}." if left else "You have no potion left."
    if state.powers_lost:
        potions = "You have lost your powers."
    if victim is None:
        text = "Nobody was attacked tonight."
    else:
        text = f"The werewolves attack seat {victim}."
    return note(
        state, witch, "attacked", f"{text} {potions}", seats=() if victim is None else (victim,)
    )


def save(state: State, seat: int) -> State:
    """Witch: the life potion saves tonight's victim (one potion a night; the option
    ``potions: "single"`` makes it her only potion of the game)."""
    state = _use_potion(state, life=True)
    victim = state.night.victim
    assert victim is not None  # check_save: somebody was attacked
    state = note(state, seat, "potion", f"You saved seat {victim}.", seats=(victim,))
    return replace(state, step="dawn", night=replace(state.night, witch="save"))


def poison(state: State, seat: int, target: int) -> State:
    """Witch: the death potion kills a living player at dawn."""
    state = _use_potion(state, life=False)
    state = note(state, seat, "potion", f"You poisoned seat {target}.", seats=(target,))
    night = replace(state.night, witch="poison", poisoned=target)
    return replace(state, step="dawn", night=night)


def witch_pass(state: State, seat: int) -> State:
    """Witch: no potion tonight."""
    return replace(state, step="dawn", night=replace(state.night, witch="pass"))


def _use_potion(state: State, *, life: bool) -> State:
    if state.options.potions == "single":
        return replace(state, potions=(False, False))
    life_left, death_left = state.potions
    return replace(state, potions=(False, death_left) if life else (life_left, False))
