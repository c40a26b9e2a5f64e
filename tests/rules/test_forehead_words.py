"""Forehead words scenarios from ``rules/forehead-words.md`` (its section "Settled for online
play" is the rules, cited by its headings, e.g. *Words*, *Revealing*, *Guess*), on hand-dealt
tables: a new match whose seats are given their words with ``dataclasses.replace`` (style
4.13b). The game is not in ``GAMES`` yet (the lead registers it): everything is imported from
``app.rules.forehead_words``. Playouts, the bot and determinize: ``test_forehead_words_play``."""

from __future__ import annotations

import hashlib
from dataclasses import replace
from functools import partial
from typing import Any

import pytest

from app.rules.base import Action, IllegalAction, PhaseClock
from app.rules.forehead_words import (
    DEFAULT_OPTIONS,
    FREE_TEXT,
    RULES,
    State,
    apply,
    channels,
    check_options,
    clocks,
    expire,
    legal_actions,
    log,
    new_game,
    normalize,
    outcome,
    phase_clock,
    right_guess,
    says,
    to_act,
    view,
)
from app.rules.forehead_words.words import WORD_LISTS, Word
from tests.rules.moves import refusal

SEED = hashlib.sha256(b"forehead words scenarios").digest()

refused = partial(refusal, RULES)


def word(text: str, language: str = "zh-Hans") -> Word:
    """The card of ``language`` whose text is ``text``."""
    return next(card for card in WORD_LISTS[language] if card.text == text)


def deal(*texts: str, language: str = "zh-Hans", **options: Any) -> State:
    """A new match whose seat k wears the word ``texts[k]`` (seats alternate teams: even seats
    are team 0, odd seats team 1)."""
    base = new_game(players=len(texts), seed=SEED, options={"language": language, **options})
    return replace(base, words=tuple(word(text, language) for text in texts))


def act(state: State, seat: int, action: Action) -> State:
    """``apply``, after checking the action is listed: in full, or (free text) its template."""
    listed = legal_actions(state, seat)
    if action["type"] in FREE_TEXT:
        assert {"type": action["type"]} in listed, (seat, action)
    else:
        assert action in listed, (seat, action)
    return apply(state, seat, action)


def say(state: State, seat: int, text: str) -> State:
    return act(state, seat, {"type": "say", "text": text})


def last(state: State, kind: str, viewer: int | None = None) -> dict[str, Any]:
    """The last log entry of type ``kind`` as ``viewer`` reads it."""
    return [entry for entry in log(state, viewer) if entry["type"] == kind][-1]


# Six seats, team 0 = seats 0, 2, 4 and team 1 = seats 1, 3, 5.
SIX = ("说“好听”", "举手", "鼓掌", "点头", "敬礼", "笑")


# --- Words: say words ----------------------------------------------------------------------------


def test_the_exact_say_word_eliminates_its_wearer() -> None:
    """Words: a say word's phrase in its wearer's line eliminates them (说"好听" -> 好听)."""
    state = say(deal(*SIX), 0, "这首歌真好听！")
    assert state.alive == (False, True, True, True, True, True)
    assert last(state, "said") == {"type": "said", "seat": 0, "line": 0, "text": "这首歌真好听！"}
    assert last(state, "eliminated")["how"] == "said"
    assert last(state, "eliminated")["word"]["text"] == "说“好听”"


def test_a_synonym_does_not_count() -> None:
    """Seed rule 3: "the exact word; a synonym does not count" (RAP as 吆 or 切克闹)."""
    state = say(deal(*SIX), 0, "这首歌很悦耳，真动听")
    assert all(state.alive)


@pytest.mark.parametrize(
    "line",
    [
        "GOOD-morning!!",
        "good  morning",
        "Good morning, everyone",
        "ｇｏｏｄ　ｍｏｒｎｉｎｇ",
        "go​od morning",
    ],
)
def test_spaces_punctuation_and_case_are_ignored(line: str) -> None:
    """Words: "after removing spaces and punctuation, case-insensitively for Latin letters"
    (full-width letters are the same letters; a zero-width space hides nothing)."""
    state = deal(
        "Say “good morning”",
        "Raise your hand",
        "Sit down",
        "Nod your head",
        language="en",
    )
    state = say(state, 0, line)
    assert not state.alive[0]


