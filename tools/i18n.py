"""The message catalogs (issue 26, app/i18n.py): extract the ids from the sources into
``locale/<locale>/<domain>.po``, and say what is left to translate.

    .venv/bin/python tools/i18n.py extract [--domain uno]   # new ids added, gone ones dropped
    .venv/bin/python tools/i18n.py status                   # untranslated ids per catalog

A source belongs to one domain (``domain_of``): a game's rules package or module, its renderer
(``static/js/games/<slug>.js`` and ``<slug>/``) belong to the game's slug; the rest of ``app/``
(errors, pages' titles, the guides' catalogue, the rules kit) to ``app``; the templates and
the rest of the browser's scripts (``static/js/lib/``, ``static/js/pages/``) to ``pages``.
Messages are found as calls: Python ``_``, ``N_``, ``ngettext``, the refusals
(``IllegalAction``'s second argument, the app's errors' first, an option's ``Choice`` refusal,
the third); Jinja ``_``; JavaScript ``t``, ``tn`` and ``N_``. Translations already made are
kept; an id no source has any more is dropped. English has no catalog: an id is its own
English text.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from html.parser import HTMLParser
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.i18n import APP, CATALOGS, LOCALES, PAGES  # noqa: E402 (after the path)

ERRORS = (
    "AppError",
    "BadRequest",
    "NotSignedIn",
    "Forbidden",
    "NotFound",
    "Conflict",
    "TooLarge",
    "RateLimited",
    "Unavailable",
    "InvalidRequest",
    "Internal",
    "StaleAction",
    "RuleViolation",
)
PYTHON_KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "IllegalAction": (2,),
    "Choice": (3,),
    "Table": (1,),  # a game's name (rules kit), a parameter of sentences
    **dict.fromkeys(ERRORS, (1,)),
}
JINJA_KEYWORDS: dict[str, tuple[int, ...] | None] = {"_": None, "gettext": None, "ngettext": (1, 2)}
FIXED_DATE = datetime(2026, 12, 5, tzinfo=UTC)
HEADER = "# Parlor's {domain} messages in {language} (made by tools/i18n.py; translate the msgstr)."


def games() -> list[str]:
    """The games' slugs (their domains)."""
    from app.rules import GAMES

    return sorted(GAMES)


def domain_of(path: Path) -> str:
    """The domain a source file's messages belong to."""
    parts = path.relative_to(ROOT).parts
    slugs = set(games())
    if parts[:2] == ("app", "rules") and len(parts) > 2:
        name = parts[2].removesuffix(".py")
        if name in slugs:
            return name
    if parts[:3] == ("static", "js", "games") and len(parts) > 3:
        name = parts[3].removesuffix(".js")
        if name in slugs:
            return name
    return APP if parts[0] == "app" else PAGES


def _unregistered_game(path: Path) -> bool:
    """Whether ``path`` is in a game package of ``app/rules`` not yet in ``GAMES`` (Forehead
    words while its web side is built, issue 28): its messages join the catalogs, as a domain
    of their own, when it is registered and translated."""
    parts = path.relative_to(ROOT).parts
    return parts[:2] == ("app", "rules") and len(parts) > 3 and parts[2] not in games()


def sources() -> Iterator[tuple[Path, str]]:
    """Every source file with messages, and the extraction method for it. The games' guides
    (``templates/guides/``) are translated whole, one file per language, not by message."""
    for path in sorted((ROOT / "app").rglob("*.py")):
        if not _unregistered_game(path):
            yield path, "python"
    for path in sorted((ROOT / "templates").rglob("*.html")):
        if "guides" not in path.relative_to(ROOT / "templates").parts:
            yield path, "jinja"
    for path in sorted((ROOT / "static" / "js").rglob("*.js")):
        yield path, "javascript"


