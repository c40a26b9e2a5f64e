"""Forehead words played out (``rules/forehead-words.md``, "Settled for online play"): a
random-playout loop beside ``test_conformance``'s, weighted towards lines, calls and votes (the
generic one's random player rarely reaches a vote), with every language and judged words on
and off; the inverted secret over many seeds (Hidden:
a seat's view and log never hold its own word before it learns it), the bot (never writing a
living player's word; bot tables end), ``determinize`` agreeing with the view, and the word
lists (Word lists: "of the same kinds")."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from app.rules.base import Action, IllegalAction
from app.rules.bots import fill_text, strings
from app.rules.forehead_words import (
    FREE_TEXT,
    RULES,
    State,
    choose,
    determinize,
    legal_actions,
    log,
    new_game,
    outcome,
    says,
    view,
)
from app.rules.forehead_words.emotes import EMOTE_KEYS
from app.rules.forehead_words.words import LANGUAGE_TABLES, THEME_KEYS, WORD_LISTS, normalize
from app.rules.rng import Rng, bot_rng
from tests.rules.test_conformance import Frozen, json_round_trip

LANGUAGES = ("zh-Hans", "en", "ja", "hu")
MAX_ACTIONS = 600


def texts(state: State) -> list[str]:
    """Lines worth typing at this table: every word's text and phrase, bits of them, and the
    bots' phrase bank (many of them give a word away and are refused)."""
    bank = LANGUAGE_TABLES[state.options.language]
    found = [card.text for card in WORD_LISTS[state.options.language]]
    found += [card.phrase for card in WORD_LISTS[state.options.language] if card.phrase]
    found += [f"{text}!!" for text in found[:8]] + list(bank.ANSWERS) + list(bank.CHATTER)
    return found


def dealt_text(state: State, chooser: Rng) -> tuple[str, Rng]:
    """The text (or a say word's phrase) of a word worn at the table: the test peeks, so that
    lines say words (eliminating, refused or concealed) and guesses are right often enough."""
    card, chooser = chooser.choice(state.words)
    return card.phrase or card.text, chooser


def filled(state: State, action: Action, chooser: Rng) -> tuple[Action, Rng]:
    """A free-text template with a text drawn from the table's words or ``texts``, one in four
    two texts in one line (a say word with another's word: Revealing); other actions as
    listed."""
    if action["type"] not in FREE_TEXT or "text" in action:
        return action, chooser
    peek, chooser = chooser.randbelow(3)
    if peek == 0:
        text, chooser = dealt_text(state, chooser)
    else:
        text, chooser = chooser.choice(texts(state))
    roll, chooser = chooser.randbelow(4)
    if roll == 0 and action["type"] == "say":
        more, chooser = dealt_text(state, chooser)
        text = f"{text}，{more}"
    return {**action, "text": text}, chooser


KIND_WEIGHTS = {"say": 8, "emote": 3, "call": 4, "vote": 4, "eliminate": 1, "guess": 1}
"""How often a random player picks each kind of action it has: mostly lines, calls and votes,
so that games run long enough to reach them."""


def playout(
    seed: bytes, *, players: int, options: dict[str, Any], checks: bool = False
) -> Iterator[tuple[State, int | None, Action]]:
    """A random game to the end (each state, the mover and its action; ``None``: a timer ran
    out), refused free texts tried again; with ``checks``, the contract on every state."""
    state = new_game(players=players, seed=seed, options=options)
    chooser = Rng(seed, "playout")
    frozen = Frozen()
    for _ in range(MAX_ACTIONS):
        if outcome(state) is not None:
            return
        if checks:
            check(state, players, frozen)
        movers = RULES.movers(state)
        seats = [seat for seat in movers if seat is not None]
        # Timers run out rarely, so games also end by eliminations.
        roll, chooser = chooser.randbelow(40)
        mover: int | None = None
        if seats and not (roll == 0 and None in movers):
            mover, chooser = chooser.choice(seats)
        if mover is None:
            action = RULES.expiry(state)
            yield state, None, action
            state = RULES.step(state, None, action)
            continue
        # A kind first, then one of its actions, so the bar's many emotes do not drown out
        # the lines, guesses, calls and votes.
        legal = legal_actions(state, mover)
        kinds = sorted({action["type"] for action in legal})
        kind, chooser = chooser.choice([k for k in kinds for _ in range(KIND_WEIGHTS[k])])
        template, chooser = chooser.choice([a for a in legal if a["type"] == kind])
        while True:
            action, chooser = filled(state, template, chooser)
            try:
                after = RULES.apply(state, mover, action)
            except IllegalAction as error:
                assert error.code == "reveals_word", error.code
                continue
            break
        yield state, mover, action
        state = after
    yield state, None, {"type": "end"}
    raise AssertionError("the game did not end")