def test_normalize_keeps_letters_marks_and_digits() -> None:
    """``words.normalize``: NFKC, case-folded, only L*, M* and N* characters kept."""
    assert normalize("Tanár Úr!") == "tanárúr"
    assert normalize("「先生」、こんにちは") == "先生こんにちは"
    assert normalize("ｶﾗｵｹ 2 ★☆ 👏") == "カラオケ2"
    assert not says("tanar ur", word("Mondd: „tanár úr”", "hu"))  # accents count
    assert says("Azt mondtam: TANÁR ÚR", word("Mondd: „tanár úr”", "hu"))


def test_another_word_in_a_say_line_is_not_the_wearers() -> None:
    """Words: only the wearer's own say word eliminates; 好听 said by someone else wearing
    another word eliminates nobody (if nobody living wears 好听, the line is fine)."""
    state = deal("举手", "鼓掌", "点头", "说“好听”")
    state = act(state, 3, {"type": "guess", "text": "好难"})  # wrong: seat 3 is out
    state = say(state, 0, "真好听")
    assert state.alive == (True, True, True, False)


# --- Revealing -----------------------------------------------------------------------------------


def test_a_line_with_another_living_players_word_is_refused_and_changes_nothing() -> None:
    """Revealing: "a chat line that contains the exact word of another living player is
    refused with a notice to its writer only ... and reaches nobody; it eliminates nobody"."""
    state = deal(*SIX)
    error = refused(state, 2, {"type": "say", "text": "大家一起举手吧"})
    assert error.code == "reveals_word"
    assert error.message == "That would give away a word."
    # A teammate's word too (seat 4 wears 敬礼, seat 2's teammate).
    assert refused(state, 2, {"type": "say", "text": "敬 礼!"}).code == "reveals_word"


def test_a_dead_players_word_may_be_written() -> None:
    """Revealing: only the word "of another living player" is refused."""
    state = deal(*SIX)
    state = act(state, 1, {"type": "emote", "emote": "raise_hand"})  # seat 1 wears 举手
    assert not state.alive[1]
    state = say(state, 2, "刚才他举手了")
    assert state.lines[-1].text == "刚才他举手了"


def test_the_wearers_own_word_is_checked_first() -> None:
    """Revealing: "The wearer's own word is checked first": a line with the writer's say word
    and another living player's word eliminates its writer; its text then reaches no other
    living player (it would give away seat 1's word), but spectators and, at the end, all."""
    state = say(deal(*SIX), 0, "好听，举手")
    assert not state.alive[0]
    assert state.lines[0].concealed
    assert view(state, 1)["lines"][0]["text"] is None
    assert view(state, 2)["lines"][0]["text"] is None  # every living player alike
    assert last(state, "said", 1)["text"] is None
    assert view(state, 0)["lines"][0]["text"] == "好听，举手"  # the writer typed it
    assert view(state, None)["lines"][0]["text"] == "好听，举手"
    ended = expire(state, "time")
    assert view(ended, 1)["lines"][0]["text"] == "好听，举手"


def test_an_action_words_text_in_its_wearers_line_does_nothing() -> None:
    """Words: an action word is done with its emote; its wearer writing its text is neither
    eliminated nor refused (refusing would tell them their word)."""
    state = say(deal(*SIX), 1, "我举手！")
    assert all(state.alive)


def test_text_bounds() -> None:
    """Free text: 1 to 200 characters."""
    state = deal(*SIX)
    assert refused(state, 0, {"type": "say", "text": "x" * 201}).code == "too_long"
    assert refused(state, 0, {"type": "say", "text": "   "}).code == "empty_text"
    assert refused(state, 0, {"type": "say", "text": 5}).code == "bad_action"
    assert refused(state, 0, {"type": "say"}).code == "bad_action"  # a template is no move
    say(state, 0, "x" * 200)


# --- Words: action words (the emote bar) --------------------------------------------------------


def test_the_emote_of_ones_own_action_word_eliminates() -> None:
    """Words: "sending the emote of your own action word eliminates you"; another's does not."""
    state = deal(*SIX)
    state = act(state, 0, {"type": "emote", "emote": "raise_hand"})  # seat 1's word
    assert all(state.alive)
    state = act(state, 1, {"type": "emote", "emote": "raise_hand"})
    assert not state.alive[1]
    assert last(state, "eliminated")["how"] == "emote"


