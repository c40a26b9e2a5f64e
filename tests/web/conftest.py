"""Web fixtures: the app on the migrated test database, served in-process by TestClient."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from starlette.testclient import TestClient

from app.config import Settings
from app.main import create_app
from tests.support import FakeClock
from tests.web.helpers import Counts


@pytest.fixture
def clock() -> FakeClock:
    """The time of the ``client``'s live matches, which a test may move on."""
    return FakeClock()


@pytest.fixture
def client(settings: Settings, clock: FakeClock) -> Iterator[TestClient]:
    """A running app (lifespan entered) with a fresh hub; the database persists across tests."""
    with TestClient(create_app(settings, clock=clock)) as client:
        yield client


@pytest.fixture
def counts(settings: Settings) -> Counts:
    """Reads row counts from the database directly."""
    return Counts(settings)
