"""Werewolf hides every role but the viewer's own (and its pack's, for a werewolf), until a
death reveals it or the match ends; the Thief's spare cards from all but the Thief; the lovers,
the enchanted, the Seer's looks, the werewolves' pointing and the Witch's potions from all but
those who may know them (rules/werewolf.md, Settled for online play; views.py). The dead see
everything (``dead_see: "all"``, the default), and everyone does once the match is over.

Twins swap two seats whose roles the viewer does not know and that differ (a seer for a
villager, a werewolf for a witch): the roles, the cards dealt, the private notes and tonight's
pointing move with them, so the twin is a match that could have been, with another kind of
role in each of the two places. Whoever acts next in the real match may not be able to in the
twin (a villager cannot look at anyone): the harness then stops there."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from app.rules.base import Action
from app.rules.werewolf import State, apply, view
from app.rules.werewolf.views import knows_all

CHOICES: dict[str, tuple[Any, ...]] = {
    "roles": (
        "preset",
        # Five players with every night role that fits: a Thief (and his 2 spare Villager
        # cards), Cupid, the Piper and the Seer beside one werewolf.
        {"werewolf": 1, "seer": 1, "cupid": 1, "piper": 1, "thief": 1},
    ),
    "night_seconds": (60, 20),
    "witch_seconds": (30, 10),
    "discussion_seconds": (180, 30),
    "vote_seconds": (60, 15),
    "reveal": ("on_death", "end"),
    "dead_see": ("all", "public"),
    "potions": ("each_once", "single"),
}


def _forms(value: Any) -> list[str]:
    return [json.dumps(value, separators=(",", ":")), json.dumps(value)]


def items(state: State, viewer: int | None) -> list[str]:
    """Every seat's role as one list (only the end, or a dead viewer who sees all, shows it),
    and the spare cards to anyone but the Thief."""
    if knows_all(state, viewer):
        return []
    # A living viewer may still come to know every role: the Seer who looked at the seats that
    # deaths did not reveal (a CI run dealt it). Its view then shows them all, so the list is no
    # secret to it; the cards dealt still are where the Thief changed one.
    shown = view(state, viewer)["roles"]
    found = _forms(list(state.roles)) if None in shown else []
    if found or state.dealt != state.roles:
        found += _forms(list(state.dealt))
    if state.spares and (viewer is None or state.dealt[viewer] != "thief"):
        found += [
            f'"spares":{_forms(list(state.spares))[0]}',
            f'"spares": {_forms(list(state.spares))[1]}',
        ]
    return found


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """Two seats whose roles ``viewer`` does not know, and whose roles differ, trade places:
    roles, cards dealt, notes and tonight's pointing. The same state when there are none."""
    if knows_all(state, viewer):
        return state
    known = view(state, viewer)["roles"]
    unknown = [seat for seat, role in enumerate(known) if role is None and seat != viewer]
    pairs = [
        (one, other)
        for index, one in enumerate(unknown)
        for other in unknown[index + 1 :]
        if state.roles[one] != state.roles[other]
    ]
    if not pairs:
        return state
    one, other = rng.choice(pairs)

    def swapped(values: tuple[Any, ...]) -> tuple[Any, ...]:
        items = list(values)
        items[one], items[other] = items[other], items[one]
        return tuple(items)

    night = state.night
    if night.pointing:
        night = dataclasses.replace(night, pointing=swapped(night.pointing))
    return dataclasses.replace(
        state,
        roles=swapped(state.roles),
        dealt=swapped(state.dealt),
        notes=swapped(state.notes),
        night=night,
    )


def reveals(state: State, seat: int | None, action: Action, viewer: int | None) -> bool:
    """Whether the move may show ``viewer`` something new beyond itself: the end of a step
    (dawn and its deaths, an execution, the Seer's answer, the Witch learning the victim, a
    death that lets the viewer see everything), or a phase running out."""
    if seat is None:
        return True
    after = apply(state, seat, action)
    return after.phase != state.phase or after.result is not None