def test_the_bar_has_every_action_emote_and_as_many_decoys() -> None:
    """Words: "one emote per action word of the themes in play, plus as many decoy emotes
    again"."""
    for language in ("zh-Hans", "en", "ja", "hu"):
        state = new_game(players=4, seed=SEED, options={"language": language})
        actions = {card.emote for card in WORD_LISTS[language] if card.kind == "action"}
        assert len(actions) == 45
        assert len(state.bar) == len(set(state.bar)) == 90
        assert actions <= set(state.bar)
    small = new_game(players=4, seed=SEED, options={"themes": ["pe"]})
    assert len(small.bar) == 10  # 5 action words in PE


def test_an_emote_not_on_the_bar_is_refused() -> None:
    state = deal(*SIX, themes=["class"])
    emote = next(key for key in ("eat", "wave", "hug", "shrug") if key not in state.bar)
    assert refused(state, 0, {"type": "emote", "emote": emote}).code == "bad_emote"


# --- Guess ---------------------------------------------------------------------------------------


def test_a_right_guess_and_its_elimination_choice() -> None:
    """Guess: "right, and they eliminate one living opponent of their choice"; the phrase or
    the card's text both count. The guess is said to the referee (seed special rule 5): its
    text is the guesser's."""
    state = deal(*SIX)
    state = act(state, 0, {"type": "guess", "text": " 好听 "})
    assert last(state, "guessed", 0) == {
        "type": "guessed",
        "seat": 0,
        "right": True,
        "text": " 好听 ",
    }
    assert last(state, "guessed", 1)["text"] is None
    assert view(state, 0)["words"][0]["text"] == "说“好听”"  # it knows its word now
    assert view(state, 0)["choosing"] == [0]
    assert legal_actions(state, 0) == [
        {"type": "eliminate", "target": 1},
        {"type": "eliminate", "target": 3},
        {"type": "eliminate", "target": 5},
    ]
    assert refused(state, 0, {"type": "say", "text": "hi"}).code == "must_choose"
    assert refused(state, 0, {"type": "eliminate", "target": 2}).code == "bad_target"
    assert refused(state, 2, {"type": "eliminate", "target": 1}).code == "no_choice"
    state = act(state, 0, {"type": "eliminate", "target": 3})
    assert state.alive == (True, True, True, False, True, True)
    assert last(state, "eliminated") == {
        "type": "eliminated",
        "seat": 3,
        "how": "chosen",
        "by": 0,
        "word": word("点头").to_json(),
    }
    assert {"type": "guess"} not in legal_actions(state, 0)  # one guess only
    assert refused(state, 0, {"type": "guess", "text": "好听"}).code == "already_guessed"
    assert right_guess("说“好听”", word("说“好听”"))
    assert not right_guess("好听吗", word("说“好听”"))  # exact, not contained


def test_a_wrong_guess_eliminates_the_guesser_and_reveals_their_word() -> None:
    """Guess: "wrong, and they are eliminated"; Hidden: "When a player is eliminated, their
    word is revealed to them"."""
    state = deal(*SIX)
    assert view(state, 2)["words"][2] is None
    state = act(state, 2, {"type": "guess", "text": "拍手"})  # a synonym of 鼓掌
    assert not state.alive[2]
    assert view(state, 2)["words"][2]["text"] == "鼓掌"
    assert last(state, "eliminated")["how"] == "wrong_guess"
    assert refused(state, 2, {"type": "say", "text": "hi"}).code == "not_your_turn"
    assert legal_actions(state, 2) == []
    assert 2 not in to_act(state)


# --- Judged words --------------------------------------------------------------------------------

JUDGED = ("说歌手名", "举手", "鼓掌", "说主菜名", "敬礼", "笑")
"""Seat 0 (team 0) and seat 3 (team 1) wear judged words."""


