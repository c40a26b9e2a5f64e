"""The browser client's unit tests (tests/js/*.test.mjs) pass under Node's own test runner:
the shared components, the keyed patch and the socket client, in a small fake DOM."""

from __future__ import annotations

import re
import shutil
import subprocess

from app.config import ROOT

TESTS = ROOT / "tests" / "js"


def test_node_runs_every_js_unit_test_and_none_fails() -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed to run the browser client's unit tests"
    files = sorted(TESTS.glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs"
    run = subprocess.run(
        [node, "--test", *map(str, files)], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
    summary = re.findall(r"^# (tests|pass|fail) (\d+)$", run.stdout, re.MULTILINE)
    counts = {key: int(value) for key, value in summary}
    assert counts["fail"] == 0 and counts["pass"] == counts["tests"] > 0, counts
