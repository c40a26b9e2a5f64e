"""Every ES module of the browser client parses as a module (a syntax error would blank a page)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from app.config import ROOT

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
