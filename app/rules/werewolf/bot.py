"""Werewolf's bots (design 1.5), reading only their seat's view: ``choose``, the game's bot, and
``greedy_bot``, the simple player it must beat. Bots never chat (rules/werewolf.md, Players), so
they go by what the view shows: their role and notes, the roles they know (revealed on death,
the Seer's looks, the pack), the pack's pointing, and the day's public votes.

``choose`` plays its side (the werewolves, or everyone else):

* Werewolves point where the pack already points (the most-pointed target, holding their own
  choice when it leads), so a pack of bots converges at once; the first to point picks the
  Sheriff (his vote counts twice), else a player that voted against a packmate today, else a
  random one. They never point at the pack (the rules refuse it anyway). By day they vote with
  the crowd against a non-werewolf, and never against the pack.
* The Seer looks at players whose role it does not know, and votes out a werewolf it saw.
* The Witch saves the victim on night 1 (and herself whenever attacked), poisons a werewolf
  she knows, else passes.
* The village votes out a known werewolf; else it joins the vote already cast against the
  player with the most votes, unless it knows that player is on its side; else it votes against
  a random player it does not know to be on its side. The Piper votes like the village and
  enchants at random.
* The Thief takes the Seer or the Witch from the spares (a Werewolf only when he must);
  Cupid pairs two other players; everyone says ``ready`` at once and stands for Sheriff; the
  election goes to a candidate known to be on the voter's side (itself first); the Sheriff
  breaks a tie against the other side, the Scapegoat bars the werewolves he knows, the dying
  Sheriff names one of his side.

The bot section of ``tests/rules/test_werewolf.py`` measures both sides against random play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.rules.base import Action
from app.rules.rng import Rng

GOOD_CARDS = ("seer", "witch")
"""The spare cards a Thief bot takes (the village's strongest)."""


@dataclass(frozen=True)
class _Seat:
    """What the bot reads from its view once per decision."""

    me: int
    role: str
    roles: tuple[str | None, ...]
    alive: tuple[bool, ...]
    pack: tuple[int, ...]
    sheriff: int | None
    lovers: tuple[int, ...]

    @property
    def wolf(self) -> bool:
        return self.role == "werewolf"

    def friend(self, seat: int) -> bool:
        """``seat`` is known to be on the bot's side (itself, the pack, a known role)."""
        if seat == self.me or seat in self.lovers:
            return True
        known = self.roles[seat]
        if known is None:
            return False
        return (known == "werewolf") == self.wolf

    def foe(self, seat: int) -> bool:
        """``seat`` is known to be on the other side."""
        known = self.roles[seat]
        return known is not None and seat not in self.lovers and (known == "werewolf") != self.wolf


def _read(view: dict[str, Any]) -> _Seat:
    return _Seat(
        me=view["you"],
        role=view["role"],
        roles=tuple(view["roles"]),
        alive=tuple(view["alive"]),
        pack=tuple(view["pack"] or ()),
        sheriff=view["sheriff"],
        lovers=tuple(view["lovers"] or ()),
    )


def _pick(actions: Sequence[Action], rng: Rng) -> Action:
    action, _ = rng.choice(list(actions))
    return action


def _targets(legal: Sequence[Action], kind: str) -> dict[int | None, Action]:
    """The legal actions of ``kind``, by target."""
    return {action["target"]: action for action in legal if action["type"] == kind}


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The bot's action: one of ``legal``, from ``view`` alone (module docstring)."""
    seat = _read(view)
    kinds = {action["type"] for action in legal}
    simple = kinds & {"ready", "stand", "confirm_voters"}
    if "toggle_voter" in kinds:
        return _scapegoat(seat, view, legal)
    if simple:
        return {"type": simple.pop()}
    if kinds & {"keep_card", "take_card"}:
        return _thief(view, legal)
    if "choose_lover" in kinds:
        others = [a for a in legal if a["target"] != seat.me]
        return _pick(others or legal, rng)
    if "see" in kinds:
        unknown = [a for a in legal if seat.roles[a["target"]] is None]
        return _pick(unknown or legal, rng)
    if "point" in kinds:
        return _point(seat, view, legal, rng)
    if "enchant" in kinds:
        return _pick(legal, rng)
    if kinds & {"save", "poison", "pass"}:
        return _witch(seat, view, legal)
    if "vote" in kinds:
        return _vote(seat, view, legal, rng)
    if "break_tie" in kinds:
        return _break_tie(seat, legal, rng)
    if "name_successor" in kinds:
        friends = [a for a in legal if seat.friend(a["target"])]
        unknown = [a for a in legal if not seat.foe(a["target"])]
        return _pick(friends or unknown or legal, rng)
    return _pick(legal, rng)


def _thief(view: dict[str, Any], legal: list[Action]) -> Action:
    """Thief: the Seer or the Witch if spare, else keep (a Werewolf only when forced)."""
    spares = view["spares"] or []
    for card, role in enumerate(spares):
        if role in GOOD_CARDS and {"type": "take_card", "card": card} in legal:
            return {"type": "take_card", "card": card}
    return {"type": "keep_card"} if {"type": "keep_card"} in legal else legal[0]


def _point(seat: _Seat, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Werewolves: follow the pack's most-pointed target (own pointing included, so holding
    a leading choice keeps it); the first picks the Sheriff, a player who voted against the
    pack today, or anyone."""
    targets = _targets(legal, "point")
    pointing = view["pointing"] or []
    counts = Counter(
        target for wolf, target in enumerate(pointing) if target is not None and target in targets
    )
    if counts:
        top = max(counts.values())
        leaders = [target for target, count in counts.items() if count == top]
        mine = pointing[seat.me]
        choice = mine if mine in leaders else min(leaders)
        return targets[choice]
    if seat.sheriff in targets:
        return targets[seat.sheriff]
    hostile = [
        vote["seat"]
        for vote in view["day"]["votes"]
        if vote["target"] in seat.pack and vote["seat"] in targets
    ]
    if hostile:
        return targets[hostile[0]]
    return _pick(list(targets.values()), rng)


def _witch(seat: _Seat, view: dict[str, Any], legal: list[Action]) -> Action:
    """Witch: save on night 1 or when she is the victim; poison a werewolf she knows."""
    save: Action = {"type": "save"}
    victim = (view["victim"] or {}).get("seat")
    if save in legal and (view["number"] == 1 or victim == seat.me):
        return save
    for action in legal:
        if action["type"] == "poison" and seat.foe(action["target"]):
            return action
    return {"type": "pass"}


def _vote(seat: _Seat, view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The election: a candidate of its side (itself first); the vote: a known enemy, else the
    crowd's target unless a friend, else anyone not known to be a friend."""
    targets = _targets(legal, "vote")
    if view["step"] == "election":
        if seat.me in targets:
            return targets[seat.me]
        friends = [a for t, a in targets.items() if t is not None and seat.friend(t)]
        neutral = [a for t, a in targets.items() if t is not None and not seat.foe(t)]
        return _pick(friends or neutral or list(targets.values()), rng)
    foes = [a for t, a in targets.items() if t is not None and seat.foe(t)]
    if foes:
        return _pick(foes, rng)
    counts = Counter(
        vote["target"]
        for vote in view["day"]["votes"]
        if vote["target"] is not None and vote["target"] in targets
    )
    for target, _ in counts.most_common():
        if not seat.friend(target):
            return targets[target]
    unknown = [a for t, a in targets.items() if t is not None and not seat.friend(t)]
    return _pick(unknown, rng) if unknown else targets[None]


def _break_tie(seat: _Seat, legal: list[Action], rng: Rng) -> Action:
    """Sheriff on a tie: an enemy among the tied, else one not known as a friend, else nobody."""
    targets = _targets(legal, "break_tie")
    foes = [a for t, a in targets.items() if t is not None and seat.foe(t)]
    unknown = [a for t, a in targets.items() if t is not None and not seat.friend(t)]
    return _pick(foes or unknown, rng) if foes or unknown else targets[None]


def _scapegoat(seat: _Seat, view: dict[str, Any], legal: list[Action]) -> Action:
    """Scapegoat: bar the living enemies he knows, then confirm."""
    ballot = set(view["day"]["ballot"])
    for action in legal:
        if action["type"] == "toggle_voter":
            target = action["target"]
            if seat.foe(target) and target not in ballot:
                return action
    return {"type": "confirm_voters"}


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The simple baseline: the first legal action, except that it votes only against a
    werewolf it knows (else abstains), saves whenever it can and never poisons, keeps its
    Thief card unless forced, looks only at players it does not know, and as the Scapegoat
    bars nobody (the first legal action, a toggle, would flip one voter for ever)."""
    seat = _read(view)
    kinds = [action["type"] for action in legal]
    if "confirm_voters" in kinds:
        return {"type": "confirm_voters"}
    if "save" in kinds:
        return {"type": "save"}
    if "pass" in kinds:
        return {"type": "pass"}
    if "keep_card" in kinds:
        return {"type": "keep_card"}
    if "vote" in kinds and view["step"] == "vote":
        targets = _targets(legal, "vote")
        foes = [a for t, a in targets.items() if t is not None and seat.foe(t)]
        return foes[0] if foes else targets[None]
    if "see" in kinds:
        unknown = [a for a in legal if seat.roles[a["target"]] is None]
        return (unknown or legal)[0]
    return legal[0]
