"""Languages (issue 26): which one a visitor reads, and the message catalogs it is read from.

- **Locales**: English (``en``, the source language: a message's id is its English sentence),
  Simplified and Traditional Chinese (``zh-Hans``, ``zh-Hant``), Japanese (``ja``) and Hungarian
  (``hu``): the languages of the games' original sheets.
- **Which one**: the ``lang`` cookie, set by the header's switcher (and, for a signed-in user,
  stored on the account and set again at every sign-in: ``users.locale``), else the best match
  of the browser's ``Accept-Language``, else English (``locale_for``). Every request and socket
  runs with its locale in ``CURRENT`` (``app.security.Locales`` sets it).
- **Catalogs**: ``locale/<locale>/<domain>.po`` in the repository: ``app`` (the server's
  sentences: errors, the guides' catalogue, the rules kit), ``pages`` (the templates and the
  browser's shared and page scripts) and one domain per game (its slug: its rules' refusals,
  its renderer and its options). A game's guide is translated whole, one file per language
  (``templates/guides/<locale>/<slug>.html``). They are compiled in memory at start
  (``Catalogs.load``); ``tools/i18n.py`` extracts the ids from the sources into them.
- **Messages** take named parameters in braces (``"{name} drew a card."``), in Python, Jinja
  and JavaScript alike; a message with a count has a singular and a plural id, translated into
  each language's plural forms (CLDR categories: ``one``, ``other``, as ``Intl.PluralRules``).
  A parameter given as a string is translated too when the catalog has it (a colour, a role).
- **The rules stay English-free of this**: ``IllegalAction`` carries its message id and
  parameters; ``translate`` renders them in the viewer's language at the edge (``app.errors``).
"""

from __future__ import annotations

import functools
import re
import string
from collections.abc import Iterable, Mapping
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from babel import Locale
from babel.messages.pofile import read_po
from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.types import ASGIApp, Receive, Scope, Send

from app.config import ROOT

LOCALES = ("en", "zh-Hans", "zh-Hant", "ja", "hu")
DEFAULT = "en"
NAMES = {
    "en": "English",
    "zh-Hans": "简体中文",
    "zh-Hant": "繁體中文",
    "ja": "日本語",
    "hu": "Magyar",
}
"""Each language by its own name, for the switcher."""
COOKIE = "lang"
APP = "app"
PAGES = "pages"
CATALOGS = ROOT / "locale"

CURRENT: ContextVar[str] = ContextVar("locale", default=DEFAULT)
"""The locale of the request or socket being served."""

# Accept-Language tags that name a locale without saying it (zh-TW is Traditional).
_TRADITIONAL_REGIONS = frozenset({"tw", "hk", "mo"})
_TAG = re.compile(r"^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$")
_FIELDS = string.Formatter()


def locale_of(tag: str | None) -> str | None:
    """The locale a language tag asks for (``zh-TW`` and ``zh-Hant-HK``: ``zh-Hant``; ``ja-JP``:
    ``ja``), or None if Parlor does not speak it."""
    if not tag or not _TAG.match(tag.strip()):
        return None
    parts = tag.strip().lower().split("-")
    if parts[0] == "zh":
        if "hant" in parts[1:] or _TRADITIONAL_REGIONS.intersection(parts[1:]):
            return "zh-Hant"
        return "zh-Hans"
    for locale in LOCALES:
        if locale.lower() == parts[0]:
            return locale
    return None


def negotiate(accept_language: str | None) -> str:
    """The best locale for an ``Accept-Language`` header (its quality values honoured; the
    first listed wins a tie), English if it names none of them."""
    ranked: list[tuple[float, int, str]] = []
    for order, item in enumerate((accept_language or "")[:1000].split(",")):
        tag, _, params = item.strip().partition(";")
        quality = 1.0
        name, _, value = params.strip().partition("=")
        if name.strip() == "q":
            try:
                quality = float(value)
            except ValueError:
                continue
        locale = locale_of(tag)
        if locale is not None and quality > 0:
            ranked.append((-quality, order, locale))
    return min(ranked)[2] if ranked else DEFAULT


def locale_for(cookie: str | None, accept_language: str | None) -> str:
    """The locale of a request: its ``lang`` cookie if it names one, else ``negotiate``."""
    return cookie if cookie in LOCALES else negotiate(accept_language)


def placeholders(message: str) -> frozenset[str]:
    """The parameter names in a message (``{name}``); ``{{`` is a brace."""
    try:
        return frozenset(name for _, name, _, _ in _FIELDS.parse(message) if name)
    except ValueError:
        return frozenset()


