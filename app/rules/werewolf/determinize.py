"""A whole Werewolf match one seat could be in, drawn from its view (issue 27,
``GameRules.determinize``; rules/werewolf.md, "Settled for online play": Roles are dealt,
Night, Channels; the package docstring's Information)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from app.rules.rng import Rng
from app.rules.werewolf.components import Options, deck
from app.rules.werewolf.game import first_notes
from app.rules.werewolf.state import NIGHT_STEPS, Day, Night, Note, Result, State
from app.rules.werewolf.winning import winners

TRIES = 200
"""Draws tried before the constraints the seat only infers (``_Knowledge.soft``) are let go."""
GIVE_UP = 400
"""Draws tried in all: then the last one is kept (no game here needs as many)."""


class _Knowledge:
    """What the seat knows beyond the roles its view shows, read from its notes: who it was
    dealt, who joined the pack as the Thief, the victims it knows of and what follows from
    them (rules/werewolf.md, Roles 4, 7 and 11)."""

    def __init__(self, view: Mapping[str, Any], seat: int, notes: Sequence[Note]) -> None:
        role = view["role"]
        self.dealt = next((n.role for n in notes if n.kind == "role"), role)
        packs = [n for n in notes if n.kind == "pack"]
        dealt_pack = set(packs[0].seats) if packs and self.dealt == "werewolf" else set()
        self.joined = sorted(set(view["pack"] or ()) - dealt_pack) if dealt_pack else []
        """Seats that took a Werewolf card as the Thief (the pack was told): dealt the Thief,
        whose card is now a spare one."""
        self.not_wolf: set[int] = set()
        self.must_be_elder: set[int] = set()
        self.survivors: set[int] = set()
        alive = view["alive"]
        saved = {(n.number, n.seats[0]) for n in notes if n.kind == "potion" and "saved" in n.text}
        done = view["number"] - (1 if view["step"] in NIGHT_STEPS else 0)
        for line in notes:
            if not line.seats or line.number > done:
                continue
            victim = line.seats[0]
            if line.kind == "attacked":  # the Witch: the pack's victim, then what she did
                self.not_wolf.add(victim)
                if alive[victim] and (line.number, victim) not in saved:
                    self.must_be_elder.add(victim)
            elif line.kind == "chosen" and alive[victim]:  # the pack: a victim who lived on
                self.survivors.add(victim)
        self.elder_dead = any(n.kind == "powers" for n in notes)
        self.seat = seat

    def soft(self, roles: Sequence[str], alive: Sequence[bool], single_potion: bool) -> bool:
        """The roles agree with what the seat inferred: its victims were no werewolves, a
        victim who lived on unsaved is the Elder, the pack's survivors are the Elder or saved
        (one life potion), the Elder lies dead once the powers are lost."""
        if any(roles[seat] == "werewolf" for seat in self.not_wolf):
            return False
        if any(roles[seat] != "elder" for seat in self.must_be_elder):
            return False
        saved = [seat for seat in self.survivors if roles[seat] != "elder"]
        if len(saved) > 1 or (saved and "witch" not in roles):
            return False
        elder = next((s for s, role in enumerate(roles) if role == "elder"), None)
        return not self.elder_dead or (elder is not None and not alive[elder])


def determinize(view: Mapping[str, Any], seat: int, rng: Rng) -> State:
    """A match ``seat`` could be in, seeing ``view``. Kept as shown: the step, its phase and
    number, who lives, every role the seat knows (its own, the revealed, the pack to a
    werewolf, the Seer's looks), the Sheriff, who may not vote, the day's public choices, its
    own notes and its own choices tonight, and whatever its role shows it (the pack's pointing
    and victim, the lovers, the enchanted, the spare cards, the potions).

    Drawn: the other roles and the spare cards, from the role set's cards nowhere in sight, so
    that a werewolf's pack is the whole pack (the other werewolf cards are spares), a Thief who
    joined the pack gave up his card to the spares, the victims the seat knows of were no
    werewolves and one who lived on unsaved is the Elder, the pack's surviving victims are the
    Elder or saved once, the Elder lies dead once the powers are lost, and nobody has won yet.
    The lovers (with a Cupid in play, after his night; never the seat, both alive or both
    dead, not against each other's pointing or vote today), the enchanted (with a Piper: two a
    past night among the others, never the seat unless it was told), the potions and the
    Elder's life as the seat's inferences leave them. The other seats' choices tonight are not
    made yet (the werewolves' victim, which the seat cannot see in the Witch's step, a living
    non-werewolf). Not kept: the log (``events`` is empty), the other seats' notes (only what
    the deal told each), the Seer's looks the seat is not told of, the rules' random stream (a
    fresh one), and what follows a succession when the view cannot tell it (a coin)."""
    players = view["players"]
    options = _options(view["options"])
    notes = tuple(_note(line) for line in view["notes"])
    known = _Knowledge(view, seat, notes)
    alive = tuple(view["alive"])
    step = view["step"]
    result = view["result"]
    secrets = view["secrets"]
    draws = Rng(rng.seed, f"{rng.purpose}:{rng.counter}/werewolf")

    cards = deck(dict(options.roles))
    shown_roles = list(result["roles"] if result is not None else view["roles"])
    shown_spares = result["spares"] if result is not None else view["spares"]
    hidden_spares = shown_spares is None and options.count("thief") > 0
    spare_slots = len(cards) - players if hidden_spares else 0
    pool = Counter(cards)
    pool.subtract(role for role in shown_roles if role is not None)
    pool.subtract(shown_spares or ())
    forced: list[str] = []
    if view["pack"] is not None and spare_slots:
        forced += ["werewolf"] * pool["werewolf"]
    if known.joined and spare_slots:
        forced.append("thief")
    rest = Counter(pool)
    rest.subtract(forced)
    free = sorted(rest.elements())

    single = options.potions == "single"
    roles: list[str] = []
    spares: list[str] = []
    lovers: tuple[int, int] | None = None
    enchanted: tuple[int, ...] = ()
    for attempt in range(GIVE_UP):
        shuffled, draws = draws.shuffle(free)
        drawn = forced + list(shuffled[: spare_slots - len(forced)])
        spares = list(shown_spares) if shown_spares is not None else drawn
        dealt_out = iter(shuffled[spare_slots - len(forced) :] if spare_slots else shuffled)
        roles = [role if role is not None else next(dealt_out) for role in shown_roles]
        if attempt < TRIES and not known.soft(roles, alive, single):
            continue
        lovers, draws = _lovers(view, seat, roles, draws)
        enchanted, draws = _enchanted(view, seat, roles, draws)
        if result is not None or winners(roles, alive, lovers, enchanted) is None:
            break

    dealt = list(result["dealt"]) if result is not None else list(roles)
    dealt[seat] = known.dealt
    for other in known.joined:
        dealt[other] = "thief"
    life, death = _potions(view, known, roles, single)
    role = view["role"]
    elder_life = not any(n.kind == "elder" for n in notes)
    if role != "elder":
        spent = known.survivors | known.must_be_elder
        elder_life = not any(roles[other] == "elder" for other in spent)
    powers_lost = known.elder_dead
    seen: tuple[tuple[int, str], ...] = ()
    if role == "seer":
        seen = tuple((n.seats[0], n.role) for n in notes if n.kind == "seen" and n.role)
    if secrets is not None:
        elder_life, powers_lost = secrets["elder_life"], secrets["powers_lost"]
        seen = tuple((other, looked) for other, looked in secrets["seen"])
    no_vote = view["no_vote"]
    idiots = {s for s in no_vote if alive[s] and view["revealed"][s] and roles[s] == "idiot"}
    night, draws = _night(view, seat, roles, lovers, draws)
    actor = view["to_act"][0] if step in ("tiebreak", "scapegoat", "successor") else None
    after, draws = _after(view, draws)
    successions: tuple[int, ...] = ()
    if step == "successor":
        again = view["phase"].endswith("-2")
        successions = (view["number"],) * (2 if again else 1)
    own = tuple(notes)
    return State(
        options=options,
        players=players,
        dealt=tuple(dealt),
        roles=tuple(roles),
        spares=tuple(spares),
        alive=alive,
        revealed=tuple(view["revealed"]),
        lovers=lovers,
        enchanted=enchanted,
        sheriff=view["sheriff"],
        potions=(life, death),
        elder_life=elder_life,
        powers_lost=powers_lost,
        barred=tuple(s for s in no_vote if s not in idiots),
        step=step,
        number=view["number"],
        phase=view["phase"],
        night=night,
        day=_day(view["day"]),
        actor=actor,
        after=after,
        owed=(),
        successions=successions,
        notes=tuple(
            own if other == seat else first_notes(tuple(dealt), tuple(spares), other)
            for other in range(players)
        ),
        seen=seen,
        rng=Rng(rng.seed, f"{rng.purpose}:{rng.counter}/ties"),
        result=None
        if result is None
        else Result(side=result["side"], seats=tuple(result["winners"])),
        events=(),
    )


# --- the parts -----------------------------------------------------------------------------------


def _options(shown: Mapping[str, Any]) -> Options:
    fields = {key: value for key, value in shown.items() if key != "roles"}
    return Options(roles=tuple(shown["roles"].items()), **fields)


def _note(line: Mapping[str, Any]) -> Note:
    when = "night" if "night" in line else "day"
    return Note(
        when=when,
        number=line[when],
        kind=line["kind"],
        text=line["text"],
        seats=tuple(line["seats"]),
        role=line["role"],
    )


def _day(shown: Mapping[str, Any]) -> Day:
    return Day(
        ready=tuple(shown["ready"]),
        answered=tuple(shown["answered"]),
        candidates=tuple(shown["candidates"]),
        votes=tuple((vote["seat"], vote["target"]) for vote in shown["votes"]),
        tied=tuple(shown["tied"]),
        ballot=tuple(shown["ballot"]),
    )


def _lovers(
    view: Mapping[str, Any], seat: int, roles: Sequence[str], rng: Rng
) -> tuple[tuple[int, int] | None, Rng]:
    """The lovers: as shown (to them and Cupid, and to a viewer who knows everything); else,
    with a Cupid dealt a seat once his night 1 is over, two players but the seat, both alive or
    both dead (grief), neither pointing at nor voting against the other today."""
    shown = view["lovers"]
    if shown is not None:
        first, second = shown
        return (first, second), rng
    if view["role"] == "cupid" or view["secrets"] is not None or view["result"] is not None:
        return None, rng
    if "cupid" not in roles or (view["number"] == 1 and view["step"] == "night"):
        return None, rng
    alive = view["alive"]
    pointing = view["pointing"] or ()
    votes = {(vote["seat"], vote["target"]) for vote in view["day"]["votes"]}
    others = [other for other in range(view["players"]) if other != seat]
    for _ in range(20):
        (first, second), rng = _two(others, rng)
        if alive[first] != alive[second]:
            continue
        if (first, second) in votes or (second, first) in votes:
            continue
        if pointing and (pointing[first] == second or pointing[second] == first):
            continue
        return (min(first, second), max(first, second)), rng
    return None, rng


def _two(seats: Sequence[int], rng: Rng) -> tuple[tuple[int, int], Rng]:
    first, rng = rng.choice(seats)
    second, rng = rng.choice([other for other in seats if other != first])
    return (first, second), rng


def _enchanted(
    view: Mapping[str, Any], seat: int, roles: Sequence[str], rng: Rng
) -> tuple[tuple[int, ...], Rng]:
    """The enchanted: as shown (the Piper; an enchanted player as last shown, which is all of
    them while he lives); else, with a Piper dealt a seat, two a night he has seen out, among
    the others but the seat."""
    shown = view["enchanted"]
    if shown is not None:
        return tuple(shown), rng
    piper = next((other for other, role in enumerate(roles) if role == "piper"), None)
    if piper is None or view["role"] == "piper":
        return (), rng
    dawns = view["number"] - (1 if view["step"] in NIGHT_STEPS else 0)
    others = [other for other in range(view["players"]) if other not in (seat, piper)]
    picked, rng = rng.shuffle(others)
    return tuple(sorted(picked[: min(2 * dawns, len(others))])), rng


def _potions(
    view: Mapping[str, Any], known: _Knowledge, roles: Sequence[str], single: bool
) -> tuple[bool, bool]:
    """The Witch's potions: as shown (to her); else both, but the life potion once a pack's
    victim the seat knows of lived on and was no Elder (and the other with ``single``)."""
    shown = view["potions"]
    if shown is not None:
        return shown["life"], shown["death"]
    if any(roles[seat] != "elder" for seat in known.survivors):
        return False, not single
    return True, True


def _night(
    view: Mapping[str, Any],
    seat: int,
    roles: Sequence[str],
    lovers: tuple[int, int] | None,
    rng: Rng,
) -> tuple[Night, Rng]:
    """The running night's choices: the seat's own as shown (``tonight``; the pack's pointing
    and victim to a werewolf), everyone else's not made yet; in the Witch's step a victim the
    seat cannot see is a living non-werewolf."""
    players = view["players"]
    step = view["step"]
    secrets = view["secrets"]
    if secrets is not None:
        shown = secrets["night"]
        lovers_picks = tuple(shown["lovers"])
        return Night(
            thief_done=shown["thief_done"],
            lovers=lovers_picks,
            seen=shown["seen"],
            pointing=tuple(shown["pointing"]),
            victim=shown["victim"],
            fixed=shown["fixed"],
            enchanting=tuple(shown["enchanting"]),
            witch=shown["witch"],
            poisoned=shown["poisoned"],
        ), rng
    if step not in NIGHT_STEPS:
        return Night(pointing=(None,) * players, fixed=True, thief_done=True), rng
    tonight = view["tonight"] or {}
    role = view["role"]
    night_one = view["number"] == 1 and step == "night"
    thief_done = True
    if night_one:
        swapped = any(line["kind"] == "swap" and line.get("night") == 1 for line in view["notes"])
        thief_done = swapped if role == "thief" or view["spares"] is not None else False
    pointing = tuple(view["pointing"] or (None,) * players)
    victim: int | None = None
    fixed = step == "witch"
    if view["victim"] is not None:
        victim, fixed = view["victim"]["seat"], True
    elif step == "witch":
        prey = [
            other for other in range(players) if view["alive"][other] and roles[other] != "werewolf"
        ]
        if prey:
            victim, rng = rng.choice(prey)
    cupid_picks: tuple[int, ...] = ()
    if "lovers" in tonight:
        cupid_picks = tuple(tonight["lovers"])
    elif lovers is not None and view["number"] == 1:
        cupid_picks = lovers
    return Night(
        thief_done=thief_done,
        lovers=cupid_picks,
        seen=tonight.get("see"),
        pointing=pointing,
        victim=victim,
        fixed=fixed,
        enchanting=tuple(tonight.get("enchant", ())),
        witch=tonight.get("witch"),
        poisoned=tonight.get("poisoned"),
    ), rng


def _after(view: Mapping[str, Any], rng: Rng) -> tuple[str, Rng]:
    """What follows a decision step: the night after the Scapegoat's choice, a second
    succession the same day or one on day 1 (the Sheriff is elected after its dawn); else the
    dawn's or the vote's succession, which the view does not tell apart (a coin)."""
    step = view["step"]
    if step == "scapegoat" or (step == "successor" and view["phase"].endswith("-2")):
        return "night", rng
    if step == "successor" and view["number"] > 1:
        coin, rng = rng.randbelow(2)
        return ("discussion", "night")[coin], rng
    return "night" if step == "successor" else "discussion", rng