def check(state: State, players: int, frozen: Frozen) -> None:
    """The contract on one state: deeply immutable; every listed action applies (free text
    with a harmless text); views and logs are JSON, one length for everyone."""
    frozen.check(state)
    acting = RULES.to_act(state)
    for seat in range(players):
        legal = legal_actions(state, seat)
        assert bool(legal) == (seat in acting)
        assert json_round_trip(legal) == legal
        typer = Rng(bytes(32), f"check:{seat}")
        for action in legal:
            action, typer = fill_text(FREE_TEXT, action, typer)  # a made-up text
            RULES.apply(state, seat, action)
        if seat in acting:
            with pytest.raises(IllegalAction):
                RULES.apply(state, seat, {**legal[0], "extra": 1})
    lengths = set()
    for viewer in [*range(players), None]:
        shown = view(state, viewer)
        assert json_round_trip(shown) == shown
        entries = log(state, viewer)
        assert json_round_trip(entries) == entries
        lengths.add(len(entries))
    assert len(lengths) == 1


CASES = [
    pytest.param(players, language, judged, id=f"{players}p-{language}-{'j' if judged else 'n'}")
    for players, language, judged in (
        (4, "zh-Hans", True),
        (6, "en", False),
        (8, "ja", True),
        (10, "hu", True),
        (6, "zh-Hans", False),
    )
]


@pytest.mark.parametrize(("players", "language", "judged"), CASES)
def test_random_playouts_keep_the_contract_and_replay(
    players: int, language: str, judged: bool
) -> None:
    """Every listed action applies, games end with an outcome, replay reproduces the end."""
    options = {"language": language, "judged": judged}
    for index in range(2):
        seed = hashlib.sha256(f"fw-conformance:{players}:{language}:{index}".encode()).digest()
        record = [
            (mover, action)
            for _, mover, action in playout(seed, players=players, options=options, checks=True)
        ]
        state = new_game(players=players, seed=seed, options=options)
        for mover, action in record:
            state = RULES.step(state, mover, json_round_trip(action))
        result = outcome(state)
        assert result is not None and result.winners
        assert json_round_trip(result.to_json()) == result.to_json()
        assert all(legal_actions(state, seat) == [] for seat in range(players))


def own_lines(state: State, seat: int) -> set[str]:
    """The texts ``seat`` typed itself (lines and its guess)."""
    typed = {line.text for line in state.lines if line.seat == seat}
    typed |= {
        dict(e.fields)["text"]
        for e in state.events
        if e.type == "guessed" and dict(e.fields)["seat"] == seat
    }
    return typed


def test_a_seat_never_sees_its_own_word_before_it_learns_it() -> None:
    """Hidden: "each player's own word, from that player only (their own view, log ...)":
    over many random games, while a seat lives, has not guessed right and the game runs, no
    string of its view, log or legal actions holds its word (the card's text, a say word's
    phrase), but for what it typed itself."""
    checked = 0
    for index in range(24):
        language = LANGUAGES[index % 4]
        players = (4, 6, 8, 10)[index % 4 if index % 3 else 1]
        seed = hashlib.sha256(f"fw-hidden:{index}".encode()).digest()
        options = {"language": language, "judged": index % 2 == 0}
        for state, _, _ in playout(seed, players=players, options=options):
            for seat in range(players):
                if not state.alive[seat] or state.knows[seat]:
                    continue
                card = state.words[seat]
                marks = [card.text] + ([card.phrase] if card.phrase else [])
                typed = own_lines(state, seat)
                frames = [view(state, seat), log(state, seat), legal_actions(state, seat)]
                for text in strings(frames):
                    if text in typed:
                        continue
                    assert not any(mark in text for mark in marks), (seat, card, text)
                    assert not says(text, card) or text in state.bar, (seat, card, text)
                checked += 1
    assert checked > 1000


