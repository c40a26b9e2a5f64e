#!/usr/bin/env bash
# Install everything the test suite needs, then run it: ruff, mypy, pytest (rules, web, browser).
# Uses DATABASE_URL when it is set (CI points it at Postgres), else a temporary SQLite database.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "Installing Chromium for the browser tests (apt-get)..."
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium: sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

python3 -m venv .venv
.venv/bin/python -m pip install -q --disable-pip-version-check -e '.[test]'

.venv/bin/ruff check .
.venv/bin/mypy
.venv/bin/pytest "$@"