def extracted() -> dict[str, Catalog]:
    """The message ids of every domain, found in the sources, as template catalogs."""
    found: dict[str, Catalog] = {}
    for path, method in sources():
        domain = domain_of(path)
        template = found.setdefault(domain, Catalog(domain=domain, creation_date=FIXED_DATE))
        name = str(path.relative_to(ROOT))
        if method == "javascript":
            for line, said in js_messages(path.read_text(encoding="utf-8")):
                template.add(said, locations=[(name, line)])
            continue
        keywords = PYTHON_KEYWORDS if method == "python" else JINJA_KEYWORDS
        extractor = "jinja2.ext:babel_extract" if method == "jinja" else method
        with path.open("rb") as file:
            for line, message, comments, _context in extract(
                extractor, file, keywords=keywords, strip_comment_tags=True
            ):
                parts = message if isinstance(message, tuple) else (message,)
                if not parts[0]:
                    continue
                found_id = tuple(part for part in parts if part) if len(parts) > 1 else parts[0]
                template.add(found_id, locations=[(name, line)], auto_comments=comments)
    return found


_JS_ESCAPES = re.compile(r"\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)", re.DOTALL)
_JS_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


def _js_text(literal: str) -> str:
    """A JavaScript string literal's value (quotes and escapes undone)."""
    body = literal[1:-1]

    def undo(found: re.Match[str]) -> str:
        escape = found.group(1)
        if escape.startswith("u{"):
            return chr(int(escape[2:-1], 16))
        if escape[0] in "ux" and len(escape) > 1:
            return chr(int(escape[1:], 16))
        return _JS_SIMPLE.get(escape, "" if escape == "\n" else escape)

    return _JS_ESCAPES.sub(undo, body)


def _js_concatenated(source: str, index: int) -> tuple[str | None, int]:
    """The value of string literals joined by ``+`` from ``index`` ("a " + "b"), and where it
    ends; None if no plain literal starts there."""
    parts = []
    while index < len(source) and source[index] in "'\"`":
        end, _text = _string_end(source, index)
        if source[index] == "`" and "${" in source[index:end]:
            return None, index
        parts.append(_js_text(source[index:end]))
        after = end
        while after < len(source) and source[after] in " \t\r\n":
            after += 1
        if after >= len(source) or source[after] != "+":
            return "".join(parts), end
        index = after + 1
        while index < len(source) and source[index] in " \t\r\n":
            index += 1
    return ("".join(parts) if parts else None), index


def js_messages(source: str) -> Iterator[tuple[int, str | tuple[str, str]]]:
    """The messages of a JavaScript source: the string literals ``t`` and ``N_`` take first,
    and ``tn`` first and second, wherever the call is (inside another's arguments too; Babel's
    extractor drops those). A call whose message is not a literal is left to ``check``."""
    comments = _js_comments(source)
    for call in _JS_CALLS.finditer(source):
        if any(start <= call.start() < end for start, end in comments):
            continue
        arguments = []
        index = call.end()
        for _ in range(2 if call.group(1) == "tn" else 1):
            while index < len(source) and source[index] in " \t\r\n,":
                index += 1
            text, index = _js_concatenated(source, index)
            if text is None:
                break
            arguments.append(text)
        line = source.count("\n", 0, call.start()) + 1
        if call.group(1) == "tn" and len(arguments) == 2:
            yield line, (arguments[0], arguments[1])
        elif call.group(1) != "tn" and arguments:
            yield line, arguments[0]


# --- strings left untranslated --------------------------------------------------------------

_JS_CALLS = re.compile(r"(?<![\w$.])(t|tn|N_)\s*\(")
_JS_CONTEXT_EXEMPT = re.compile(
    r"(class(Name)?\s*[:=]|\"class\"\s*:|querySelector(All)?\(|closest\(|matches\(|classList\.\w+\("
    r"|toggle\(|console\.\w+\(|import\s|from\s|import\(|new Error\(|addEventListener\("
    r"|getAttribute\(|setAttribute\(|dataset\.|\[data-|data-[\w-]+\"?\s*:|type\s*:|key\s*===?|case\s)\s*$"
)
_WORDS = re.compile(r"[A-Za-z]{2,}[^A-Za-z{}$]*\s[^A-Za-z{}$]*[A-Za-z]{2,}")
_CAPITALISED = re.compile(r"^[A-Z][a-z]+[.!?:]?$")
_MARK = "i18n: not text"
_DATA_FILE = "// i18n: data, not text"
"""The first line of a JavaScript module that holds data only (word lists quoted from a game's
tables), whose literals are not Parlor's sentences."""
NOT_TEXT = frozenset(
    {
        "Enter", "Escape", "Tab", "Space", "Backspace", "Delete", "Home", "End",
        "ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Arial", "Parlor",
    }
)  # fmt: skip
"""Single capitalised words that are keys or names, not text."""


