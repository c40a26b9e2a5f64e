"""Security tests use the web fixtures (a running app on the migrated database)."""

from tests.web.conftest import client, counts

__all__ = ["client", "counts"]
