"""Server-rendered pages: each passes its data to one ES module through a JSON island."""

from __future__ import annotations

from typing import Annotated, Any
from urllib.parse import quote, urlsplit

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from app.accounts import service as accounts
from app.config import ROOT
from app.deps import MAX_INT, DbDep, OptionalUser, RowId, SessionDep, get_optional_user
from app.errors import AppError, NotFound, page_data
from app.guides import service as guides
from app.i18n import CURRENT, LOCALES, N_, NAMES, PAGES, _, catalogs, ngettext, script_json
from app.lobby import service as lobby_service
from app.matches import service as matches_service
from app.matches.routes import WatchCode
from app.models import User
from app.rules import GAMES
from app.rules.kit import indefinite

router = APIRouter(include_in_schema=False)
templates = Jinja2Templates(directory=ROOT / "templates")
templates.env.add_extension("jinja2.ext.i18n")
# Messages are written `_("{name} is here", name=...)`: braces, as in Python and JavaScript
# (app/i18n.py), so not the extension's newstyle (percent) callables.
templates.env.install_gettext_callables(  # type: ignore[attr-defined]
    gettext=_, ngettext=ngettext, newstyle=False
)


def render(
    request: Request,
    *,
    template: str,
    script: str,
    title: str,
    user: User | None,
    page: dict[str, Any],
    status_code: int = 200,
) -> HTMLResponse:
    """A page with its data island and its module."""
    user_json = (
        {
            "id": user.id,
            "name": user.name,
            "handle": accounts.handle(user),
            "has_password": user.password_hash is not None,
        }
        if user
        else None
    )
    locale = CURRENT.get()
    game = page.get("game")
    domains = (PAGES, game) if isinstance(game, str) and game in GAMES else (PAGES,)
    return templates.TemplateResponse(
        request,
        template,
        {
            "locale": locale,
            "languages": NAMES,
            # The browser's catalog (static/js/lib/i18n.js): the pages' and the page's game's.
            "i18n": script_json(catalogs().browser_json(locale, domains)),
            "title": title,
            "user": user_json,
            "script": script,
            "page": {"user": user_json, **page},
            "static": request.app.state.static_url,  # this deploy's files (app/static.py)
        },
        status_code=status_code,
    )


def safe_next(target: str | None) -> str | None:
    """``target`` when it is a path of this site (``/match/5?watch=x``), else None: a page
    returns its visitor to it after signing in, so it must never lead to another site
    (``//evil.example``, ``https://evil.example``, ``/\\evil.example``: no open redirect)."""
    if not target or len(target) > 1000 or not target.startswith("/"):
        return None
    # Browsers read a backslash as a slash and drop tabs and newlines from URLs, which would
    # turn "/\\evil.example" or "/\t/evil.example" into "//evil.example".
    if (
        target.startswith("//")
        or "\\" in target
        or any(ord(c) < 32 or ord(c) == 127 for c in target)
    ):
        return None
    parts = urlsplit(target)
    return target if not parts.scheme and not parts.netloc else None


def sign_in_first(request: Request) -> RedirectResponse:
    """To the home page's name form, which sends the visitor back here afterwards."""
    here = request.url.path + (f"?{request.url.query}" if request.url.query else "")
    return RedirectResponse(f"/?next={quote(here, safe='')}", status_code=303)


def error_page(request: Request, error: AppError, user: User | None = None) -> HTMLResponse:
    """The error page for a failed page request: its heading says what went wrong."""
    data = page_data(error)
    return render(
        request,
        template="error.html",
        script="error",
        title=data["heading"],
        user=user,
        page=data,
        status_code=error.status_code,
    )


async def error_response(request: Request, error: AppError) -> Response:
    """The error page for a request that failed before its page's route ran (no such address,
    a malformed id: ``app.errors.install_handlers``), with the visitor's name in the header."""
    try:
        user = await get_optional_user(request)
    except Exception:  # the database away must not turn a 404 into a 500
        user = None
    return error_page(request, error, user)


@router.get("/")
async def home(request: Request, user: OptionalUser) -> Response:
    """Pick a name, create a table, or join one by code."""
    games = lobby_service.list_games()
    return render(
        request,
        template="home.html",
        script="home",
        title="",
        user=user,
        page={
            "games": games,
            "gallery": guides.gallery(),
            # Where a visitor sent here to pick a name was going (``sign_in_first``).
            "next": safe_next(request.query_params.get("next")),
        },
    )


@router.get("/games/{slug}")
async def game_guide(request: Request, slug: str, user: OptionalUser) -> Response:
    """How to play one game: its guide and a demo of a first turn (no name needed)."""
    try:
        guide = guides.rules_page(slug)
    except NotFound as error:
        return error_page(request, error, user)
    return render(
        request,
        template="guide.html",
        script="guide",
        title=_("How to play {game}", game=guide["title"]),
        user=user,
        page={"game": slug, "guide": guide},
    )


@router.get("/i18n/{locale}/{domain}.json")
async def catalog(locale: str, domain: str) -> Response:
    """A game's messages for the browser, for a page that loads the game after it opened (the
    home page's table form): static/js/lib/i18n.js ``loadDomain``."""
    if locale not in LOCALES or domain not in GAMES:
        raise NotFound("There is no such catalog.", code="no_catalog")
    return Response(
        catalogs().browser_json(locale, (domain,)),
        media_type="application/json",
        headers={"cache-control": "public, max-age=3600"},
    )