def _looks_like_text(text: str) -> bool:
    """Whether a literal's text reads as words for people: two words with a space between,
    or one capitalised word ("Pass", "Draw.")."""
    stripped = text.strip()
    if not stripped or stripped in NOT_TEXT:
        return False
    if re.fullmatch(r"[a-z0-9_ -]+", stripped) and "-" in stripped:
        return False  # class names: "btn btn--small"
    return bool(_WORDS.search(stripped) or _CAPITALISED.match(stripped))


def js_literals(source: str) -> Iterator[tuple[int, int, str]]:
    """The string literals of a JavaScript source: (start, end, text without ``${...}``);
    comments and regular expressions skipped."""
    for kind, start, end, text in _js_tokens(source):
        if kind == "string":
            yield start, end, text


def _js_comments(source: str) -> list[tuple[int, int]]:
    """Where a JavaScript source's comments are."""
    return [(start, end) for kind, start, end, _ in _js_tokens(source) if kind == "comment"]


def _js_tokens(source: str) -> Iterator[tuple[str, int, int, str]]:
    """A JavaScript source's comments and string literals, in order: (kind, start, end, text)."""
    index, length = 0, len(source)
    previous = ""
    while index < length:
        char = source[index]
        if source.startswith("//", index) or source.startswith("/*", index):
            close = "\n" if source[index + 1] == "/" else "*/"
            end = source.find(close, index + 2)
            end = length if end < 0 else end + len(close)
            yield "comment", index, end, ""
            index = end
            continue
        if char == "/" and previous in "(,=:[!&|?{};+-*%<>~^":
            index = _skip_regex(source, index)
            previous = "x"
            continue
        if char in "'\"`":
            end, text = _string_end(source, index)
            yield "string", index, end, text
            index = end
            previous = "x"
            continue
        if not char.isspace():
            previous = char
        index += 1


def _skip_regex(source: str, index: int) -> int:
    index += 1
    in_class = False
    while index < len(source) and source[index] != "\n":
        char = source[index]
        if char == "\\":
            index += 2
            continue
        if char == "[":
            in_class = True
        elif char == "]":
            in_class = False
        elif char == "/" and not in_class:
            return index + 1
        index += 1
    return index


def _string_end(source: str, start: int) -> tuple[int, str]:
    """Where a string literal ends, and its text (a template's ``${...}`` parts left out)."""
    quote = source[start]
    index, text, depth = start + 1, [], 0
    while index < len(source):
        char = source[index]
        if char == "\\":
            text.append(source[index : index + 2])
            index += 2
            continue
        if quote == "`" and source.startswith("${", index):
            index, depth = index + 2, 1
            while index < len(source) and depth:
                if source[index] == "{":
                    depth += 1
                elif source[index] == "}":
                    depth -= 1
                elif source[index] in "'\"`":
                    index, _ = _string_end(source, index)
                    continue
                index += 1
            text.append(" ")
            continue
        if char == quote:
            return index + 1, "".join(text)
        text.append(char)
        index += 1
    return index, "".join(text)


def _translated_spans(source: str) -> list[tuple[int, int]]:
    """The argument lists of the ``t``, ``tn`` and ``N_`` calls."""
    spans = []
    for call in _JS_CALLS.finditer(source):
        depth, index = 1, call.end()
        while index < len(source) and depth:
            if source[index] in "'\"`":
                index, _ = _string_end(source, index)
                continue
            depth += {"(": 1, ")": -1}.get(source[index], 0)
            index += 1
        spans.append((call.end(), index))
    return spans


def untranslated_js(path: Path) -> list[tuple[int, str]]:
    """The literals of a JavaScript file that read as text but are not messages: (line, text).
    A line may say ``// i18n: not text`` where a literal is a name, a key or data."""
    source = path.read_text(encoding="utf-8")
    if source.startswith(_DATA_FILE):
        return []  # a module of game data quoted as it is (static/js/lib/deal_words.js)
    spans = _translated_spans(source)
    lines = source.split("\n")
    found = []
    for start, end, text in js_literals(source):
        if any(first <= start < last for first, last in spans):
            continue
        line = source.count("\n", 0, start)
        if _MARK in lines[line] or (line and _MARK in lines[line - 1]):
            continue
        if _JS_CONTEXT_EXEMPT.search(source[max(0, start - 60) : start]):
            continue
        if _looks_like_text(text):
            found.append((line + 1, source[start:end][:80]))
    return found


