"""UNO's action parsing and legality checks: one check per action kind, shared by
``legal_actions`` and ``apply`` (style 4.2; rules/uno.md, Turn, Action effects, House rules)."""

from __future__ import annotations

from collections.abc import Sequence

from app.rules.base import Action, IllegalAction
from app.rules.kit import Move, action_kind, can, check_fields
from app.rules.uno.components import (
    COLOURS,
    DRAW_TWO,
    WILD,
    WILD_DRAW_FOUR,
    Options,
    colour_of,
    is_card,
    is_wild,
    value_of,
)
from app.rules.uno.state import Pending, State

# The fields of each action on the wire; anything else is malformed. A play of a black card
# also names the colour ("colour"), a play of a coloured card must not.
ACTION_FIELDS: dict[str, frozenset[str]] = {
    "play": frozenset({"type", "card"}),
    "draw": frozenset({"type"}),
    "pass": frozenset({"type"}),
    "draw_penalty": frozenset({"type"}),
    "challenge": frozenset({"type"}),
    "choose_colour": frozenset({"type", "colour"}),
    "call_uno": frozenset({"type"}),
    "catch": frozenset({"type", "target"}),
}
WILD_PLAY_FIELDS = frozenset({"type", "card", "colour"})

# Which turn actions each step takes (call_uno and catch are not turn actions).
STEP_ACTIONS: dict[str, frozenset[str]] = {
    "first_colour": frozenset({"choose_colour"}),
    "play": frozenset({"play", "draw", "pass"}),
    "drawn": frozenset({"play", "pass"}),
    "penalty": frozenset({"play", "draw_penalty", "challenge"}),
    "over": frozenset(),
}


# --- card rules (pure functions of cards; tests call them directly) ---------------------------


def can_follow(card: str, top: str, colour: str | None) -> bool:
    """rules/uno.md, Turn: a card matches the top card in colour (the colour named for a wild),
    in number or symbol; a black card always may be played."""
    if is_wild(card):
        return True
    if colour_of(card) == colour:
        return True
    return not is_wild(top) and value_of(card) == value_of(top)


def stackable(options: Options, kind: str) -> bool:
    """House rules 1-2: whether a pending penalty of ``kind`` may be answered with a card."""
    if kind == DRAW_TWO:
        return options.stack_draw_two or options.stack_draw_four
    return options.stack_draw_four


def answers_penalty(options: Options, pending: Pending, card: str) -> bool:
    """House rules 1-3: which cards answer a pending penalty. A Draw Two answers Draw Twos only;
    a Wild Draw Four answers both kinds; a plain Wild only when ``no_wild_on_penalty`` is off,
    and then only where stacking is allowed (it passes the total on unchanged)."""
    value = value_of(card)
    if value == WILD_DRAW_FOUR:
        return options.stack_draw_four
    if value == DRAW_TWO:
        return pending.kind == DRAW_TWO and options.stack_draw_two
    if value == WILD:
        return not options.no_wild_on_penalty and stackable(options, pending.kind)
    return False


def wild_draw_four_guilty(rule: str, hand: Sequence[str], top: str, colour: str | None) -> bool:
    """House rule 4 [SEED≠OFFICIAL]: whether ``hand`` (the player's other cards) made a Wild Draw
    Four illegal. ``"seed"`` (the default): any other card that could have been played (colour,
    number or symbol); ``"official"``: a card of the colour in effect. Black cards never count."""
    for card in hand:
        if is_wild(card):
            continue
        if colour_of(card) == colour:
            return True
        if rule == "seed" and not is_wild(top) and value_of(card) == value_of(top):
            return True
    return False


def wild_draw_four_tell(named: str | None, before: str | None, held: int) -> bool:
    """Whether a Wild Draw Four looks guilty to those who did not see its player's hand
    (rules/uno.md, House rule 4): a player names the colour they hold most, so naming
    ``before``, the colour already in effect, means they very likely hold a card of it, and any
    card of the colour in effect makes the play guilty under either rule. A player left with
    one card (``held``) naming it proves nothing (a lone black card, or a guess)."""
    return before is not None and named == before and held >= 2


# --- checks ------------------------------------------------------------------------------------


