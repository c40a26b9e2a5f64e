"""Summarises side-by-side runs (issue 23): Parlor's ``bench.load --json`` lines and the peer
harnesses' ``load.js`` lines (boardgame.io, Colyseus), one Markdown table, a row per server and
load, each cell the median and range (min-max) over the runs:
``python -m bench.side_by_side FILE_OR_DIR...`` (a directory: its ``*.txt`` and ``*.jsonl``).

The JSON line of a run is the last line of its file that starts with ``{``; a file without one
is listed as failed. The fields are the peers' (``peer-bgio/load.js``, ``peer-colyseus/load.js``),
which ``bench.load --json`` writes too: ``moves_per_s``, ``p50_ms`` and ``p99_ms`` (the mover's
round trip from its actual send), ``server_cpu_us_per_move``, ``matches_finished`` (in the
window) and ``duration_s``. A move is not the same unit everywhere: boardgame.io's Coloretto
draws and places a card in one move where Parlor and the Colyseus harness count two, so the
table also gives matches finished per second and moves per match (the harness's own figure, or
``≈`` moves in the window / matches finished in it when it has none, as boardgame.io's).
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

Run = dict[str, Any]


def runs_of(path: Path) -> tuple[list[Run], list[Path]]:
    """The runs of a file (its last JSON line; every line of a ``.jsonl``) or of a directory's
    ``*.txt`` and ``*.jsonl`` files, and the files that hold none."""
    if path.is_dir():
        runs: list[Run] = []
        failed: list[Path] = []
        for child in sorted([*path.glob("*.txt"), *path.glob("*.jsonl")]):
            found, missing = runs_of(child)
            runs += found
            failed += missing
        return runs, failed
    lines = [line for line in path.read_text().splitlines() if line.startswith("{")]
    if not lines:
        return [], [path]
    chosen = lines if path.suffix == ".jsonl" else lines[-1:]
    return [{**json.loads(line), "_file": str(path)} for line in chosen], []


def server(run: Run) -> str:
    """The server's label, as the peers' summarize.js names them."""
    if run.get("framework") == "parlor":
        return f"Parlor ({run.get('storage', '?')})"
    if run.get("framework") == "colyseus":
        patch = run.get("patch", "move")
        return f"Colyseus ({'patch per move' if patch == 'move' else f'patch every {patch} ms'})"
    return f"boardgame.io ({run.get('storage', '?')})"


def matches_per_s(run: Run) -> float | None:
    """Matches finished in the window per second."""
    finished, duration = run.get("matches_finished"), run.get("duration_s")
    return finished / duration if finished is not None and duration else None


def moves_per_match(run: Run) -> float | None:
    """The harness's mean match length, else moves in the window / matches finished in it."""
    if run.get("moves_per_match") is not None:
        return float(run["moves_per_match"])
    finished, moves = run.get("matches_finished"), run.get("moves")
    return moves / finished if finished and moves is not None else None


def scheduled_p99(run: Run) -> float | None:
    """p99 from the scheduled (intended) send, paced runs only."""
    scheduled = run.get("from_scheduled")
    return scheduled.get("p99_ms") if isinstance(scheduled, dict) else None


COLUMNS: list[tuple[str, Callable[[Run], float | None]]] = [
    ("moves/s", lambda r: r.get("moves_per_s")),
    ("p50 ms", lambda r: r.get("p50_ms")),
    ("p99 ms", lambda r: r.get("p99_ms")),
    ("server CPU µs/move", lambda r: r.get("server_cpu_us_per_move")),
    ("matches/s", matches_per_s),
    ("moves/match", moves_per_match),
    ("p99 ms from schedule", scheduled_p99),
    ("server CPU %", lambda r: r.get("server_cpu_pct")),
    ("load CPU %", lambda r: r.get("load_cpu_pct")),
]


def number(value: float) -> str:
    """A figure to three significant digits or so, as summarize.js writes them."""
    if abs(value) >= 100:
        return f"{value:.0f}"
    if abs(value) >= 10:
        return f"{value:.1f}"
    return f"{value:.2f}"


def cell(values: Sequence[float | None]) -> str:
    """Median (min-max) of the values present, '-' if none."""
    present = sorted(float(v) for v in values if v is not None)
    if not present:
        return "–"
    median = number(statistics.median(present))
    if len(present) == 1:
        return median
    return f"{median} ({number(present[0])}–{number(present[-1])})"


def table(runs: list[Run]) -> list[str]:
    """The Markdown table's lines."""
    groups: dict[tuple[str, str, str], list[Run]] = {}
    for run in runs:
        key = (run.get("mode", "?"), server(run), f"{run.get('matches')}×{run.get('seats')}")
        groups.setdefault(key, []).append(run)
    lines = [
        "| load | server | matches×seats | runs | "
        + " | ".join(name for name, _ in COLUMNS)
        + " |",
        "|" + " --- |" * (len(COLUMNS) + 4),
    ]
    order = {"Parlor": 0, "Colyseus": 1, "boardgame.io": 2}
    for key in sorted(
        groups, key=lambda k: (k[0] != "closed loop", k[0], order.get(k[1].split()[0], 9), k[1])
    ):
        rows = groups[key]
        cells = " | ".join(cell([get(r) for r in rows]) for _, get in COLUMNS)
        lines.append(f"| {key[0]} | {key[1]} | {key[2]} | {len(rows)} | {cells} |")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table of the runs the arguments name, and the files without a result."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("paths", nargs="+", type=Path, help="run outputs, or directories of them")
    args = parser.parse_args(argv)
    runs: list[Run] = []
    failed: list[Path] = []
    for path in args.paths:
        found, missing = runs_of(path)
        runs += found
        failed += missing
    print("\n".join(table(runs)))
    print(
        "\nmedian (min–max) over the runs. p50/p99: the mover's round trip from its actual send; "
        "p99 from schedule (paced runs): from the intended send time, waiting for a late turn "
        "included. matches/s: matches finished in the window per second. moves/match: the "
        "harness's mean, or ≈ moves / matches finished in the window (boardgame.io's move is a "
        "draw and its placing: Parlor and Colyseus count two). load CPU %: the load generator's "
        "core (near 100: the generator, not the server, limits a closed loop)."
    )
    for path in failed:
        print(f"no result (no JSON line): {path}")


if __name__ == "__main__":
    main()
