"""Security tests use the web fixtures (a running app on the migrated database)."""

from tests.web.conftest import client, clock, counts

__all__ = ["client", "clock", "counts"]