def called(votes: dict[int, bool] | None = None) -> State:
    """Seat 0 writes a line, seat 1 (an opponent) calls it, the others vote ``votes``."""
    state = deal(*JUDGED, judged=True)
    state = say(state, 0, "我最喜欢周杰伦")
    assert {"type": "call", "line": 0} not in legal_actions(state, 2)  # a teammate
    state = act(state, 1, {"type": "call", "line": 0})
    assert phase_clock(state) == PhaseClock("vote-1", 20)  # Judged words: "within 20 s"
    assert clocks(state) == (PhaseClock("vote-1", 20), PhaseClock("time", 600))
    assert view(state, 0)["vote"]["voters"] == [2, 3, 4, 5]
    for seat, yes in (votes or {}).items():
        state = act(state, seat, {"type": "vote", "yes": yes})
    return state


def test_a_judged_call_voted_yes_eliminates_the_wearer() -> None:
    """Judged words: "a majority of yes eliminates the wearer"."""
    state = called({2: False, 3: True, 4: True, 5: True})
    assert state.vote is None
    assert state.alive == (False, True, True, True, True, True)
    assert last(state, "vote_over") == {
        "type": "vote_over",
        "vote": 1,
        "yes": 3,
        "no": 1,
        "result": "wearer",
    }
    assert last(state, "eliminated")["how"] == "judged"


def test_a_judged_call_voted_no_eliminates_the_caller() -> None:
    """Judged words: "otherwise the caller is eliminated" [Parlor: a tie is no majority]."""
    state = called({2: False, 3: True, 4: False, 5: True})
    assert state.alive == (True, False, True, True, True, True)
    assert last(state, "eliminated")["how"] == "miscalled"


def test_a_vote_that_runs_out_counts_the_votes_cast() -> None:
    """Judged words: voters vote "within 20 s"; at the timer the votes cast decide."""
    state = called({3: True})
    assert refused(state, 3, {"type": "vote", "yes": False}).code == "already_voted"
    assert refused(state, 1, {"type": "vote", "yes": True}).code == "not_a_voter"
    assert refused(state, 5, {"type": "call", "line": 0}).code == "vote_running"
    state = expire(state, "vote-1")
    assert state.alive == (False, True, True, True, True, True)
    with pytest.raises(IllegalAction) as raised:
        expire(state, "vote-1")
    assert raised.value.code == "stale_phase"


def test_a_vote_with_nobody_voting_eliminates_the_caller() -> None:
    """Judged words: no yes majority at the timer (no vote at all) is "otherwise"."""
    state = expire(called(), "vote-1")
    assert state.alive == (True, False, True, True, True, True)


def test_a_vote_is_void_when_the_wearer_is_out_meanwhile() -> None:
    state = called({3: True})
    state = act(state, 0, {"type": "guess", "text": "说主菜名"})  # wrong: seat 0 is out
    assert state.vote is None
    assert last(state, "vote_over")["result"] == "void"
    assert state.alive == (False, True, True, True, True, True)


def test_calls_need_judged_words_and_an_opponents_judged_line() -> None:
    state = deal(*SIX)
    state = say(state, 0, "你好")
    assert refused(state, 1, {"type": "call", "line": 0}).code == "no_judged_words"
    judged = say(deal(*JUDGED, judged=True), 1, "你好")  # seat 1 wears 举手: not judged
    assert refused(judged, 0, {"type": "call", "line": 0}).code == "bad_line"
    assert refused(judged, 0, {"type": "call", "line": 7}).code == "bad_line"
    assert refused(judged, 0, {"type": "call", "line": True}).code == "bad_action"


# --- Time and the end ----------------------------------------------------------------------------


def test_time_running_out_more_living_players_win() -> None:
    """Time: "When it runs out, the team with more living players wins"."""
    state = act(deal(*SIX), 1, {"type": "emote", "emote": "raise_hand"})
    assert phase_clock(state) == PhaseClock("time", 600)
    state = expire(state, "time")
    result = outcome(state)
    assert result is not None
    assert result.winners == {0, 2, 4}
    assert result.scores == [3, 2, 3, 2, 3, 2]
    assert result.detail["reason"] == "time"
    assert to_act(state) == frozenset()
    assert refused(state, 0, {"type": "say", "text": "hi"}).code == "game_over"


