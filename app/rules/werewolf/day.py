"""Werewolf's day: the dawn, the discussion, the Sheriff election (day 1), the vote and the
execution, and the one-seat decisions that follow deaths: the Sheriff's tie-break, the
Scapegoat's choice of voters, the Sheriff's succession (rules/werewolf.md, "Settled for online
play", Day, Sheriff election and Deaths; Roles 8-11). The day ends in the transient step
``"dusk"``, which ``game`` plays as ``night.start_night``."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from app.rules.kit import replace_at
from app.rules.werewolf.checks import living, may_vote, to_act
from app.rules.werewolf.deaths import (
    check_win,
    draw,
    kill,
    log,
    lose_powers,
    note,
    seats_text,
    shown_role,
)
from app.rules.werewolf.state import Day, State, event


def _enter(state: State, step: str, *, name: str | None = None, **fields: object) -> State:
    """The day step ``step`` begins (its unique phase name ``step-N`` unless given), logged."""
    phase = name or f"{step}-{state.number}"
    state = replace(state, step=step, phase=phase, day=Day(), actor=None)
    return log(state, event(step, day=state.number, **fields))


# --- the dawn ----------------------------------------------------------------------------------


def dawn(state: State) -> State:
    """Day: announce the night's deaths. The victim dies unless saved; the Elder's first
    attack does nothing and nothing is said of it (Every day 1; he learns it privately). The
    poisoned die. Then the lovers' grief (the dawn names every death of the night, by seat,
    causes untold), the Piper's enchantments (the enchanted, old and new, learn each other), the
    Elder's curse if the Witch killed him, the win check, and the day: the dead Sheriff's
    successor first, else the discussion."""
    night = state.night
    deaths: list[int] = []
    victim = night.victim
    if victim is not None and night.witch != "save" and state.alive[victim]:
        if state.roles[victim] == "elder" and state.elder_life:
            state = replace(state, elder_life=False)
            state = note(
                state, victim, "elder", "The werewolves attacked you: your extra life is spent."
            )
        else:
            deaths.append(victim)
    poisoned = night.poisoned
    if poisoned is not None and poisoned not in deaths and state.alive[poisoned]:
        deaths.append(poisoned)
    state, grief = kill(state, deaths)
    if night.enchanting:
        state = _enchant_at_dawn(state)
    dead = sorted((*deaths, *grief))
    state = log(
        state,
        event(
            "dawn",
            day=state.number,
            deaths=tuple(dead),
            roles=tuple(shown_role(state, seat) for seat in dead),
        ),
    )
    if poisoned is not None and poisoned in deaths and state.roles[poisoned] == "elder":
        state = lose_powers(state)
    state = check_win(state)
    if state.result is not None:
        return state
    return after_deaths(state, then="discussion")


def _enchant_at_dawn(state: State) -> State:
    """Piper (seed): tonight's picks join the enchanted; then all enchanted players, old and
    new, still alive, are shown to each other (and to the Piper)."""
    enchanted = tuple(sorted({*state.enchanted, *state.night.enchanting}))
    state = replace(state, enchanted=enchanted)
    piper = next((seat for seat, role in enumerate(state.roles) if role == "piper"), None)
    for seat in living(state):
        if seat in enchanted:
            text = f"You are enchanted. The enchanted are {seats_text(enchanted)}."
        elif seat == piper:
            text = f"The enchanted are {seats_text(enchanted)}."
        else:
            continue
        state = note(state, seat, "enchanted", text, seats=enchanted)
    return state


# --- after deaths: the decision steps owed -------------------------------------------------------


def after_deaths(state: State, *, then: str) -> State:
    """Deaths: triggers resolve at once. After the vote the Scapegoat who died on a tie decides
    the next day's voters first ("before dying"); then a dead Sheriff's successor is named;
    then ``then``: the day's discussion (after the dawn) or the next night (after the vote)."""
    if "scapegoat" in state.owed:
        scapegoat = next(seat for seat, role in enumerate(state.roles) if role == "scapegoat")
        state = replace(state, owed=tuple(step for step in state.owed if step != "scapegoat"))
        state = _enter(state, "scapegoat", seat=scapegoat)
        return replace(state, actor=scapegoat, after=then)
    if state.sheriff is not None and not state.alive[state.sheriff]:
        dying = state.sheriff
        # Two successions in one day (the dawn's, then the vote's) get distinct phase names.
        again = state.number in state.successions
        name = f"successor-{state.number}" + ("-2" if again else "")
        state = replace(state, successions=(*state.successions, state.number))
        state = _enter(state, "successor", name=name, seat=dying)
        return replace(state, actor=dying, after=then)
    if then == "discussion":
        return _enter(state, "discussion")
    return replace(state, step="dusk")


