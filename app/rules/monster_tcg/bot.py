"""Monster Duel's bots (design 1.5), reading only their seat's view: ``choose``, the game's
bot, and ``greedy_bot``, the simple player it must beat (``bench.games`` plays both).

``choose`` develops first and attacks last, each decision one action (rules/monster-tcg.md,
Turn): it benches every Basic, evolves (the active first), plays Field Notes while its deck is
long (and longer than the opponent's: a deck drawn out loses) and Tracker Map while its bench
has room, heals its most damaged creature, then decides whether its active should leave: it is
asleep, paralysed or confused, cannot pay any attack, or the opponent's next attack (with one
more energy) knocks it out while it cannot knock the defender out first. It then switches (Swap
Whistle) or retreats (if it can pay) to the benched creature that can attack now and is worth
clearly more (``_worth``: its damage now and with one more energy, weakness and resistance
counted, its HP left, a knock-out it threatens or faces). It attaches the energy that most
raises what a creature could hit for (``_potential``: each attack halved per energy it lacks;
the active's gain counted double unless it is doomed; energy towards the retreat cost of an
active that cannot attack), and attacks with the best attack: a knock-out first, else the
damage plus what its effect is worth (a bench knock-out too). It promotes the benched creature
of the best ``_worth``. ``greedy_bot`` benches, evolves, attaches its first energy to the
active and attacks with its first usable attack; it plays no trainer and never retreats.

``python -m bench.games --game monster_tcg`` measures both (the constants were tuned there).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.base import Action
from app.rules.bots import best_of
from app.rules.monster_tcg.checks import missing_energy
from app.rules.monster_tcg.components import attack_damage
from app.rules.rng import Rng

KO = 1000.0
"""What knocking out the defending creature is worth (a prize, and a promotion for them)."""
EFFECT_WORTH: dict[str, float] = {
    "flip_paralyse": 8.0,
    "poison": 12.0,
    "burn": 15.0,
    "sleep": 12.0,
    "confuse": 10.0,
}
"""What a special condition on the defending creature is worth, in damage."""
LONG_DECK = 8
"""Field Notes only while the deck holds more than this (drawing it out loses), and more
than the opponent's."""
RETREAT_MARGIN = 25
SWITCH_MARGIN = 15
"""How much better (in ``_worth``) a benched creature that can attack must be to pay a
retreat, or to play Swap Whistle."""
FED = 15.0
"""The first active: what each energy missing from the hand for its cheapest attack costs."""
NOW = 1.0
HP_WORTH = 0.5
"""``_worth``: the weight of the damage the creature can do now, and of each HP it has left."""

View = Mapping[str, Any]


# --- reading the view --------------------------------------------------------------------------


def _card(view: View, name: str) -> dict[str, Any]:
    card: dict[str, Any] = view["catalogue"][name]
    return card


def _left(creature: Mapping[str, Any]) -> int:
    """HP left."""
    return int(creature["hp"]) - int(creature["damage"])


def _hit(
    view: View, attacker: Mapping[str, Any], defender: Mapping[str, Any] | None, index: int
) -> float:
    """Expected damage of attack ``index`` of ``attacker`` on ``defender`` (a flip's extra at
    half)."""
    card = _card(view, attacker["card"])
    move = card["attacks"][index]
    base = float(move["damage"])
    effect = move["effect"] or {}
    if effect.get("kind") == "flip_extra":
        base += effect["amount"] / 2
    if defender is None or defender["card"] is None:
        return base
    target = _card(view, defender["card"])
    return float(attack_damage(int(base), card["type"], target["weakness"], target["resistance"]))


def _best_hit(
    view: View,
    attacker: Mapping[str, Any],
    defender: Mapping[str, Any] | None,
    extra: Sequence[str] = (),
) -> float:
    """The most damage ``attacker`` can do with its energy (plus ``extra``)."""
    card = _card(view, attacker["card"])
    energy = [*attacker["energy"], *extra]
    hits = [
        _hit(view, attacker, defender, index)
        for index, move in enumerate(card["attacks"])
        if not missing_energy(move["cost"], energy)
    ]
    return max(hits, default=0.0)


def _threat(view: View, attacker: Mapping[str, Any] | None, defender: Mapping[str, Any]) -> float:
    """What the opponent's active may do to ``defender`` next turn (with one more energy)."""
    if attacker is None or attacker["card"] is None:
        return 0.0
    card = _card(view, attacker["card"])
    hits = [
        _hit(view, attacker, defender, index)
        for index, move in enumerate(card["attacks"])
        if len(missing_energy(move["cost"], attacker["energy"])) <= 1
    ]
    return max(hits, default=0.0)


def _worth(
    view: View,
    creature: Mapping[str, Any],
    defender: Mapping[str, Any] | None,
    threat_from: Mapping[str, Any] | None,
) -> float:
    """How good ``creature`` is as the active: its best hit now (or, at a third, with one more
    energy), its HP left, and whether the opponent would knock it out next turn."""
    now = _best_hit(view, creature, defender)
    soon = max(
        (_best_hit(view, creature, defender, extra=(name,)) for name in _energy_names(view)),
        default=now,
    )
    value = now * NOW + soon / 3 + _left(creature) * HP_WORTH
    if threat_from is not None and _threat(view, threat_from, creature) >= _left(creature):
        value -= 40
    if defender is not None and now >= _left(defender):
        value += 60
    return value - 10 * len([c for c in creature["conditions"] if c != "poisoned"])