@router.get("/watch/{code}")
async def watch(request: Request, code: str, user: OptionalUser, session: SessionDep) -> Response:
    """A table's watch link: on to its current match, watched with the link's code."""
    if user is None:
        return sign_in_first(request)
    try:
        return RedirectResponse(
            await lobby_service.watched_match(session, code=code), status_code=303
        )
    except NotFound as error:
        return error_page(request, error, user)


@router.get("/join/{invite_code}")
async def join(
    request: Request, invite_code: str, user: OptionalUser, session: SessionDep
) -> Response:
    """An invite link: the game, the host and the seats left; sign in if needed, then take a
    seat."""
    invite = await lobby_service.invite_preview(session, code=invite_code[:200])
    title = _join_title(invite["game_title"]) if invite else _("Join a table")
    return render(
        request,
        template="join.html",
        script="join",
        title=title,
        user=user,
        page={"invite_code": invite_code, "invite": invite},
    )


def _join_title(game: str) -> str:
    """The invite page's title: "Join a UNO table", "Join an Elements table" (the English
    article chosen by how the game's name is said; other languages have one sentence)."""
    if indefinite(f"{game} table").startswith("an "):
        return _("Join an {game} table", game=game)
    return _("Join a {game} table", game=game)


@router.get("/seat/{code}")
async def seat(request: Request, code: str, user: OptionalUser) -> Response:
    """A seat invitation: sign in if needed, see the seat offered, take it over."""
    return render(
        request,
        template="seat.html",
        script="seat",
        title=_("Take a seat"),
        user=user,
        page={"code": code[:200]},
    )


@router.get("/lobby/{lobby_id}")
async def lobby(request: Request, lobby_id: RowId, user: OptionalUser) -> Response:
    """A table before its match starts."""
    if user is None:
        return sign_in_first(request)
    return render(
        request,
        template="lobby.html",
        script="lobby",
        title=_("Table"),
        user=user,
        page={"lobby_id": lobby_id},
    )


async def _match_page(
    request: Request,
    db: DbDep,
    *,
    match_id: int,
    user: User | None,
    watch: str | None,
    page_name: str,
    title: str | None,
) -> Response:
    """One of a match's pages (table, record, replay), for its players and holders of its watch
    link (``watch``; ``matches_service.admit``): its game decides the renderer; ``title`` is
    the page's title with the game's name as ``{game}`` (None: the name alone)."""
    if user is None:
        return sign_in_first(request)
    try:
        match = await matches_service.admit(db, match_id=match_id, user=user, code=watch)
    except NotFound as error:
        return error_page(request, error, user)
    name = GAMES[match.game].title
    return render(
        request,
        template=f"{page_name}.html",
        script=page_name,
        title=_(title, game=name) if title else _(name),
        user=user,
        page={
            "match_id": match_id,
            "game": match.game,
            "guide": guides.summary(match.game),
            "options_text": guides.options_text(match.game, match.players, match.options),
        },
    )


@router.get("/match/{match_id}")
async def table(
    request: Request, match_id: RowId, user: OptionalUser, db: DbDep, watch: WatchCode = None
) -> Response:
    """The live table."""
    return await _match_page(
        request, db, match_id=match_id, user=user, watch=watch, page_name="table", title=None
    )


@router.get("/match/{match_id}/record")
async def record(
    request: Request, match_id: RowId, user: OptionalUser, db: DbDep, watch: WatchCode = None
) -> Response:
    """A finished match's record, with the fairness check."""
    return await _match_page(
        request,
        db,
        match_id=match_id,
        user=user,
        watch=watch,
        page_name="record",
        title=N_("{game} record"),
    )


@router.get("/match/{match_id}/replay")
async def replay(
    request: Request, match_id: RowId, user: OptionalUser, db: DbDep, watch: WatchCode = None
) -> Response:
    """Step through a match, through one player's eyes, the public view or everyone's."""
    return await _match_page(
        request,
        db,
        match_id=match_id,
        user=user,
        watch=watch,
        page_name="replay",
        title=N_("{game} replay"),
    )


@router.get("/verify")
async def verify(request: Request, user: OptionalUser) -> Response:
    """Check a downloaded record or a finished match (no account needed for a file)."""
    return render(
        request,
        template="verify.html",
        script="verify",
        title=_("Verify a match"),
        user=user,
        page={},
    )


@router.get("/verify/deal")
async def verify_deal(
    request: Request,
    user: OptionalUser,
    match: Annotated[int | None, Query(ge=1, le=MAX_INT)] = None,
) -> Response:
    """Deal a match's opening again from its seed, in the browser (issue 29): a record file or
    pasted text, or with ``?match=id`` that finished match's record (the page fetches it)."""
    return render(
        request,
        template="verify_deal.html",
        script="verify_deal",
        title=_("Deal a match again"),
        user=user,
        page={"match_id": match},
    )


@router.get("/history")
async def history(request: Request, user: OptionalUser) -> Response:
    """My matches."""
    if user is None:
        return sign_in_first(request)
    return render(
        request,
        template="history.html",
        script="history",
        title=_("My matches"),
        user=user,
        page={},
    )
