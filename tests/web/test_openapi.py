"""Issue 24, the API as /openapi.json describes it: operation ids ``{tag}-{name}``, written
summaries, Parlor's own error body for every error status (FastAPI's validation error shape is
never sent), and a ``Location`` for what a 201 created, described and sent."""

from __future__ import annotations

import re
from typing import Any

from starlette.testclient import TestClient

from tests.web.helpers import Guest

ERROR = {"$ref": "#/components/schemas/ErrorBody"}


def _operations(client: TestClient) -> list[tuple[str, str, dict[str, Any]]]:
    spec = client.get("/openapi.json").json()
    return [
        (method, path, operation)
        for path, operations in spec["paths"].items()
        for method, operation in operations.items()
    ]


def test_every_operation_has_an_id_a_summary_and_parlors_errors(client: TestClient) -> None:
    operations = _operations(client)
    assert len(operations) >= 26
    ids = [operation["operationId"] for _, _, operation in operations]
    assert len(set(ids)) == len(ids)
    for method, path, operation in operations:
        tag = operation["tags"][0]
        assert re.fullmatch(rf"{tag}-[a-z]+(-[a-z]+)*", operation["operationId"]), path
        # Written from the handler's docstring, not FastAPI's title-cased function name.
        title = operation["operationId"].split("-", 1)[1].replace("-", " ").title()
        assert operation["summary"] != title and len(operation["summary"]) > len(title), path
        if not path.startswith("/api/"):
            continue
        for status in ("400", "401", "404", "409", "422", "429"):
            body = operation["responses"][status]["content"]["application/json"]["schema"]
            assert body == ERROR, (method, path, status)
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    assert "HTTPValidationError" not in schemas
    assert set(schemas["ErrorBody"]["properties"]) == {"detail", "code"}


def test_an_invalid_request_is_answered_as_described(client: TestClient) -> None:
    ada = Guest(client, "Ada")
    answer = ada.post("/api/lobbies", {"game": "coloretto", "players": "many"})
    assert answer.status_code == 422
    assert set(answer.json()) == {"detail", "code"} and answer.json()["code"] == "invalid_request"


def test_creations_say_where_they_are(client: TestClient) -> None:
    described = {
        (method, path): operation["responses"]["201"]
        for method, path, operation in _operations(client)
        if "201" in operation["responses"]
    }
    assert set(described) == {("post", "/api/session"), ("post", "/api/lobbies")}
    assert all("Location" in created["headers"] for created in described.values())
    signed_in = client.post("/api/session", json={"name": "Ada"})
    assert signed_in.status_code == 201 and signed_in.headers["location"] == "/api/session"
    ada = Guest(client, "Ada")
    opened = ada.post("/api/lobbies", {"game": "coloretto", "players": 3})
    assert opened.status_code == 201
    assert opened.headers["location"] == f"/api/lobbies/{opened.json()['id']}"
    assert ada.get(opened.headers["location"]).json()["id"] == opened.json()["id"]
