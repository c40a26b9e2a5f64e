"""Werewolf's win conditions (rules/werewolf.md, "Win conditions"; design 1.4) and the seats
of each winning side."""

from __future__ import annotations

from collections.abc import Collection, Sequence


def winners(
    roles: Sequence[str],
    alive: Sequence[bool],
    lovers: tuple[int, int] | None,
    enchanted: Collection[int],
) -> str | None:
    """The side that has won, or ``None`` while the game goes on (design 1.4).

    ``"lovers"``: a werewolf-non-werewolf couple are the only ones alive (Cupid, seed);
    ``"piper"``: the Piper lives and every other living player is enchanted (Piper, seed);
    ``"werewolves"``: no non-werewolf is alive; ``"village"``: no werewolf is alive. Lovers and
    Piper are checked first [SEED-SILENT, the rule file's priority], then the camps in that
    order, so a table where nobody is left alive counts as the werewolves' (their condition,
    "all non-werewolves dead", is listed first)."""
    living = [seat for seat, up in enumerate(alive) if up]
    if lovers is not None and sorted(living) == sorted(lovers) and _mixed(roles, lovers):
        return "lovers"
    for seat in living:
        if roles[seat] == "piper" and all(other == seat or other in enchanted for other in living):
            return "piper"
    if not any(roles[seat] != "werewolf" for seat in living):
        return "werewolves"
    if not any(roles[seat] == "werewolf" for seat in living):
        return "village"
    return None


def _mixed(roles: Sequence[str], lovers: tuple[int, int]) -> bool:
    """A werewolf-non-werewolf couple (Cupid: such a couple forms its own side)."""
    first, second = lovers
    return (roles[first] == "werewolf") != (roles[second] == "werewolf")


def side_seats(side: str, roles: Sequence[str], lovers: tuple[int, int] | None) -> tuple[int, ...]:
    """The seats that win with ``side``, dead ones too (the side wins, not the survivors):

    * ``"lovers"``: the two lovers; ``"piper"``: the Piper alone (he "wins alone");
    * ``"werewolves"``: every werewolf (the Thief who took a Werewolf card included), and
      ``"village"``: every other seat but the Piper (his own side);
    * in both camps, the members of a mixed couple are left out: they formed their own side
      (Cupid) and win only with it [Parlor's reading, the Thiercelieux convention]."""
    if side == "lovers":
        assert lovers is not None  # only a couple wins as lovers
        return tuple(sorted(lovers))
    couple = set(lovers) if lovers is not None and _mixed(roles, lovers) else set()
    if side == "piper":
        return tuple(seat for seat, role in enumerate(roles) if role == "piper")
    wolves = side == "werewolves"
    return tuple(
        seat
        for seat, role in enumerate(roles)
        if seat not in couple and role != "piper" and (role == "werewolf") == wolves
    )