def test_bots_never_write_a_living_players_word_and_bot_tables_end() -> None:
    """Bots: questions "around the other team's words (never containing them)"; a table of bots
    ends (by eliminations: their chat always changes the game, so no timer runs out here)."""
    reasons: Counter[str] = Counter()
    for index in range(12):
        language = LANGUAGES[index % 4]
        players = (4, 6, 8, 10)[index % 4]
        seed = hashlib.sha256(f"fw-bots:{index}".encode()).digest()
        state = new_game(players=players, seed=seed, options={"language": language})
        chooser = Rng(seed, "order")
        for step in range(3000):
            if outcome(state) is not None:
                break
            seat, chooser = chooser.choice(sorted(RULES.to_act(state)))
            legal = legal_actions(state, seat)
            action = choose(view(state, seat), legal, bot_rng(seed, seat=seat, seq=step))
            if action["type"] in FREE_TEXT:
                assert {"type": action["type"]} in legal and isinstance(action["text"], str)
            else:
                assert action in legal
            if action["type"] == "say":
                living = [w for s, w in enumerate(state.words) if s != seat and state.alive[s]]
                assert not any(says(action["text"], word) for word in living), action
            state = RULES.apply(state, seat, action)  # never refused
        result = outcome(state)
        assert result is not None, "a table of bots did not end"
        reasons[result.detail["reason"]] += 1
    assert reasons == {"team_out": 12}


def test_determinize_agrees_with_the_view() -> None:
    """issue 27: the drawn state shows the seat the same view and legal actions; its own word
    is one it sees on nobody else."""
    for index in range(6):
        language = LANGUAGES[index % 4]
        seed = hashlib.sha256(f"fw-determinize:{index}".encode()).digest()
        options = {"language": language, "judged": True}
        for step, (state, _, _) in enumerate(playout(seed, players=6, options=options)):
            if step % 7:
                continue
            for seat in range(6):
                shown = view(state, seat)
                drawn = determinize(shown, seat, Rng(seed, f"draw:{step}:{seat}"))
                assert view(drawn, seat) == shown
                assert legal_actions(drawn, seat) == legal_actions(state, seat)
                others = {w for s, w in enumerate(state.words) if s != seat}
                assert drawn.words[seat] not in others


def test_every_language_has_the_seeds_kinds_per_theme() -> None:
    """Word lists: "lists written for English, Japanese and Hungarian tables of the same
    kinds": per theme as many say, action and judged words as the seed's (56 in all); within a
    language every word's mark differs and every action word has its own emote of the
    catalogue; say phrases are non-empty."""
    seed_counts = Counter((card.theme, card.kind) for card in WORD_LISTS["zh-Hans"])
    assert sum(seed_counts.values()) == 56
    assert sum(n for (_, kind), n in seed_counts.items() if kind == "judged") == 6
    for language, cards in WORD_LISTS.items():
        assert Counter((card.theme, card.kind) for card in cards) == seed_counts, language
        assert [key for key, _ in LANGUAGE_TABLES[language].THEMES] == list(THEME_KEYS)
        marks = [card.mark for card in cards]
        assert len(set(marks)) == len(marks) and all(marks), language
        emotes = [card.emote for card in cards if card.kind == "action"]
        assert len(set(emotes)) == len(emotes) and set(emotes) <= set(EMOTE_KEYS), language
        assert all(normalize(card.phrase or "x") for card in cards)
        bank = LANGUAGE_TABLES[language]
        assert set(bank.QUESTIONS) == set(THEME_KEYS)
    assert len(set(EMOTE_KEYS)) == len(EMOTE_KEYS) >= 90
    assert json.dumps(list(EMOTE_KEYS))