def check_running(state: State) -> None:
    """Refuse every action once the match is over."""
    if state.turn is None:
        raise IllegalAction("game_over", "The game is over.")


def check_turn(state: State, seat: int, kind: str) -> None:
    """Refuse a turn action from anyone but the seat whose turn it is, or one the current step
    does not take, saying what is due instead."""
    check_running(state)
    if seat != state.turn:
        raise IllegalAction("not_your_turn", "It is not your turn.")
    if kind in STEP_ACTIONS[state.step]:
        return
    if state.step == "first_colour":
        raise IllegalAction("must_choose_colour", "Name the colour for the Wild turned up first.")
    if state.step == "penalty":
        assert state.pending is not None
        raise IllegalAction(
            "must_answer_penalty",
            "Answer the +{count}: stack a card on it or take the cards.",
            count=state.pending.count,
        )
    if kind == "draw":
        raise IllegalAction("already_drawn", "You have drawn already: play that card or pass.")
    if kind in ("draw_penalty", "challenge"):
        raise IllegalAction("no_penalty", "No draw penalty is waiting for you.")
    raise IllegalAction("no_colour_to_choose", "There is no colour to name now.")


def check_play(state: State, seat: int, card: str) -> None:
    """rules/uno.md, Turn and House rules: a card from the hand that matches the top card; after
    a draw only the drawn card; under a pending penalty only a card that answers it. With
    ``wd4_challenge`` off an illegal Wild Draw Four is refused outright."""
    check_turn(state, seat, "play")
    hand = state.hands[seat]
    if card not in hand:
        raise IllegalAction("not_in_hand", "You do not hold that card.")
    if state.step == "drawn":
        if card != state.drawn:
            raise IllegalAction("play_drawn_only", "After drawing you may play only that card.")
        if not can_follow(card, state.top, state.colour):
            raise IllegalAction("no_match", "The card you drew does not match: pass.")
        return
    if state.step == "penalty":
        assert state.pending is not None
        if not answers_penalty(state.options, state.pending, card):
            raise IllegalAction(
                "cannot_stack",
                "That card does not answer the +{count}: stack a card that does, or take the "
                "cards.",
                count=state.pending.count,
            )
        return
    if not can_follow(card, state.top, state.colour):
        raise IllegalAction(
            "no_match", "That card matches neither the colour nor the number or symbol."
        )
    if value_of(card) == WILD_DRAW_FOUR and not state.options.wd4_challenge:
        rest = list(hand)
        rest.remove(card)
        if wild_draw_four_guilty(state.options.wd4_rule, rest, state.top, state.colour):
            if state.options.wd4_rule == "seed":
                raise IllegalAction(
                    "wild_draw_four_not_allowed",
                    "You may play a Wild Draw Four only when you hold no other card you could "
                    "play (wild cards aside).",
                )
            raise IllegalAction(
                "wild_draw_four_not_allowed",
                "You may play a Wild Draw Four only when you hold no card of the colour in "
                "effect ({colour}).",
                colour=state.colour,
            )


def has_play(state: State, seat: int) -> bool:
    """Whether ``seat`` could play some card now."""
    return any(can(check_play, state, seat, card) for card in dict.fromkeys(state.hands[seat]))


def can_draw_a_card(state: State) -> bool:
    """Whether a draw finds a card: the pile, or the discard pile under its top card to
    reshuffle (rule 7); with ``deck_exhausted`` "void" an empty pile ends the hand instead."""
    if state.pile or state.options.deck_exhausted == "void":
        return True
    return len(state.discard) > 1


def check_draw(state: State, seat: int) -> None:
    """rules/uno.md, Turn: draw one card only when you cannot play."""
    check_turn(state, seat, "draw")
    if has_play(state, seat):
        raise IllegalAction("must_play", "You can play a card, so you may not draw.")
    if not can_draw_a_card(state):
        raise IllegalAction("nothing_to_draw", "There is no card left to draw: pass.")


def check_pass(state: State, seat: int) -> None:
    """Pass after drawing (keeping the drawn card), or with nothing to play and nothing to draw."""
    check_turn(state, seat, "pass")
    if state.step == "drawn":
        return
    if has_play(state, seat):
        raise IllegalAction("must_play", "You can play a card, so you may not pass.")
    if can_draw_a_card(state):
        raise IllegalAction("must_draw", "You cannot play: draw a card.")