def untranslated_template(path: Path) -> list[tuple[int, str]]:
    """The text and the people-facing attributes of a template not given through ``_()``."""
    source = path.read_text(encoding="utf-8")
    # Jinja's own syntax goes (each replaced by as many newlines, to keep the line numbers).
    blank = re.sub(
        r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}",
        lambda found: "\n" * found.group().count("\n") + " ",
        source,
        flags=re.DOTALL,
    )
    finder = _TemplateText()
    finder.feed(blank)
    return finder.found


class _TemplateText(HTMLParser):
    ATTRIBUTES = frozenset({"title", "aria-label", "placeholder", "alt", "value", "content"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in self.ATTRIBUTES and value and re.search(r"[A-Za-z]{2,}", value):
                if not (name == "content" and re.fullmatch(r"[a-z0-9=, .-]+", value)):
                    self.found.append((self.getpos()[0], f'{name}="{value}"'))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip = max(0, self._skip - 1)

    def handle_data(self, data: str) -> None:
        if not self._skip and re.search(r"[A-Za-z]{2,}", data):
            self.found.append((self.getpos()[0], data.strip()[:80]))


def untranslated() -> dict[str, list[tuple[int, str]]]:
    """Every file's untranslated text (templates, the game guides excepted, and JavaScript)."""
    found = {}
    for path, method in sources():
        if method == "python":
            continue
        check = untranslated_template if method == "jinja" else untranslated_js
        problems = check(path)
        if problems:
            found[str(path.relative_to(ROOT))] = problems
    return found


def catalog_path(locale: str, domain: str) -> Path:
    return CATALOGS / locale / f"{domain}.po"


def update(domains: list[str] | None = None) -> None:
    """Bring every catalog of ``domains`` (all if None) in line with the sources."""
    templates = extracted()
    for domain, template in sorted(templates.items()):
        if domains and domain not in domains:
            continue
        for locale in LOCALES[1:]:
            path = catalog_path(locale, domain)
            babel_locale = locale.replace("-", "_")
            if path.exists():
                with path.open("rb") as file:
                    catalog = read_po(file, locale=babel_locale)
            else:
                catalog = Catalog(locale=babel_locale, domain=domain, project="Parlor")
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            # Nothing that changes by itself: the catalogs differ only where messages do.
            catalog.header_comment = HEADER.format(language=locale, domain=domain)
            catalog.creation_date = catalog.revision_date = FIXED_DATE
            catalog.fuzzy = False
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as file:
                write_po(file, catalog, width=100, sort_output=True, include_lineno=False)
            print(f"{path.relative_to(ROOT)}: {len(catalog)} messages")


def status() -> int:
    """Print the untranslated ids per catalog; how many in all."""
    missing_total = 0
    for path in sorted(CATALOGS.rglob("*.po")):
        locale = path.parent.name
        with path.open("rb") as file:
            catalog = read_po(file, locale=locale.replace("-", "_"))
        missing = [m for m in catalog if m.id and (not all(_strings(m.string)) or m.fuzzy)]
        missing_total += len(missing)
        if missing:
            print(f"{path.relative_to(ROOT)}: {len(missing)} of {len(catalog)} untranslated")
    print(f"{missing_total} untranslated in all")
    return missing_total


def _strings(value: object) -> tuple[str, ...]:
    if isinstance(value, (tuple, list)):
        return tuple(str(part or "") for part in value)
    return (str(value or ""),)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract_command = commands.add_parser("extract", help="update the catalogs from the sources")
    extract_command.add_argument("--domain", action="append", help="only this domain (repeat)")
    commands.add_parser("status", help="what is left to translate")
    commands.add_parser("check", help="text in templates and scripts not given as a message")
    arguments = parser.parse_args()
    if arguments.command == "extract":
        update(arguments.domain)
    elif arguments.command == "check":
        found = untranslated()
        for name, problems in sorted(found.items()):
            for line, text in problems:
                print(f"{name}:{line}: {text}")
        print(f"{sum(map(len, found.values()))} untranslated in {len(found)} files")
    else:
        sys.exit(1 if status() else 0)


if __name__ == "__main__":
    main()
