"""Static files with cache-busting URLs (issue 24): pages load them under
``/static/<version>/...``, where the version is a digest of every file under ``static/``. A
browser keeps those for a year without asking again (``immutable``), and a deploy that changes
any file changes every URL, so a page never mixes old and new modules: ES modules import each
other by relative paths, which stay under the page's version. A URL without a version, or with
another deploy's, is still served, but must be checked again each time (``no-cache``)."""

from __future__ import annotations

import hashlib
from pathlib import Path

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


def version_of(directory: Path) -> str:
    """A digest of every file's path and content: ``v`` and 12 hex digits."""
    digest = hashlib.sha256()
    for path in sorted(directory.rglob("*")):
        if path.is_file():
            digest.update(path.relative_to(directory).as_posix().encode() + b"\0")
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    return "v" + digest.hexdigest()[:12]


class VersionedStatic(StaticFiles):
    """``StaticFiles`` that also serves ``/<any version>/<path>`` as ``/<path>``, for a year
    when the version is this deploy's, to be checked again otherwise."""

    def __init__(self, *, directory: Path) -> None:
        super().__init__(directory=directory)
        self.version = version_of(directory)

    async def get_response(self, path: str, scope: Scope) -> Response:
        first, _, rest = path.partition("/")
        versioned = rest != "" and len(first) == 13 and first[0] == "v"
        response = await super().get_response(rest if versioned else path, scope)
        if response.status_code in (200, 304):
            current = versioned and first == self.version
            response.headers["cache-control"] = IMMUTABLE if current else REVALIDATE
        return response