def name_successor(state: State, seat: int, target: int) -> State:
    """Sheriff (seed): the dying Sheriff names a living successor."""
    state = log(replace(state, sheriff=target), event("sheriff", seat=target, how="named"))
    return after_deaths(state, then=state.after)


def successor_expired(state: State) -> State:
    """Deaths: no successor named within the timer, the match RNG picks one of the living."""
    target, state = draw(state, living(state))
    state = log(replace(state, sheriff=target), event("sheriff", seat=target, how="picked"))
    return after_deaths(state, then=state.after)


def toggle_voter(state: State, seat: int, target: int) -> State:
    """Scapegoat: a living player toggled off (may not vote the next day) or back on."""
    ballot = state.day.ballot
    ballot = tuple(s for s in ballot if s != target) if target in ballot else (*ballot, target)
    return replace(state, day=replace(state.day, ballot=ballot))


def confirm_voters(state: State, seat: int) -> State:
    """Scapegoat: the players toggled off may not vote in the next day's vote."""
    return _bar(state, seat, tuple(sorted(state.day.ballot)))


def scapegoat_expired(state: State) -> State:
    """Scapegoat: no choice confirmed within the timer, everyone may vote."""
    assert state.actor is not None  # the Scapegoat's step
    return _bar(state, state.actor, ())


def _bar(state: State, seat: int, barred: tuple[int, ...]) -> State:
    state = log(replace(state, barred=barred), event("voters", seat=seat, barred=barred))
    return after_deaths(state, then=state.after)


# --- the discussion and the Sheriff election ---------------------------------------------------


def ready(state: State, seat: int) -> State:
    """Day: the discussion ends early when every living player is ready."""
    state = replace(state, day=replace(state.day, ready=(*state.day.ready, seat)))
    return end_discussion(state) if not to_act(state) else state


def end_discussion(state: State) -> State:
    """Day: the discussion is over (everyone ready, its timer, or the host ended it); day 1
    holds the Sheriff election before the first vote."""
    if state.number == 1 and state.sheriff is None:
        return _enter(state, "candidacy")
    return start_vote(state)


def stand(state: State, seat: int) -> State:
    """Sheriff election: every living player may stand."""
    return _answer(state, seat, standing=True)


def not_stand(state: State, seat: int) -> State:
    return _answer(state, seat, standing=False)


def _answer(state: State, seat: int, *, standing: bool) -> State:
    day = state.day
    candidates = (*day.candidates, seat) if standing else day.candidates
    state = replace(state, day=replace(day, answered=(*day.answered, seat), candidates=candidates))
    state = log(state, event("stood" if standing else "declined", seat=seat))
    return start_election(state) if not to_act(state) else state


def start_election(state: State) -> State:
    """Sheriff election [Parlor: nobody standing makes every living player a candidate; a lone
    candidate is elected at once]; those who did not answer in time did not stand."""
    candidates = tuple(sorted(state.day.candidates)) or tuple(living(state))
    if len(candidates) == 1:
        return _elected(state, candidates[0], how="elected")
    state = _enter(state, "election", candidates=candidates)
    return replace(state, day=Day(candidates=candidates))


def end_election(state: State) -> State:
    """Sheriff election: most votes wins; a tie (no vote at all ties every candidate) is
    broken by the match RNG."""
    counts = Counter(target for _, target in state.day.votes)
    top = max((counts[seat] for seat in state.day.candidates), default=0)
    tied = [seat for seat in state.day.candidates if counts[seat] == top]
    if len(tied) == 1:
        return _elected(state, tied[0], how="elected")
    winner, state = draw(state, tied)
    return _elected(state, winner, how="drawn")


def _elected(state: State, seat: int, *, how: str) -> State:
    state = log(replace(state, sheriff=seat), event("sheriff", seat=seat, how=how))
    return start_vote(state)


# --- the vote ----------------------------------------------------------------------------------


