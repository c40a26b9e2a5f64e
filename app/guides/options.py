"""A table's chosen options as sentences for players, per game (rules/*.md, each game's
``check_options``): ``describe(game, players, options)``, in the current locale.

Options that change nothing at this player count are left out (Sequence Numbers' six-player
teams at a table of 2; the Witch's potions without a Witch).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from babel import Locale
from babel.lists import format_list

from app.i18n import CURRENT, N_, _, ngettext
from app.rules.forehead_words.words import LANGUAGE_TABLES as FOREHEAD_TABLES, THEME_KEYS
from app.rules.monster_tcg.decks import DECKS_BY_ID
from app.rules.werewolf.components import NAMES as ROLE_NAMES, ROLES, preset

Options = Mapping[str, Any]
Describer = Callable[[int, Options], list[str]]


def _listed(items: list[str]) -> str:
    """Items as a list in the current locale: "a, b, c" in English, "a、b、c" in Japanese."""
    locale = CURRENT.get()
    if locale == "en":
        return ", ".join(items)
    return format_list(items, locale=locale.replace("-", "_"))


def _duration(seconds: int) -> str:
    """ "45 s", "3 min", "1 min 30 s"."""
    minutes, rest = divmod(int(seconds), 60)
    if not minutes:
        return _("{seconds} s", seconds=rest)
    if not rest:
        return _("{minutes} min", minutes=minutes)
    return _("{minutes} min {seconds} s", minutes=minutes, seconds=rest)


def _coloretto(players: int, options: Options) -> list[str]:
    if options.get("scoring") == "grey":
        return [
            _("Scoring on the grey side: 1, 4, 8, 7, 6, 5 points for 1 to 6 cards of a colour.")
        ]
    return [_("Scoring on the brown side: 1, 3, 6, 10, 15, 21 points for 1 to 6 or more cards.")]


def _da_vinci_code(players: int, options: Options) -> list[str]:
    if options.get("opening") == "random" or players >= 4:
        count = 3 if players >= 4 else 4
        opening = _("Each player starts with {count} tiles drawn at random.", count=count)
    else:
        opening = _("Each player starts with 2 black and 2 white tiles.")
    jokers = (
        _("The two jokers are in the pool (never among the opening tiles).")
        if options.get("jokers")
        else _("No jokers.")
    )
    return [opening, jokers]


def _elements(players: int, options: Options) -> list[str]:
    keep = (
        _("Between rounds you may keep at most one card.")
        if options.get("keep") == "one"
        else _("Between rounds you may keep any number of cards.")
    )
    ties = (
        _("A tie for the most points goes to whoever won more point cards.")
        if options.get("tie_break") == "most_point_cards"
        else _("A tie for the most points is a shared win.")
    )
    return [keep, ties]


def _forehead_words(players: int, options: Options) -> list[str]:
    language = str(options.get("language", "en"))
    reader = CURRENT.get().replace("-", "_")
    # The language's own name in the reader's language ("Chinese", "中国語", "kínai").
    spoken = Locale.parse(language.split("-")[0]).get_display_name(reader) or language
    themes = list(options.get("themes") or THEME_KEYS)
    if set(themes) == set(THEME_KEYS):
        words = _("Words in {language}, from every theme.", language=spoken)
    else:
        # The themes' names as the table's word lists call them (its language's data table).
        names = dict(FOREHEAD_TABLES[language].THEMES)
        listed = _listed([names.get(theme, theme) for theme in themes])
        words = _("Words in {language}, from the themes {themes}.", language=spoken, themes=listed)
    judged = (
        _("Judged words are in play: an opponent calls them and the other players vote.")
        if options.get("judged")
        else _("No judged words: only words to say and actions to do.")
    )
    limit = int(options.get("time_limit", 600))
    time = (
        _(
            "A time limit of {time}; then the team with more players left wins.",
            time=_duration(limit),
        )
        if limit
        else _("No time limit: play until a team has nobody left.")
    )
    return [words, judged, time]


def _manhattan(players: int, options: Options) -> list[str]:
    if options.get("rounds") == 6:
        return [_("6 rounds of 4 pieces each.")]
    return [_("4 rounds of 6 pieces each.")]


def _master_of_rules(players: int, options: Options) -> list[str]:
    return []


def _monopoly_deal(players: int, options: Options) -> list[str]:
    buildings = (
        _("Houses and hotels go on any complete set except utilities.")
        if options.get("buildings") == "seed"
        else _("Houses and hotels go on any complete set except railroads and utilities.")
    )
    deck = (
        _("The deck has a 4th Forced Deal and a 3rd Hotel (108 cards).")
        if options.get("deck") == "extended"
        else _("The standard deck of 106 cards.")
    )
    return [buildings, deck]


_SEAT_DECKS = {
    "deck_1": (
        N_("The first seat plays the {deck} deck."),
        N_("Whoever sits in the first seat picks their deck at the table."),
    ),
    "deck_2": (
        N_("The second seat plays the {deck} deck."),
        N_("Whoever sits in the second seat picks their deck at the table."),
    ),
}


def _monster_tcg(players: int, options: Options) -> list[str]:
    size = (
        _("Half decks of 30 cards, 3 prize cards each.")
        if options.get("deck_size") == 30
        else _("Full decks of 60 cards, 6 prize cards each.")
    )
    lines = [size]
    for key, (plays, picks) in _SEAT_DECKS.items():
        deck = DECKS_BY_ID.get(str(options.get(key)))
        lines.append(_(plays, deck=deck.title) if deck else _(picks))
    return lines


_FACE_DOWN = N_("Collected cards stay face down: everyone sees how many.")
_COLLECTED = {
    "own": N_("You may look at your own collected cards; others see how many."),
    "open": N_("Collected cards lie face up for everyone."),
}


def _poison(players: int, options: Options) -> list[str]:
    cauldrons = (
        _("The cauldrons have no colour until a first potion sets it, one colour each.")
        if options.get("cauldrons") == "neutral"
        else _(
            "The cauldrons are red, blue and purple: a potion goes into its own colour's, "
            "poison into any."
        )
    )
    overflow = (
        _("A cauldron boils over above 13.")
        if options.get("overflow_at") == 14
        else _("A cauldron boils over at 13 or more.")
    )
    rounds = (
        _("{players} rounds (one per player), penalties added up.", players=players)
        if options.get("rounds") == "per_player"
        else _("One round.")
    )
    collected = _COLLECTED.get(str(options.get("collected")), _FACE_DOWN)
    return [cauldrons, overflow, rounds, _(collected)]


def _sequence_numbers(players: int, options: Options) -> list[str]:
    lines = []
    if players == 6:
        lines.append(
            _("Three teams of two.")
            if options.get("six_player_teams") == 3
            else _("Two teams of three.")
        )
    plus, minus = int(options.get("plus_cards", 2)), int(options.get("minus_cards", 2))
    pluses = ngettext("{count} Plus card", "{count} Plus cards", plus)
    minuses = ngettext("{count} Minus card", "{count} Minus cards", minus)
    if plus and minus:
        line = _(
            "{plus} (a chip on any empty space) and {minus} (remove an opponent's chip).",
            plus=pluses,
            minus=minuses,
        )
    elif plus:
        line = _("{plus} (a chip on any empty space) and no Minus cards.", plus=pluses)
    elif minus:
        line = _("No Plus cards and {minus} (remove an opponent's chip).", minus=minuses)
    else:
        line = _("No Plus cards and no Minus cards.")
    lines.append(line)
    return lines


def _tong_its(players: int, options: Options) -> list[str]:
    count = (
        _("A hand counts every card in it.")
        if options.get("hand_count") == "all"
        else _("A hand counts only the cards outside melds.")
    )
    pile = (
        _("Only the top discard is shown.")
        if options.get("discard_pile") == "top"
        else _("The whole discard pile lies face up.")
    )
    bonus = int(options.get("tong_its_bonus", 1))
    return [
        count,
        pile,
        ngettext(
            "Going out (Tong-its) wins {count} more chip from each loser.",
            "Going out (Tong-its) wins {count} more chips from each loser.",
            bonus,
        ),
    ]


def _uno(players: int, options: Options) -> list[str]:
    target = int(options.get("target", 0))
    official = options.get("scoring") == "official"
    if target:
        length = _("Hands are played until someone reaches {target} points.", target=target)
    else:
        length = _("One hand.")
    lines = [
        length,
        _("The winner of a hand scores every other hand's cards.")
        if official
        else _("Each loser pays the winner the value of their own hand."),
    ]
    two, four = options.get("stack_draw_two"), options.get("stack_draw_four")
    if two and four:
        lines.append(_("Penalties stack: a +2 may answer a +2, and a +4 may answer a +2 or a +4."))
    elif two:
        lines.append(_("A +2 may be answered with another +2: the penalty grows."))
    elif four:
        lines.append(_("A +4 may answer a +2 or a +4: the penalty grows."))
    else:
        lines.append(_("Penalties do not stack."))
    if (two or four) and options.get("no_wild_on_penalty"):
        lines.append(_("No plain Wild against a pending +2 or +4."))
    lines.append(
        _("A +4 only when you hold no card of the colour in play.")
        if options.get("wd4_rule") == "official"
        else _("A +4 only when you hold no other card you could play.")
    )
    if options.get("wd4_challenge"):
        lines.append(_("A +4 may be challenged: a bluffer draws 4, a wrong challenger draws 6."))
    if options.get("uno_call"):
        lines.append(_("Say UNO! when you are down to one card, or be caught and draw 2."))
        if options.get("false_uno_penalty"):
            lines.append(_("A false UNO! or a wrong catch costs 2 cards."))
    if options.get("going_out_penalty"):
        lines.append(_("Going out on a +2 or +4: the next player still draws."))
    lines.append(
        _("When the draw pile runs out, the hand is void.")
        if options.get("deck_exhausted") == "void"
        else _("When the draw pile runs out, the discards are reshuffled.")
    )
    lines.append(
        _("A Reverse turned up first: the dealer starts.")
        if options.get("first_reverse") == "official"
        else _("A Reverse turned up first: the dealer's right-hand neighbour starts.")
    )
    return lines


def _werewolf_roles(role: str, count: int) -> str:
    """One role of the game with its count: "Seer", "2 Villagers"."""
    match role:
        case "villager":
            return ngettext("{count} Villager", "{count} Villagers", count)
        case "werewolf":
            return ngettext("{count} Werewolf", "{count} Werewolves", count)
        case "seer":
            return ngettext("{count} Seer", "{count} Seers", count)
        case "witch":
            return ngettext("{count} Witch", "{count} Witches", count)
        case "cupid":
            return ngettext("{count} Cupid", "{count} Cupids", count)
        case "piper":
            return ngettext("{count} Piper", "{count} Pipers", count)
        case "thief":
            return ngettext("{count} Thief", "{count} Thieves", count)
        case "scapegoat":
            return ngettext("{count} Scapegoat", "{count} Scapegoats", count)
        case "idiot":
            return ngettext("{count} Village Idiot", "{count} Village Idiots", count)
        case "elder":
            return ngettext("{count} Elder", "{count} Elders", count)
    return role


def _werewolf(players: int, options: Options) -> list[str]:
    chosen = options.get("roles")
    roles: Mapping[str, int] = preset(players) if chosen == "preset" else (chosen or {})
    parts = []
    for role in ROLES:
        count = int(roles.get(role, 0))
        if count:
            name = ROLE_NAMES.get(role, role)
            parts.append(_(name) if count == 1 else _werewolf_roles(role, count))
    listed = _listed(parts)
    if chosen == "preset":
        first = (
            _("The preset roles: {roles}. The Thief brings 2 more Villager cards.", roles=listed)
            if roles.get("thief")
            else _("The preset roles: {roles}.", roles=listed)
        )
    else:
        first = (
            _("Roles: {roles}. The Thief brings 2 more Villager cards.", roles=listed)
            if roles.get("thief")
            else _("Roles: {roles}.", roles=listed)
        )
    lines = [first]
    timers = [_("night {time}", time=_duration(options.get("night_seconds", 60)))]
    if roles.get("witch"):
        timers.append(
            _("the Witch's hour {time}", time=_duration(options.get("witch_seconds", 30)))
        )
    timers += [
        _("discussion {time}", time=_duration(options.get("discussion_seconds", 180))),
        _("each vote {time}", time=_duration(options.get("vote_seconds", 60))),
    ]
    lines.append(_("Timers: {timers}.", timers=_listed(timers)))
    lines.append(
        _("A dead player's role stays hidden until the end.")
        if options.get("reveal") == "end"
        else _("A dead player's role is shown when they die.")
    )
    lines.append(
        _("The dead see only what the living see.")
        if options.get("dead_see") == "public"
        else _("The dead see every role and every channel.")
    )
    if roles.get("witch"):
        lines.append(
            _("The Witch has one potion use in the whole game.")
            if options.get("potions") == "single"
            else _("The Witch may use each of her two potions once.")
        )
    return lines


DESCRIBERS: dict[str, Describer] = {
    "coloretto": _coloretto,
    "da_vinci_code": _da_vinci_code,
    "elements": _elements,
    "forehead_words": _forehead_words,
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