def format_message(message: str, params: Mapping[str, Any]) -> str:
    """``message`` with its parameters filled in; a missing one stays as written (a
    translation must never turn a refusal into a crash)."""
    if not params and "{" not in message:
        return message
    try:
        return message.format_map(_Lenient(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        return message


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


Plural = dict[str, str]
"""A plural message's translation: its text for each plural category of the language."""


@dataclass
class Catalog:
    """One locale's messages: id -> text, or (singular id) -> text per plural category, for
    each domain."""

    locale: str
    domains: dict[str, dict[str, str | Plural]] = field(default_factory=dict)

    def lookup(self, message: str, domains: Iterable[str] | None = None) -> str | Plural | None:
        """A message's translation in the first of ``domains`` (all of them if None) that has
        it."""
        for domain in self.domains if domains is None else domains:
            found = self.domains.get(domain, {}).get(message)
            if found:
                return found
        return None


class Catalogs:
    """Every locale's catalogs, compiled at start from ``locale/<locale>/<domain>.po``."""

    def __init__(self, catalogs: Mapping[str, Catalog]) -> None:
        self._catalogs = dict(catalogs)
        self._json: dict[tuple[str, str], bytes] = {}
        self._plural_rules = {locale: Locale.parse(locale.replace("-", "_")) for locale in LOCALES}

    @classmethod
    def load(cls, folder: Path = CATALOGS) -> Catalogs:
        """Read every catalog of every locale in ``folder``."""
        catalogs = {locale: Catalog(locale) for locale in LOCALES}
        for locale in LOCALES[1:]:
            for path in sorted((folder / locale).glob("*.po")):
                catalogs[locale].domains[path.stem] = read_catalog(path, locale)
        return cls(catalogs)

    def domains(self) -> list[str]:
        """Every domain some locale has a catalog for."""
        return sorted({name for catalog in self._catalogs.values() for name in catalog.domains})

    def gettext(self, message: str, locale: str | None = None) -> str:
        """``message`` in ``locale`` (the current one if None); itself where untranslated."""
        catalog = self._catalogs.get(locale or CURRENT.get())
        found = catalog.lookup(message) if catalog is not None else None
        return found if isinstance(found, str) else message

    def ngettext(self, singular: str, plural: str, count: int, locale: str | None = None) -> str:
        """The form of a counted message for ``count``."""
        locale = locale or CURRENT.get()
        catalog = self._catalogs.get(locale)
        found = catalog.lookup(singular) if catalog is not None else None
        category = self.plural_category(count, locale)
        if isinstance(found, dict):
            return found.get(category) or found.get("other") or plural
        return singular if category == "one" else plural

    def plural_category(self, count: int, locale: str) -> str:
        """The CLDR plural category of ``count`` in ``locale`` (as ``Intl.PluralRules``)."""
        rules = self._plural_rules.get(locale) or self._plural_rules[DEFAULT]
        return str(rules.plural_form(abs(count)))

    def translate(
        self, message: str, params: Mapping[str, Any] | None = None, locale: str | None = None
    ) -> str:
        """A message with its parameters, in ``locale``; string parameters the catalog knows
        (a colour, a role) are translated too."""
        locale = locale or CURRENT.get()
        values = {
            name: self.gettext(value, locale) if isinstance(value, str) else value
            for name, value in (params or {}).items()
        }
        return format_message(self.gettext(message, locale), values)

    def browser_json(self, locale: str, domains: Iterable[str]) -> bytes:
        """The catalog the browser reads (``static/js/lib/i18n.js``) for these domains:
        ``{"locale", "messages": {id: text or {category: text}}}``."""
        names = tuple(domains)
        key = (locale, "\u0000".join(names))
        cached = self._json.get(key)
        if cached is None:
            catalog = self._catalogs.get(locale) or self._catalogs[DEFAULT]
            messages: dict[str, str | Plural] = {}
            for name in names:
                messages.update(catalog.domains.get(name, {}))
            cached = orjson.dumps({"locale": catalog.locale, "messages": messages})
            self._json[key] = cached
        return cached


def script_json(data: bytes) -> str:
    """JSON to put in a page's ``<script type="application/json">``: no ``<``, ``>`` or ``&``
    (a text can never close the element)."""
    return data.decode().replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def read_catalog(path: Path, locale: str) -> dict[str, str | Plural]:
    """One ``.po`` file's translated messages (fuzzy and empty ones left out: English shows)."""
    with path.open("rb") as file:
        po = read_po(file, locale=locale.replace("-", "_"))
    categories = _categories(po.num_plurals)
    messages: dict[str, str | Plural] = {}
    for entry in po:
        if not entry.id or entry.fuzzy:
            continue
        if isinstance(entry.id, (tuple, list)):
            texts = entry.string if isinstance(entry.string, (tuple, list)) else (entry.string,)
            pairs = zip(categories, texts, strict=False)
            forms = {category: str(text or "") for category, text in pairs}
            if all(forms.values()) and len(forms) == len(categories):
                messages[str(entry.id[0])] = forms
        elif isinstance(entry.string, str) and entry.string:
            messages[str(entry.id)] = entry.string
    return messages


def _categories(count: int) -> tuple[str, ...]:
    """The plural categories of a ``.po`` file's ``msgstr[n]``, in order: one form is
    ``other`` (Chinese, Japanese); two are ``one`` and ``other`` (Hungarian)."""
    return ("other",) if count == 1 else ("one", "other")


@functools.cache
def catalogs() -> Catalogs:
    """The catalogs of this process (read once)."""
    return Catalogs.load()


def _(message: str, **params: Any) -> str:
    """``message`` in the current locale, its parameters filled in."""
    return catalogs().translate(message, params)


def ngettext(singular: str, plural: str, count: int, **params: Any) -> str:
    """A counted message in the current locale (``count`` is a parameter too)."""
    chosen = catalogs().ngettext(singular, plural, count)
    return format_message(chosen, {"count": count, **params})


def N_(message: str) -> str:  # noqa: N802 (gettext's name for it)
    """Marks a message for extraction where it is defined; translated where it is shown."""
    return message


class Locales:
    """ASGI middleware: each request and socket runs in its visitor's locale (``CURRENT``),
    from the ``lang`` cookie or ``Accept-Language`` (``locale_for``)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        cookies = cookie_parser(headers.get("cookie", ""))
        token = CURRENT.set(locale_for(cookies.get(COOKIE), headers.get("accept-language")))
        try:
            await self.app(scope, receive, send)
        finally:
            CURRENT.reset(token)