def test_time_running_out_with_equal_numbers_is_a_draw() -> None:
    """Time: "equal numbers is a draw": both teams' seats are winners, equal scores."""
    state = expire(deal(*SIX), "time")
    result = outcome(state)
    assert result is not None
    assert result.winners == set(range(6)) and result.scores == [3] * 6


def test_time_running_out_during_a_vote_voids_it() -> None:
    state = expire(called({3: True}), "time")
    assert last(state, "vote_over")["result"] == "void"
    assert all(state.alive)
    assert outcome(state) is not None


def test_no_time_limit() -> None:
    """Time: "none is allowed"."""
    state = deal(*SIX, time_limit=0)
    assert phase_clock(state) is None
    with pytest.raises(IllegalAction):
        expire(state, "time")


def test_a_team_with_nobody_left_loses() -> None:
    """Seed rule 5: "The game ends when one team has no player left; that team loses"."""
    state = deal("举手", "鼓掌", "点头", "笑")
    state = act(state, 1, {"type": "emote", "emote": "clap"})
    assert outcome(state) is None
    state = act(state, 3, {"type": "emote", "emote": "laugh"})
    result = outcome(state)
    assert result is not None
    assert result.winners == {0, 2}
    assert result.detail["reason"] == "team_out"
    assert last(state, "game_over")["living"] == [2, 0]


# --- Hidden --------------------------------------------------------------------------------------


def test_each_seat_sees_every_word_but_its_own_and_spectators_see_all() -> None:
    """Hidden: "each player's own word, from that player only ... Spectators see every word"."""
    state = deal(*SIX)
    for seat in range(6):
        shown = view(state, seat)["words"]
        assert shown[seat] is None
        assert [card["text"] for i, card in enumerate(shown) if i != seat] == [
            text for i, text in enumerate(SIX) if i != seat
        ]
    assert [card["text"] for card in view(state, None)["words"]] == list(SIX)


def test_channels() -> None:
    """Chat is the game: "eliminated players may watch and talk only in a channel of the
    eliminated"; the living talk through ``say``."""
    state = act(deal(*SIX), 1, {"type": "emote", "emote": "raise_hand"})
    assert channels(state, 0) == {}
    assert channels(state, 1) == {"eliminated": "write"}
    assert channels(state, None) == {"eliminated": "read"}


# --- Options -------------------------------------------------------------------------------------


def test_default_options() -> None:
    assert check_options(4, {}) == DEFAULT_OPTIONS
    assert RULES.check_options(10, {"themes": ["pe", "class"]})["themes"] == ["class", "pe"]


@pytest.mark.parametrize(
    ("players", "options", "code", "message"),
    [
        (5, {}, "bad_players", "two teams of equal size: an even number of players"),
        (3, {}, "bad_players", "4, 6, 8 or 10 players"),
        (12, {}, "bad_players", "4, 6, 8 or 10 players"),
        (4, {"language": "fr"}, "bad_option", "zh-Hans, en, ja and hu"),
        (4, {"judged": 1}, "bad_option", "true or false"),
        (4, {"themes": []}, "bad_option", "different themes"),
        (4, {"themes": ["pe", "pe"]}, "bad_option", "different themes"),
        (4, {"themes": "pe"}, "bad_option", "different themes"),
        (4, {"themes": ["moon"]}, "bad_option", "class, drill, show, ktv, dinner, pe, arts"),
        (4, {"time_limit": 30}, "bad_option", "from 60 to 3600"),
        (4, {"time_limit": 600.0}, "bad_option", "time_limit"),
        (4, {"colour": "red"}, "bad_option", "no option 'colour'"),
        (4, {"themes": ["arts"]}, "too_few_words", "These themes have 3 words; 4 players need 4"),
        (10, {"themes": ["pe", "arts"]}, "too_few_words", "have 8 words"),
    ],
)
def test_options_are_refused_with_clear_errors(
    players: int, options: dict[str, Any], code: str, message: str
) -> None:
    with pytest.raises(IllegalAction) as raised:
        check_options(players, options)
    assert raised.value.code == code
    assert message in raised.value.message


def test_judged_words_add_to_the_words_in_play() -> None:
    """Words: judged words "are in play only if the host ticks them"."""
    assert check_options(4, {"themes": ["arts"], "judged": True})["judged"] is True