def check_draw_penalty(state: State, seat: int) -> None:
    """House rules 1-2: the victim of a pending penalty may always take the cards."""
    check_turn(state, seat, "draw_penalty")


def check_challenge(state: State, seat: int) -> None:
    """House rule 4: only the victim of a Wild Draw Four that did not continue a stack."""
    check_turn(state, seat, "challenge")
    if state.wild_draw_four is None:
        raise IllegalAction(
            "no_challenge", "Only a Wild Draw Four that did not continue a stack may be challenged."
        )


def check_choose_colour(state: State, seat: int, colour: str) -> None:
    """rules/uno.md, Players and deal: the first player names the colour of a first-card Wild."""
    check_turn(state, seat, "choose_colour")
    if colour not in COLOURS:
        raise IllegalAction("bad_colour", "Name red, yellow, green or blue.")


def missed_call(state: State) -> bool:
    """House rule 5: whether the player open to a catch holds one card without having called
    UNO, so that a catch would be right (public: hand sizes and calls are)."""
    seat = state.uno_window
    return seat is not None and len(state.hands[seat]) == 1 and seat not in state.said_uno


def can_pre_call(state: State, seat: int) -> bool:
    """UNO call: on your turn, holding two cards with one you may play, you may call UNO
    before playing the second-last (a call that is then not followed by one card is false)."""
    return (
        seat == state.turn
        and state.step in ("play", "drawn", "penalty")
        and len(state.hands[seat]) == 2
        and state.pre_called != seat
        and has_play(state, seat)
    )


def check_call_uno(state: State, seat: int) -> None:
    """House rule 5: call UNO down to one card without a call (until caught or the next turn
    action), or on your turn with two cards before playing one."""
    check_running(state)
    if not state.options.uno_call:
        raise IllegalAction("no_uno_call", "This table plays without UNO calls.")
    if (state.uno_window == seat and missed_call(state)) or can_pre_call(state, seat):
        return
    raise IllegalAction(
        "no_uno",
        "Call UNO when your play leaves you one card, or on your turn with two cards just "
        "before you play one.",
    )


def check_catch(state: State, seat: int, target: int) -> None:
    """House rule 5: catch the player whose play left them one or two cards, until the next
    turn action. The player whose turn it is may always try (a wrong catch costs them 2 cards);
    everyone else only while the catch is right: one card and no call (package docstring)."""
    check_running(state)
    if target == seat:
        raise IllegalAction("own_catch", "You cannot catch yourself: call UNO instead.")
    if state.uno_window != target:
        raise IllegalAction(
            "nothing_to_catch",
            "You may catch only a player whose play just left them one or two cards, until "
            "the next player acts.",
        )
    if seat != state.turn and not missed_call(state):
        raise IllegalAction(
            "not_your_catch",
            "That player called UNO or does not hold one card: only the player whose turn it "
            "is may still try to catch them.",
        )


# --- parsing -----------------------------------------------------------------------------------


def parse(action: Action, players: int) -> Move:
    """An action's type and its fields in the order its effect takes them (a play's colour is
    ``None`` for a coloured card), or ``bad_action`` for anything malformed."""
    kind = action_kind(action, ACTION_FIELDS, game="UNO")
    expected = ACTION_FIELDS[kind]
    if kind == "play":
        card = action.get("card")
        if not is_card(card):
            raise IllegalAction("bad_action", "The card must be one of UNO's cards, as 'red:7'.")
        assert isinstance(card, str)
        if is_wild(card):
            expected = WILD_PLAY_FIELDS
    check_fields(action, kind, expected)
    if "colour" in action and action["colour"] not in COLOURS:
        raise IllegalAction("bad_action", "The colour must be red, yellow, green or blue.")
    if kind == "catch":
        target = action["target"]
        if type(target) is not int or not 0 <= target < players:  # bools are ints in Python
            raise IllegalAction("bad_action", "The target must be a seat number.")
    if kind == "play":
        return Move(kind, (action["card"], action.get("colour")))
    if kind == "choose_colour":
        return Move(kind, (action["colour"],))
    if kind == "catch":
        return Move(kind, (action["target"],))
    return Move(kind)
