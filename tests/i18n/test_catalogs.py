"""The catalogs are complete (issue 26): every message of every source is translated into every
language, with the same parameters, no template or script holds text that is not a message, no
message is built at run time where the tool cannot read it, and every game's guide exists in
every language (docs/i18n.md)."""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from app.config import ROOT
from app.i18n import LOCALES, placeholders
from app.matches.chat import NOTICES
from app.rules import GAMES
from tools import i18n as tool

TRANSLATED = LOCALES[1:]


@cache
def extracted() -> dict[str, Catalog]:
    return tool.extracted()


@cache
def catalog(locale: str, domain: str) -> Catalog:
    path = tool.catalog_path(locale, domain)
    assert path.exists(), f"no {path.relative_to(ROOT)}: run tools/i18n.py extract"
    with path.open("rb") as file:
        return read_po(file, locale=locale.replace("-", "_"))


def _domains() -> list[str]:
    return sorted(extracted())


def _texts(value: object) -> tuple[str, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(str(part or "") for part in value)
    return (str(value or ""),)


@pytest.mark.parametrize("domain", _domains())
@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_is_translated_with_its_parameters(locale: str, domain: str) -> None:
    sources = {message.id for message in extracted()[domain] if message.id}
    found = catalog(locale, domain)
    ids = {message.id for message in found if message.id}
    assert sorted(map(str, sources - ids)) == [], "new messages: run tools/i18n.py extract"
    assert sorted(map(str, ids - sources)) == [], "messages no source has: tools/i18n.py extract"
    problems = []
    for message in found:
        if not message.id:
            continue
        ids_text = _texts(message.id)
        texts = _texts(message.string)
        if message.fuzzy or not all(texts):
            problems.append(f"untranslated: {ids_text[0]!r}")
            continue
        wanted = placeholders(ids_text[-1]) | placeholders(ids_text[0])
        for text in texts:
            if placeholders(text) != wanted:
                problems.append(f"{ids_text[0]!r}: {text!r} has {sorted(placeholders(text))}")
    assert problems == []


def _sources() -> list[str]:
    return [str(path.relative_to(ROOT)) for path, method in tool.sources() if method != "python"]


@pytest.mark.parametrize("name", _sources())
def test_no_text_outside_a_message(name: str) -> None:
    path = ROOT / name
    check = tool.untranslated_template if name.endswith(".html") else tool.untranslated_js
    assert check(path) == []


def test_a_data_module_alone_is_left_out_of_the_text_check(tmp_path: Path) -> None:
    """A module marked as data on its first line (static/js/lib/deal_words.js: a game's word
    lists, quoted) is not checked; the same literal anywhere else is text to translate."""
    words = 'export const WORDS = ["Raise your hand", "Say good morning"];\n'
    plain = tmp_path / "plain.js"
    plain.write_text(words, encoding="utf-8")
    assert [line for line, _ in tool.untranslated_js(plain)] == [1, 1]
    data = tmp_path / "data.js"
    data.write_text("// i18n: data, not text\n" + words, encoding="utf-8")
    assert tool.untranslated_js(data) == []
    late = tmp_path / "late.js"
    late.write_text(words + "// i18n: data, not text\n", encoding="utf-8")
    assert len(tool.untranslated_js(late)) == 2


def _built_messages(path: Path) -> list[str]:
    """Message calls whose message is built (f-string, ``+``, ``%``, ``.format``)."""
    built = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else None
        spec = tool.PYTHON_KEYWORDS.get(name or "", ())
        for index in spec or (1,):
            if name is None or name not in tool.PYTHON_KEYWORDS or len(node.args) < index:
                continue
            argument = node.args[index - 1]
            is_format = isinstance(argument, ast.Call) and isinstance(argument.func, ast.Attribute)
            if isinstance(argument, (ast.JoinedStr, ast.BinOp)) or is_format:
                built.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    return built


def test_no_message_is_built_at_run_time() -> None:
    built = [problem for path in sorted((ROOT / "app").rglob("*.py")) for problem in
             _built_messages(path)]  # fmt: skip
    assert built == []


@pytest.mark.parametrize("locale", TRANSLATED)
@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_guide_is_written_in_every_language(slug: str, locale: str) -> None:
    english = ROOT / "templates" / "guides" / f"{slug}.html"
    translated = ROOT / "templates" / "guides" / locale / f"{slug}.html"
    assert translated.exists(), translated.relative_to(ROOT)
    # The same headings, in the same order: the whole guide, not a part of it.
    assert translated.read_text().count("<h3>") == english.read_text().count("<h3>")


def test_the_browser_writes_every_notice_the_server_sends() -> None:
    """A table notice goes out as a message id and parameters (app/matches/chat.py NOTICES);
    static/js/lib/chat.js writes it from the pages catalog, so each must be there, with the
    parameters the server fills in."""
    pages = {str(message.id) for message in extracted()["pages"] if message.id}
    assert sorted(NOTICES - pages) == []
    # The sentences the server stores take exactly these parameters.
    assert {name for notice in NOTICES for name in placeholders(notice)} == {
        "player",
        "seat",
        "before",
        "asker",
    }


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_server_and_the_browser_say_a_sentence_alike(locale: str) -> None:
    """The server looks a message up in every catalog, ``app`` first; a page reads ``pages``
    and its game's. A message in ``app`` and in ``pages`` (or in one game only) must read the
    same in both, or a page's heading and the same words in its script would differ (found by
    the language browser test: "Meccseim" over "Játszmáim")."""
    app = {message.id: message.string for message in catalog(locale, "app") if message.id}
    others = [name for name in _domains() if name != "app"]
    ids = {name: {message.id for message in catalog(locale, name)} for name in others}
    differing = []
    for domain in others:
        for message in catalog(locale, domain):
            if message.id not in app or app[message.id] == message.string:
                continue
            only_here = [name for name in others if message.id in ids[name]] == [domain]
            if domain == "pages" or only_here:
                differing.append(f"{domain}: {message.id!r}")
    assert differing == []