def _energy_names(view: View) -> list[str]:
    return [name for name, card in view["catalogue"].items() if card["kind"] == "energy"]


# --- the game's bot ----------------------------------------------------------------------------


def choose(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """The bot's action (the module docstring says how it decides)."""
    kinds = {action["type"] for action in legal}
    if "choose_deck" in kinds:
        return best_of(legal, [0] * len(legal), rng)
    if view["phase"] == "setup":
        return _setup(view, legal, rng)
    if "promote" in kinds:
        me = view["players"][view["you"]]
        foe = view["players"][1 - view["you"]]["active"]
        values = [_worth(view, me["bench"][a["slot"] - 1], foe, foe) for a in legal]
        return best_of(legal, values, rng)
    if view["phase"] == "search":
        return _search(view, legal, rng)
    return _play(view, legal, rng)


def _setup(view: View, legal: list[Action], rng: Rng) -> Action:
    extra = [a for a in legal if a["type"] == "draw_extra"]
    if extra:
        return max(extra, key=lambda action: int(action["count"]))
    actives = [a for a in legal if a["type"] == "place_active"]
    if actives:
        return best_of(actives, [_starter(view, a["card"]) for a in actives], rng)
    benched = [a for a in legal if a["type"] == "place_bench"]
    if benched:
        return benched[0]
    return {"type": "setup_done"}


def _starter(view: View, name: str) -> float:
    """A Basic's worth as the first active: HP, a cheap attack, a low retreat cost; a Basic
    whose evolution is in hand is better kept on the bench."""
    card = _card(view, name)
    cheapest = min(len(move["cost"]) for move in card["attacks"])
    hand = view["players"][view["you"]]["hand"] or []
    evolves = any(_card(view, held).get("evolves_from") == name for held in hand)
    energy = [held for held in hand if _card(view, held)["kind"] == "energy"]
    fed = min(len(missing_energy(move["cost"], energy)) for move in card["attacks"])
    value = card["hp"] + (20 if cheapest <= 1 else 0) - 10 * card["retreat"] - 15 * evolves
    return float(value - FED * fed)


def _search(view: View, legal: list[Action], rng: Rng) -> Action:
    hand = view["players"][view["you"]]["hand"] or []
    wanted = {_card(view, held).get("evolves_from") for held in hand}
    values = [
        -1.0
        if a["type"] == "take_none"
        else (100.0 if a["card"] in wanted else 0.0) + _card(view, a["card"])["hp"] / 10
        for a in legal
    ]
    return best_of(legal, values, rng)


def _play(view: View, legal: list[Action], rng: Rng) -> Action:
    me = view["players"][view["you"]]
    foe_side = view["players"][1 - view["you"]]
    foe = foe_side["active"]
    active = me["active"]
    by_kind: dict[str, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(action["type"], []).append(action)
    if "bench" in by_kind:
        return best_of(
            by_kind["bench"], [_card(view, a["card"])["hp"] for a in by_kind["bench"]], rng
        )
    if "evolve" in by_kind:
        evolves = by_kind["evolve"]
        return best_of(
            evolves, [(a["slot"] == 0, _card(view, a["card"])["stage"]) for a in evolves], rng
        )
    trainer = _trainer(view, by_kind.get("trainer", []), me, foe, rng)
    if trainer is not None:
        return trainer
    if "retreat" in by_kind and _should_leave(view, me, foe):
        retreats = [
            a for a in by_kind["retreat"] if _best_hit(view, me["bench"][a["slot"] - 1], foe) > 0
        ]
        values = [_worth(view, me["bench"][a["slot"] - 1], foe, foe) for a in retreats]
        if retreats and max(values) > _worth(view, active, foe, foe) + RETREAT_MARGIN:
            return best_of(retreats, values, rng)
    if "attach" in by_kind:
        return _attach(view, by_kind["attach"], me, foe, rng)
    if "attack" in by_kind:
        attacks = by_kind["attack"]
        return best_of(
            attacks, [_attack_value(view, a, active, foe, foe_side) for a in attacks], rng
        )
    return {"type": "end_turn"}


def _should_leave(view: View, me: Mapping[str, Any], foe: Mapping[str, Any] | None) -> bool:
    """The active should leave: it cannot act, or the next attack knocks it out and it cannot
    knock the defender out first."""
    active = me["active"]
    if {"asleep", "paralysed", "confused"} & set(active["conditions"]):
        return True
    if _best_hit(view, active, foe) == 0:
        return True
    if foe is not None and _best_hit(view, active, foe) >= _left(foe):
        return False
    return foe is not None and _threat(view, foe, active) >= _left(active)


def _trainer(
    view: View,
    trainers: list[Action],
    me: Mapping[str, Any],
    foe: Mapping[str, Any] | None,
    rng: Rng,
) -> Action | None:
    for action in trainers:
        effect = _card(view, action["card"])["effect"]
        if effect == "draw" and me["deck_count"] > max(
            LONG_DECK, view["players"][1 - view["you"]]["deck_count"]
        ):
            return action
        if effect == "search" and len(me["bench"]) < 4 and me["deck_count"] > LONG_DECK:
            return action
    heals = [a for a in trainers if _card(view, a["card"])["effect"] == "heal"]
    if heals:
        creatures = [me["active"], *me["bench"]]
        values = [
            min(20, creatures[a["slot"]]["damage"]) * (2 if a["slot"] == 0 else 1) for a in heals
        ]
        if max(values) >= 20:
            return best_of(heals, values, rng)
    switches = [
        a
        for a in trainers
        if _card(view, a["card"])["effect"] == "switch"
        and _best_hit(view, me["bench"][a["slot"] - 1], foe) > 0
    ]
    if switches and _should_leave(view, me, foe):
        values = [_worth(view, me["bench"][a["slot"] - 1], foe, foe) for a in switches]
        if max(values) > _worth(view, me["active"], foe, foe) + SWITCH_MARGIN:
            return best_of(switches, values, rng)
    return None


def _potential(
    view: View, creature: Mapping[str, Any], foe: Mapping[str, Any] | None, energy: Sequence[str]
) -> float:
    """What ``creature`` could hit for with ``energy``: each attack's hit, halved for each
    energy it still lacks."""
    card = _card(view, creature["card"])
    return max(
        _hit(view, creature, foe, index) / 2.0 ** len(missing_energy(move["cost"], energy))
        for index, move in enumerate(card["attacks"])
    )


def _attach(
    view: View,
    attaches: list[Action],
    me: Mapping[str, Any],
    foe: Mapping[str, Any] | None,
    rng: Rng,
) -> Action:
    """The energy that most raises what a creature could hit for (``_potential``): the
    active's counted double unless the next attack knocks it out anyway; energy towards the
    active's retreat cost when it cannot attack but a benched creature can."""
    creatures = [me["active"], *me["bench"]]
    active = me["active"]
    doomed = (
        foe is not None
        and _threat(view, foe, active) >= _left(active)
        and max(_best_hit(view, active, foe, extra=(a["card"],)) for a in attaches) < _left(foe)
        and len(creatures) > 1
    )
    stuck = _best_hit(view, active, foe) == 0 and any(
        _best_hit(view, creature, foe) > 0 for creature in me["bench"]
    )
    values = []
    for action in attaches:
        creature = creatures[action["slot"]]
        energy = list(creature["energy"])
        gain = _potential(view, creature, foe, [*energy, action["card"]]) - _potential(
            view, creature, foe, energy
        )
        if action["slot"] == 0:
            gain *= 0.5 if doomed else 2.0
            retreat = _card(view, creature["card"])["retreat"]
            if stuck and len(energy) < retreat:
                gain += 30
            gain += 1
        else:
            gain += _card(view, creature["card"])["stage"] + creature["hp"] / 100
        values.append(gain)
    return best_of(attaches, values, rng)


def _attack_value(
    view: View,
    action: Action,
    active: Mapping[str, Any],
    foe: Mapping[str, Any] | None,
    foe_side: Mapping[str, Any],
) -> float:
    """A knock-out first, else the damage plus the effect's worth."""
    card = _card(view, active["card"])
    move = card["attacks"][action["attack"]]
    effect = move["effect"] or {}
    kind = effect.get("kind")
    dealt = _hit(view, active, foe, action["attack"])
    value = dealt
    if foe is not None and dealt >= _left(foe):
        value += KO
    elif kind in EFFECT_WORTH:
        value += EFFECT_WORTH[kind]
    if kind == "heal_self":
        value += min(effect["amount"], active["damage"]) / 2
    if kind == "draw":
        value += 5 * effect["count"]
    if kind == "bench_damage" and action["target"] is not None:
        target = foe_side["bench"][action["target"] - 1]
        value += effect["amount"] + (KO / 2 if effect["amount"] >= _left(target) else 0)
        value += target["damage"] / 10
    return value


# --- the greedy player -------------------------------------------------------------------------


def greedy_bot(view: dict[str, Any], legal: list[Action], rng: Rng) -> Action:
    """Benches, evolves, attaches its first energy to the active, attacks with its first
    usable attack; no trainer, no retreat; the first of anything else."""
    kinds = [action["type"] for action in legal]
    if "choose_deck" in kinds:
        action, _ = rng.choice(legal)
        return action
    for kind in (
        "draw_extra",
        "place_active",
        "place_bench",
        "setup_done",
        "promote",
        "take_basic",
        "bench",
        "evolve",
    ):
        if kind in kinds:
            return legal[kinds.index(kind)]
    for action in legal:
        if action["type"] == "attach" and action["slot"] == 0:
            return action
    if "attack" in kinds:
        return legal[kinds.index("attack")]
    if "end_turn" in kinds:
        return {"type": "end_turn"}
    return legal[0]
