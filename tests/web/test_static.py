"""Every ES module of the browser client parses as a module (a syntax error would blank a page),
and pages load this deploy's files under a versioned URL (app/static.py)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from app.config import ROOT
from app.static import IMMUTABLE, REVALIDATE, version_of

MODULES = sorted((ROOT / "static" / "js").rglob("*.js"))


@pytest.mark.parametrize("module", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_module_parses(module: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to check the browser modules"
    # `node --check` reads .mjs files as ES modules (await, import/export), like the browser.
    copy = tmp_path / (module.stem + ".mjs")
    copy.write_text(module.read_text())
    checked = subprocess.run([node, "--check", str(copy)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


# --- cache-busting URLs (issue 24) ---------------------------------------------------------------

_ABSOLUTE = re.compile(r"""["'`]/static/""")


def test_pages_load_this_deploys_files_kept_for_a_year(client: TestClient) -> None:
    static = client.app.state.static_url  # type: ignore[attr-defined]
    assert re.fullmatch(r"/static/v[0-9a-f]{12}", static)
    html = client.get("/").text
    assert f'src="{static}/js/pages/home.js"' in html and f'href="{static}/css/parlor.css"' in html
    kept = client.get(f"{static}/js/pages/home.js")
    assert kept.status_code == 200 and kept.headers["cache-control"] == IMMUTABLE
    assert kept.content == (ROOT / "static/js/pages/home.js").read_bytes()
    # Another deploy's version, or none: the file still comes, to be checked again each time.
    for stale in ("/static/v000000000000/js/pages/home.js", "/static/js/pages/home.js"):
        answer = client.get(stale)
        assert answer.status_code == 200 and answer.headers["cache-control"] == REVALIDATE
    assert client.get(f"{static}/js/nothing.js").status_code == 404


def test_the_version_changes_with_any_file(tmp_path: Path) -> None:
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "a.js").write_text("export const a = 1;")
    first = version_of(tmp_path)
    assert version_of(tmp_path) == first
    (tmp_path / "js" / "a.js").write_text("export const a = 2;")
    assert version_of(tmp_path) != first


def test_no_module_or_page_names_an_unversioned_static_path() -> None:
    # Modules import by relative paths, which stay under the page's version; an absolute
    # "/static/..." would load another deploy's file beside this one's.
    sources = [*MODULES, *(ROOT / "templates").rglob("*.html")]
    named = [str(path.relative_to(ROOT)) for path in sources if _ABSOLUTE.search(path.read_text())]
    assert named == []