def start_vote(state: State) -> State:
    """Day, the vote: the eligible voters (every living player but a revealed Idiot and those
    the Scapegoat barred). With none, there is no vote [Parlor: public, so it is skipped]."""
    voters = tuple(seat for seat in range(state.players) if may_vote(state, seat))
    if not voters:
        state = replace(state, barred=())
        state = log(state, event("no_execution", day=state.number, reason="no_voters"))
        return after_deaths(state, then="night")
    return _enter(state, "vote", voters=voters)


def vote(state: State, seat: int, target: int | None) -> State:
    """Sheriff election and the vote: votes are public as they are cast, and final
    [Parlor: no changing a vote, so the step ends as soon as every voter has voted]."""
    state = replace(state, day=replace(state.day, votes=(*state.day.votes, (seat, target))))
    state = log(state, event("voted", seat=seat, target=target))
    if to_act(state):
        return state
    return end_election(state) if state.step == "election" else end_vote(state)


def end_vote(state: State) -> State:
    """Day, the vote: the Sheriff's vote counts twice; the player with the most votes is
    executed; a tie: the Scapegoat dies if in play and alive, else the Sheriff chooses among
    the tied or no execution, else nobody dies. No vote for anyone: nobody dies."""
    counts: Counter[int] = Counter()
    for voter, target in state.day.votes:
        if target is not None:
            counts[target] += 2 if voter == state.sheriff else 1
    state = replace(state, barred=())  # the Scapegoat's bar held for this vote only
    if not counts:
        state = log(state, event("no_execution", day=state.number, reason="no_votes"))
        return after_deaths(state, then="night")
    top = max(counts.values())
    tied = tuple(sorted(seat for seat, count in counts.items() if count == top))
    if len(tied) == 1:
        return _execute(state, tied[0], by="vote")
    state = log(state, event("tie", day=state.number, seats=tied))
    scapegoat = next((seat for seat in living(state) if state.roles[seat] == "scapegoat"), None)
    if scapegoat is not None:
        return _execute(state, scapegoat, by="tie")
    if state.sheriff is not None and state.alive[state.sheriff]:
        state = _enter(state, "tiebreak", sheriff=state.sheriff, tied=tied)
        return replace(state, actor=state.sheriff, day=Day(tied=tied))
    state = log(state, event("no_execution", day=state.number, reason="tie"))
    return after_deaths(state, then="night")


def break_tie(state: State, seat: int, target: int | None) -> State:
    """Sheriff (seed): "on a tied vote [he] decides who dies, or may declare no execution"."""
    state = log(state, event("tie_broken", seat=seat, target=target))
    if target is None:
        state = log(state, event("no_execution", day=state.number, reason="sheriff"))
        return after_deaths(state, then="night")
    return _execute(state, target, by="sheriff")


def tiebreak_expired(state: State) -> State:
    """Tiebreak: the Sheriff did not choose within the timer, so nobody is executed."""
    assert state.actor is not None  # the Sheriff's step
    return break_tie(state, state.actor, None)


def _execute(state: State, seat: int, *, by: str) -> State:
    """The village's execution (``by`` "vote", the Sheriff's tie-break "sheriff", or the
    Scapegoat's death on a tie "tie"). The Village Idiot voted out reveals and survives, but
    loses his vote, once and while the villagers keep their powers (Roles 10); the Elder killed
    by the village takes the villagers' powers with him (Roles 11); a lover's partner dies of
    grief at once (log ``grief``); then the win check and the decisions owed."""
    idiot = state.roles[seat] == "idiot" and not state.revealed[seat] and not state.powers_lost
    if idiot and by != "tie":
        state = replace(state, revealed=replace_at(state.revealed, seat, True))
        state = log(state, event("idiot_revealed", seat=seat))
        return after_deaths(state, then="night")
    state, grief = kill(state, (seat,))
    state = log(state, event("executed", seat=seat, role=shown_role(state, seat), by=by))
    for lover in grief:
        state = log(state, event("grief", seat=lover, role=shown_role(state, lover), lover=seat))
    if state.roles[seat] == "elder":
        state = lose_powers(state)
    if by == "tie":
        state = replace(state, owed=(*state.owed, "scapegoat"))
    state = check_win(state)
    if state.result is not None:
        return state
    return after_deaths(state, then="night")
