"""Da Vinci Code hides every tile's number from all but its owner until it is revealed, and the
order of the pool from everyone (rules/da-vinci-code.md, Who sees what)."""

from __future__ import annotations

import dataclasses
import json
import random

from app.rules.base import Action
from app.rules.da_vinci_code import State
from app.rules.da_vinci_code.components import Tile


def _hidden_ids(state: State, viewer: int | None) -> list[int]:
    """Tiles in play whose number ``viewer`` may not know: others' unrevealed tiles, including a
    tile another player has drawn and holds aside."""
    owned = set(state.rows[viewer]) if viewer is not None else set()
    if state.drawn is not None and (state.turn == viewer or state.joker_face_up):
        # A joker going face up after a wrong guess is known to all (rules/da-vinci-code.md).
        owned.add(state.drawn)
    return [
        tile_id
        for tile_id in range(len(state.tiles))
        if tile_id not in owned and tile_id not in state.revealed
    ]


def items(state: State, viewer: int | None) -> list[str]:
    """Each hidden tile's id with its true number, as a view would print it."""
    # Compact separators, as frames and JSON answers are written (Starlette's send_json).
    return [
        f'"id":{tile_id},"colour":"{state.tiles[tile_id].colour}",'
        f'"number":{json.dumps(state.tiles[tile_id].face)}'
        for tile_id in _hidden_ids(state, viewer)
    ]


def scramble(state: State, viewer: int | None, rng: random.Random) -> State:
    """The same game with the numbers the viewer cannot see dealt out differently: hidden tiles
    and pool tiles of each colour swap numbers (colours are public and stay put)."""
    tiles = list(state.tiles)
    pools = [list(pool) for pool in state.pools]
    slots: dict[str, list[tuple[str, int, int]]] = {}
    for tile_id in _hidden_ids(state, viewer):
        slots.setdefault(tiles[tile_id].colour, []).append(("tile", tile_id, 0))
    for index, pool in enumerate(pools):
        for position, tile in enumerate(pool):
            slots.setdefault(tile.colour, []).append(("pool", index, position))
    for places in slots.values():
        faces: list[Tile] = [tiles[a] if kind == "tile" else pools[a][b] for kind, a, b in places]
        rng.shuffle(faces)
        for (kind, a, b), tile in zip(places, faces, strict=True):
            if kind == "tile":
                tiles[a] = tile
            else:
                pools[a][b] = tile
    hidden = set(_hidden_ids(state, viewer))
    # The log remembers numbers too (shown to their owner only): keep it true to the new deal.
    events = []
    for event in state.events:
        about = dict(event.fields).get("tile")
        if event.secret and about in hidden:
            secret = tuple((key, tiles[about].face) for key, _ in event.secret)
            event = dataclasses.replace(event, secret=secret)
        events.append(event)
    return dataclasses.replace(
        state, tiles=tuple(tiles), pools=tuple(tuple(pool) for pool in pools), events=tuple(events)
    )


CHOICES: dict[str, tuple[str, ...]] = {"opening": ("seed", "random")}


def reveals(state: State, seat: int, action: Action, viewer: int | None) -> bool:
    """A guess's result shows the guessed tile's number (and, when wrong, the drawn tile's); a
    reveal shows the chosen tile; a draw shows the drawer its tile. A stop or a joker's placing
    shows nothing: the place is named in the action."""
    if action["type"] in ("guess", "reveal"):
        return True
    return bool(action["type"] == "draw" and seat == viewer)
