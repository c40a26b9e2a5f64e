"""Forehead words' words: the word type, the word lists of every language, and how a chat line
or a guess is matched against a word (rules/forehead-words.md, "Settled for online play",
Words, Revealing and Guess)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from types import ModuleType
from typing import Any, NamedTuple

from app.rules.forehead_words import words_en, words_hu, words_ja, words_zh

KINDS = ("say", "action", "judged")
"""The kinds of word: a say word (a phrase caught in its wearer's chat line), an action word
(★: an emote of the action bar) and a judged word (only a person can judge it)."""


class Word(NamedTuple):
    """One word card: its theme, kind and text as the card shows it, the phrase of a say word
    and the emote key of an action word (``None`` for the other kinds)."""

    theme: str
    kind: str
    text: str
    phrase: str | None
    emote: str | None

    def to_json(self) -> dict[str, Any]:
        """The card as a view shows it."""
        return {
            "theme": self.theme,
            "kind": self.kind,
            "text": self.text,
            "phrase": self.phrase,
            "emote": self.emote,
        }

    @property
    def mark(self) -> str:
        """What a chat line must contain to say this word (normalized): a say word's phrase,
        else the card's text ("the exact word")."""
        return normalize(self.phrase if self.phrase is not None else self.text)


LANGUAGE_TABLES: dict[str, ModuleType] = {
    "zh-Hans": words_zh,
    "en": words_en,
    "ja": words_ja,
    "hu": words_hu,
}
"""Each table language's data module (``THEMES``, ``WORDS``, ``QUESTIONS``, ``CHATTER``,
``ANSWERS``)."""

LANGUAGES: tuple[str, ...] = tuple(LANGUAGE_TABLES)

THEME_KEYS: tuple[str, ...] = tuple(key for key, _ in words_zh.THEMES)
"""The themes, the seed's, in its order; every language has a list for each."""


def _entry(row: tuple[str, str, str, str]) -> Word:
    theme, kind, text, extra = row
    return Word(
        theme=theme,
        kind=kind,
        text=text,
        phrase=extra if kind == "say" else None,
        emote=extra if kind == "action" else None,
    )


WORD_LISTS: dict[str, tuple[Word, ...]] = {
    language: tuple(_entry(row) for row in module.WORDS)
    for language, module in LANGUAGE_TABLES.items()
}
"""Every language's words, in its data table's order."""


def pool(language: str, themes: Iterable[str], *, judged: bool) -> tuple[Word, ...]:
    """The words in play at a table: those of ``language`` in ``themes``, judged words only
    if the host ticked them, in the data table's order (the deal shuffles this tuple)."""
    chosen = set(themes)
    return tuple(
        word
        for word in WORD_LISTS[language]
        if word.theme in chosen and (judged or word.kind != "judged")
    )


def normalize(text: str) -> str:
    """``text`` as lines and words are compared (Words: "after removing spaces and punctuation,
    case-insensitively for Latin letters"): NFKC (full-width Latin and half-width kana are
    the same letters as typed on another keyboard), case-folded (Latin, and the few other
    cased scripts, which no list uses), then only letters, marks and digits kept (Unicode
    categories L*, M*, N*): spaces and separators (Z*), punctuation (P*), symbols and emoji
    (S*) and invisible characters (C*, so a zero-width space hides nothing) are removed."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(char for char in folded if unicodedata.category(char)[0] in "LMN")


def says(line: str, word: Word) -> bool:
    """Whether a chat line contains ``word`` exactly (the phrase of a say word, the text of
    the others), as normalized; a synonym does not count (seed rule 3)."""
    mark = word.mark
    return bool(mark) and mark in normalize(line)


def right_guess(guess: str, word: Word) -> bool:
    """Whether a guess is ``word`` (Guess: "exact, as above"): the card's text or a say word's
    phrase, as normalized, and nothing more."""
    typed = normalize(guess)
    return bool(typed) and typed in {normalize(word.text), word.mark}


def revealed_by(line: str, words: Sequence[Word | None]) -> list[int]:
    """The seats (indexes of ``words``) whose word ``line`` contains (``None``: unknown)."""
    return [seat for seat, word in enumerate(words) if word is not None and says(line, word)]
