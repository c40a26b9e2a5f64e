"""Every game package has one shape (issue 17, style 4.11): the same modules in every game, each
under the size limit, so that a reader who knows one game knows where to look in the others."""

from __future__ import annotations

from pathlib import Path

import pytest

import app.rules
from app.rules import GAMES

RULES_DIR = Path(app.rules.__file__).parent

SHAPE = frozenset({"__init__.py", "components.py", "state.py", "checks.py", "game.py", "bot.py"})
"""The modules of every game: registry entry, pieces and limits, the state, the parsing and
legality checks, the contract with the effects, the bot. A game adds modules only where it needs
them, named for what they hold (``scoring.py``, ``flow.py``, ...)."""

MAX_LINES = 600
"""Style 4.11 asks for about 500 lines a module; none may pass this."""


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_game_package_has_the_same_modules(slug: str) -> None:
    """The package named after the game holds at least the modules of ``SHAPE``."""
    package = RULES_DIR / slug
    assert package.is_dir(), f"{slug} is not a package of its own"
    missing = SHAPE - {path.name for path in package.glob("*.py")}
    assert not missing, f"{slug} lacks {sorted(missing)}"


@pytest.mark.parametrize(
    "path", sorted(RULES_DIR.rglob("*.py")), ids=lambda path: str(path.relative_to(RULES_DIR))
)
def test_no_rules_module_is_too_long(path: Path) -> None:
    """Small modules (style 4.11): none over ``MAX_LINES`` lines."""
    lines = len(path.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{path.relative_to(RULES_DIR)} has {lines} lines"
