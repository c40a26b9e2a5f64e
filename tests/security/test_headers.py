"""Browser hardening headers (issue 16) on every kind of answer: a page, the API, a static file,
a 404 and a 413; and the templates need no inline script for the policy to hold."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from app.config import ROOT, Settings
from app.main import create_app

ANSWERS: dict[str, tuple[Callable[[TestClient], Any], int]] = {
    "page": (lambda client: client.get("/"), 200),
    "api": (lambda client: client.get("/api/games"), 200),
    "static": (lambda client: client.get("/static/css/parlor.css"), 200),
    "not found": (lambda client: client.get("/nowhere"), 404),
    "too large": (lambda client: client.post("/api/verify", content=b"x" * (2**21 + 1)), 413),
}
"""One request per kind of answer, and the status it gets."""


def _boom() -> None:
    raise RuntimeError("a bug")


@pytest.mark.parametrize("path", ["/api/boom", "/boom"])
def test_a_bug_is_a_500_with_the_headers(settings: Settings, path: str) -> None:
    """Before, Starlette's outermost handler answered an unhandled exception, outside the
    middleware that adds the headers."""
    app = create_app(settings)
    app.add_api_route(path, _boom)
    with TestClient(app, raise_server_exceptions=False) as client:
        response = client.get(path)
    assert response.status_code == 500
    assert response.headers["content-security-policy"] and "a bug" not in response.text
    assert response.headers["x-content-type-options"] == "nosniff"
    if path.startswith("/api/"):
        assert response.json()["code"] == "internal"
    else:  # a person's page: a page saying so, with a way home
        assert "text/html" in response.headers["content-type"]
        assert "<h1>Something went wrong</h1>" in response.text and 'href="/"' in response.text


@pytest.mark.parametrize("kind", ANSWERS)
def test_every_answer_carries_the_headers(client: TestClient, kind: str) -> None:
    ask, status = ANSWERS[kind]
    response = ask(client)
    assert response.status_code == status
    policy = response.headers["content-security-policy"]
    directives = {part.split()[0]: part.split()[1:] for part in policy.split("; ")}
    assert directives["script-src"] == ["'self'"]  # no inline script, no eval
    assert directives["style-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]  # no framing (clickjacking)
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    # Invite and seat codes are in URLs: no other site reads them from a Referer. Not
    # no-referrer: with it a browser sends "Origin: null" on the page's own POSTs.
    assert response.headers["referrer-policy"] == "same-origin"
    assert "strict-transport-security" not in response.headers  # plain http here


@pytest.mark.parametrize("kind", ANSWERS)
def test_https_deployments_ask_for_https_only(settings: Settings, kind: str) -> None:
    secure = settings.model_copy(update={"cookie_secure": True})
    with TestClient(create_app(secure)) as client:
        response = ANSWERS[kind][0](client)
    assert response.headers["strict-transport-security"] == "max-age=63072000"


INLINE_SCRIPT = re.compile(r"<script(?![^>]*\bsrc=)(?![^>]*type=\"application/json\")[^>]*>")
HANDLER_OR_STYLE = re.compile(r"<[^>]*\s(on[a-z]+|style)\s*=", re.IGNORECASE)


@pytest.mark.parametrize(
    "template",
    sorted((ROOT / "templates").glob("*.html")),
    ids=lambda path: path.name,
)
def test_templates_have_no_inline_script_or_style(template: Path) -> None:
    text = template.read_text()
    assert not INLINE_SCRIPT.search(text), "scripts are modules in static/js (CSP script-src)"
    assert not HANDLER_OR_STYLE.search(text), "handlers and styles go in static/js and static/css"
    assert "<style" not in text
