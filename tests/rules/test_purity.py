"""``app.rules`` is pure (design 1, style 4.1): standard library only, no I/O, no clock, no
global ``random``, and nothing from the rest of ``app``. Checked by reading the source with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import app.rules

RULES_DIR = Path(app.rules.__file__).parent
MODULES = sorted(RULES_DIR.rglob("*.py"))

# Standard-library modules a pure rules module may import; everything else fails, including
# random, time, datetime, os, sys, socket, io, pathlib, json, subprocess and every third party.
ALLOWED = frozenset(
    {
        "__future__",
        "abc",
        "bisect",
        "collections",
        "dataclasses",
        "enum",
        "functools",
        "hashlib",
        "heapq",
        "hmac",
        "itertools",
        "math",
        "operator",
        "string",
        "types",
        "typing",
        # Unicode's character tables (no I/O): Forehead words compares chat lines by them.
        "unicodedata",
    }
)
BANNED_CALLS = frozenset({"open", "eval", "exec", "compile", "__import__", "input", "print"})


def imported_modules(tree: ast.AST) -> list[str]:
    """Every module name a module imports (absolute; relative imports come back as ``.x``)."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            names.append("." * node.level + (node.module or ""))
    return names


def import_problems(source: str) -> list[str]:
    """Why a module's imports break purity; empty when they do not."""
    problems = []
    for name in imported_modules(ast.parse(source)):
        if name == "app.rules" or name.startswith("app.rules."):
            continue
        if name.split(".")[0] not in ALLOWED:
            problems.append(f"imports {name}")
    return problems


def call_problems(source: str) -> list[str]:
    """Calls of built-ins that do I/O or run code (``open(`` and friends)."""
    return [
        f"calls {node.func.id}() on line {node.lineno}"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in BANNED_CALLS
    ]


def test_the_rules_package_has_modules() -> None:
    """Guard against the glob silently finding nothing."""
    assert {path.name for path in MODULES} >= {"__init__.py", "base.py", "rng.py", "game.py"}


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_module_imports_only_pure_modules(path: Path) -> None:
    """No fastapi, sqlalchemy, pydantic, other ``app`` packages, random, time, os, io, ..."""
    assert import_problems(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("path", MODULES, ids=lambda path: path.name)
def test_module_does_no_io(path: Path) -> None:
    """No ``open(`` (nor eval/exec/print/input) in rules code."""
    assert call_problems(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize(
    "source",
    [
        "import random",
        "from time import perf_counter",
        "import os.path",
        "from datetime import datetime",
        "import sys",
        "import socket",
        "import io",
        "from fastapi import FastAPI",
        "import sqlalchemy.orm",
        "from pydantic import BaseModel",
        "from app.matches import service",
        "from app.config import Settings",
        "from . import thing",
    ],
)
def test_checker_catches_impure_imports(source: str) -> None:
    """The checker itself must fail on each banned import (otherwise the test above is empty)."""
    assert import_problems(source) != []


def test_checker_allows_rules_imports_and_catches_open() -> None:
    """``app.rules`` imports pass; ``open(`` is reported."""
    assert import_problems("from app.rules.rng import Rng\nimport itertools") == []
    assert call_problems("data = open('x').read()") != []
