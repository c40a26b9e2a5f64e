"""A table's chosen options as sentences for players, per game (rules/*.md, each game's
``check_options``): ``describe(game, players, options)``.

Options that change nothing at this player count are left out (Sequence Numbers' six-player
teams at a table of 2; the Witch's potions without a Witch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from app.rules.monster_tcg.decks import DECKS_BY_ID
from app.rules.werewolf.components import ROLES, preset

Options = Mapping[str, Any]
Describer = Callable[[int, Options], list[str]]


def _plural(count: int, word: str, many: str | None = None) -> str:
    return f"{count} {word if count == 1 else many or word + 's'}"


def _duration(seconds: int) -> str:
    """ "45 s", "3 min", "1 min 30 s"."""
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


def _coloretto(players: int, options: Options) -> list[str]:
    if options.get("scoring") == "grey":
        return ["Scoring on the grey side: 1, 4, 8, 7, 6, 5 points for 1 to 6 cards of a colour."]
    return ["Scoring on the brown side: 1, 3, 6, 10, 15, 21 points for 1 to 6 or more cards."]


def _da_vinci_code(players: int, options: Options) -> list[str]:
    if options.get("opening") == "random" or players >= 4:
        count = 3 if players >= 4 else 4
        opening = f"Each player starts with {count} tiles drawn at random."
    else:
        opening = "Each player starts with 2 black and 2 white tiles."
    jokers = (
        "The two jokers are in the pool (never among the opening tiles)."
        if options.get("jokers")
        else "No jokers."
    )
    return [opening, jokers]


def _elements(players: int, options: Options) -> list[str]:
    keep = (
        "Between rounds you may keep at most one card."
        if options.get("keep") == "one"
        else "Between rounds you may keep any number of cards."
    )
    ties = (
        "A tie for the most points goes to whoever won more point cards."
        if options.get("tie_break") == "most_point_cards"
        else "A tie for the most points is a shared win."
    )
    return [keep, ties]


def _manhattan(players: int, options: Options) -> list[str]:
    if options.get("rounds") == 6:
        return ["6 rounds of 4 pieces each."]
    return ["4 rounds of 6 pieces each."]


def _master_of_rules(players: int, options: Options) -> list[str]:
    return []


def _monopoly_deal(players: int, options: Options) -> list[str]:
    buildings = (
        "Houses and hotels go on any complete set except utilities."
        if options.get("buildings") == "seed"
        else "Houses and hotels go on any complete set except railroads and utilities."
    )
    deck = (
        "The deck has a 4th Forced Deal and a 3rd Hotel (108 cards)."
        if options.get("deck") == "extended"
        else "The standard deck of 106 cards."
    )
    return [buildings, deck]


def _monster_tcg(players: int, options: Options) -> list[str]:
    size = (
        "Half decks of 30 cards, 3 prize cards each."
        if options.get("deck_size") == 30
        else "Full decks of 60 cards, 6 prize cards each."
    )
    lines = [size]
    for key, seat in (("deck_1", "first"), ("deck_2", "second")):
        deck = DECKS_BY_ID.get(str(options.get(key)))
        lines.append(
            f"The {seat} seat plays the {deck.title} deck."
            if deck
            else f"Whoever sits in the {seat} seat picks their deck at the table."
        )
    return lines


def _poison(players: int, options: Options) -> list[str]:
    cauldrons = (
        "The cauldrons have no colour until a first potion sets it, one colour each."
        if options.get("cauldrons") == "neutral"
        else "The cauldrons are red, blue and purple: a potion goes into its own colour's, "
        "poison into any."
    )
    overflow = (
        "A cauldron boils over above 13."
        if options.get("overflow_at") == 14
        else "A cauldron boils over at 13 or more."
    )
    rounds = (
        f"{players} rounds (one per player), penalties added up."
        if options.get("rounds") == "per_player"
        else "One round."
    )
    collected = {
        "own": "You may look at your own collected cards; others see how many.",
        "open": "Collected cards lie face up for everyone.",
    }.get(str(options.get("collected")), "Collected cards stay face down: everyone sees how many.")
    return [cauldrons, overflow, rounds, collected]


def _sequence_numbers(players: int, options: Options) -> list[str]:
    lines = []
    if players == 6:
        lines.append(
            "Three teams of two." if options.get("six_player_teams") == 3 else "Two teams of three."
        )
    plus, minus = int(options.get("plus_cards", 2)), int(options.get("minus_cards", 2))
    lines.append(
        f"{_plural(plus, 'Plus card')} (a chip on any empty space)" if plus else "No Plus cards"
    )
    lines[-1] += (
        f" and {_plural(minus, 'Minus card')} (remove an opponent's chip)."
        if minus
        else " and no Minus cards."
    )
    return lines


def _tong_its(players: int, options: Options) -> list[str]:
    count = (
        "A hand counts every card in it."
        if options.get("hand_count") == "all"
        else "A hand counts only the cards outside melds."
    )
    pile = (
        "Only the top discard is shown."
        if options.get("discard_pile") == "top"
        else "The whole discard pile lies face up."
    )
    bonus = int(options.get("tong_its_bonus", 1))
    return [
        count,
        pile,
        f"Going out (Tong-its) wins {_plural(bonus, 'more chip')} from each loser.",
    ]


def _uno(players: int, options: Options) -> list[str]:
    target = int(options.get("target", 0))
    official = options.get("scoring") == "official"
    if target:
        length = f"Hands are played until someone reaches {target} points."
    else:
        length = "One hand."
    lines = [
        length,
        "The winner of a hand scores every other hand's cards."
        if official
        else "Each loser pays the winner the value of their own hand.",
    ]
    two, four = options.get("stack_draw_two"), options.get("stack_draw_four")
    if two and four:
        lines.append("Penalties stack: a +2 may answer a +2, and a +4 may answer a +2 or a +4.")
    elif two:
        lines.append("A +2 may be answered with another +2: the penalty grows.")
    elif four:
        lines.append("A +4 may answer a +2 or a +4: the penalty grows.")
    else:
        lines.append("Penalties do not stack.")
    if (two or four) and options.get("no_wild_on_penalty"):
        lines.append("No plain Wild against a pending +2 or +4.")
    lines.append(
        "A +4 only when you hold no card of the colour in play."
        if options.get("wd4_rule") == "official"
        else "A +4 only when you hold no other card you could play."
    )
    if options.get("wd4_challenge"):
        lines.append("A +4 may be challenged: a bluffer draws 4, a wrong challenger draws 6.")
    if options.get("uno_call"):
        lines.append("Say UNO! when you are down to one card, or be caught and draw 2.")
        if options.get("false_uno_penalty"):
            lines.append("A false UNO! or a wrong catch costs 2 cards.")
    if options.get("going_out_penalty"):
        lines.append("Going out on a +2 or +4: the next player still draws.")
    lines.append(
        "When the draw pile runs out, the hand is void."
        if options.get("deck_exhausted") == "void"
        else "When the draw pile runs out, the discards are reshuffled."
    )
    lines.append(
        "A Reverse turned up first: the dealer starts."
        if options.get("first_reverse") == "official"
        else "A Reverse turned up first: the dealer's right-hand neighbour starts."
    )
    return lines


_ROLE_NAMES = {
    "villager": ("Villager", "Villagers"),
    "werewolf": ("Werewolf", "Werewolves"),
    "seer": ("Seer", "Seers"),
    "witch": ("Witch", "Witches"),
    "cupid": ("Cupid", "Cupids"),
    "piper": ("Piper", "Pipers"),
    "thief": ("Thief", "Thieves"),
    "scapegoat": ("Scapegoat", "Scapegoats"),
    "idiot": ("Village Idiot", "Village Idiots"),
    "elder": ("Elder", "Elders"),
}


def _werewolf(players: int, options: Options) -> list[str]:
    chosen = options.get("roles")
    roles: Mapping[str, int] = preset(players) if chosen == "preset" else (chosen or {})
    parts = []
    for role in ROLES:
        count = int(roles.get(role, 0))
        if count:
            one, many = _ROLE_NAMES.get(role, (role, role))
            parts.append(one if count == 1 else f"{count} {many}")
    origin = "The preset roles" if chosen == "preset" else "Roles"
    lines = [f"{origin}: {', '.join(parts)}."]
    if roles.get("thief"):
        lines[0] += " The Thief brings 2 more Villager cards."
    timers = [f"night {_duration(options.get('night_seconds', 60))}"]
    if roles.get("witch"):
        timers.append(f"the Witch's hour {_duration(options.get('witch_seconds', 30))}")
    timers += [
        f"discussion {_duration(options.get('discussion_seconds', 180))}",
        f"each vote {_duration(options.get('vote_seconds', 60))}",
    ]
    lines.append(f"Timers: {', '.join(timers)}.")
    lines.append(
        "A dead player's role stays hidden until the end."
        if options.get("reveal") == "end"
        else "A dead player's role is shown when they die."
    )
    lines.append(
        "The dead see only what the living see."
        if options.get("dead_see") == "public"
        else "The dead see every role and every channel."
    )
    if roles.get("witch"):
        lines.append(
            "The Witch has one potion use in the whole game."
            if options.get("potions") == "single"
            else "The Witch may use each of her two potions once."
        )
    return lines


DESCRIBERS: dict[str, Describer] = {
    "coloretto": _coloretto,
    "da_vinci_code": _da_vinci_code,
    "elements": _elements,
    "manhattan": _manhattan,
    "master_of_rules": _master_of_rules,
    "monopoly_deal": _monopoly_deal,
    "monster_tcg": _monster_tcg,
    "poison": _poison,
    "sequence_numbers": _sequence_numbers,
    "tong_its": _tong_its,
    "uno": _uno,
    "werewolf": _werewolf,
}


def describe(game: str, players: int, options: Options) -> list[str]:
    """The table's options as sentences a player reads, those that matter at ``players`` only;
    a game without a describer gets its keys in words."""
    describer = DESCRIBERS.get(game)
    if describer is not None:
        return describer(players, options)
    words = (str(key).replace("_", " ").capitalize() for key in options)
    return [f"{word}: {value}." for word, value in zip(words, options.values(), strict=True)]
