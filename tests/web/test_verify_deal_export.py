"""tools/verify_deal.py on a real export (issue 29): a match played to the end through the API,
its record downloaded from ``GET /api/matches/{id}/export``, checked and dealt by the script run
as a program, exactly as ``new_game`` dealt that match from its seed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from starlette.testclient import TestClient

from app.config import ROOT
from app.rules import GAMES
from tests.tools.deals import expected
from tests.web.helpers import Guest, open_table, play_to_the_end, start


def test_the_script_deals_an_exported_match_as_it_was_dealt(
    client: TestClient, tmp_path: Path
) -> None:
    ada = Guest(client, "Ada")
    match_id = start(ada, open_table(ada, players=3, bots=2)["id"])
    play_to_the_end(ada, match_id)
    export = ada.get(f"/api/matches/{match_id}/export")
    assert export.status_code == 200
    path = tmp_path / "record.json"
    path.write_bytes(export.content)
    record = export.json()

    # The script alone, with an isolated interpreter: no Parlor on its path.
    run = subprocess.run(
        [sys.executable, "-I", str(ROOT / "tools" / "verify_deal.py"), str(path), "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    dealt = json.loads(run.stdout)["deal"]
    rules = GAMES["coloretto"]
    state = rules.new_game(
        players=3,
        seed=bytes.fromhex(record["seed"]),
        options=rules.check_options(3, record["options"]),
        start_seat=record["start_seat"],
    )
    dealt.pop("start_seat_drawn")
    assert dealt == expected("coloretto", state)
    assert dealt["removed_colour"] is not None  # 3 players: one colour out of the game
