"""Free text for random players and bots (``GameRules.free_text``, app/rules/bots.py): which
choices count as legal, made-up texts that give nothing away, and a random player that types."""

from __future__ import annotations

import hashlib

from app.rules import GAMES
from app.rules.bots import fill_text, made_up, offered, random_bot_for, random_move
from app.rules.forehead_words.words import WORD_LISTS, right_guess, says
from app.rules.rng import Rng

SEED = hashlib.sha256(b"free text").digest()
FOREHEAD = GAMES["forehead_words"]
LEGAL = [{"type": "say"}, {"type": "guess"}, {"type": "emote", "emote": "nod"}]


def test_a_choice_is_legal_when_listed_or_a_listed_template_with_text() -> None:
    assert offered(FOREHEAD, LEGAL, {"type": "emote", "emote": "nod"})
    assert offered(FOREHEAD, LEGAL, {"type": "say", "text": "hello"})
    assert not offered(FOREHEAD, LEGAL, {"type": "say"})  # a template is no move
    assert not offered(FOREHEAD, LEGAL, {"type": "say", "text": 5})
    assert not offered(FOREHEAD, LEGAL, {"type": "emote", "emote": "nod", "text": "x"})
    assert not offered(FOREHEAD, LEGAL[1:], {"type": "say", "text": "hello"})
    assert not offered(FOREHEAD, LEGAL[2:], {"type": "guess", "text": "hello"})
    # Another game's actions have no free text.
    assert not offered(GAMES["coloretto"], [{"type": "say"}], {"type": "say", "text": "x"})


def test_made_up_texts_say_no_word_and_guess_none() -> None:
    """``JUNK_LETTERS``: a made-up line eliminates nobody and is never refused, a made-up guess
    is always wrong, in every language's lists."""
    rng = Rng(SEED, "junk")
    words = [word for table in WORD_LISTS.values() for word in table]
    for _ in range(300):
        text, rng = made_up(rng)
        assert text.strip()
        assert not any(says(text, word) or right_guess(text, word) for word in words), text


def test_templates_are_filled_and_other_actions_left_alone() -> None:
    rng = Rng(SEED, "fill")
    emote = {"type": "emote", "emote": "nod"}
    assert fill_text(FOREHEAD.free_text, emote, rng) == (emote, rng)
    texts = {
        fill_text(FOREHEAD.free_text, {"type": "guess"}, Rng(SEED, f"fill:{n}"), ["Nod"])[0]["text"]
        for n in range(40)
    }
    assert "Nod" in texts and len(texts) > 2  # the texts given, or made up
    bot = random_bot_for(FOREHEAD)
    for n in range(40):
        assert offered(FOREHEAD, LEGAL, bot({}, LEGAL, Rng(SEED, f"bot:{n}")))


def test_a_random_player_types_and_a_game_without_free_text_draws_as_before() -> None:
    state = FOREHEAD.new_game(players=4, seed=SEED, options={})
    typed = 0
    for n in range(40):
        action, after, _ = random_move(FOREHEAD, state, 0, Rng(SEED, f"move:{n}"))
        assert offered(FOREHEAD, FOREHEAD.legal_actions(state, 0), action)
        assert after == FOREHEAD.apply(state, 0, action)
        typed += "text" in action
    assert typed > 10
    coloretto = GAMES["coloretto"]
    state = coloretto.new_game(players=3, seed=SEED, options={})
    seat = min(coloretto.to_act(state))
    rng = Rng(SEED, "coloretto")
    action, _, after_rng = random_move(coloretto, state, seat, rng)
    assert (action, after_rng) == rng.choice(coloretto.legal_actions(state, seat))
