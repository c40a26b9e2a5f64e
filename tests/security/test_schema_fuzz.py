"""Schemathesis over the OpenAPI schema (issue 4): no generated request gets a server error,
and every answer is one the schema describes: its status, its content type and its body
(issue 24: the error body and every success's model)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.result import Ok


@pytest.fixture(scope="module")
def cookie(base_url: str) -> str:
    """A signed-in guest, so that generated requests get past authentication."""
    request = urllib.request.Request(
        f"{base_url}/api/session",
        data=json.dumps({"name": "Fuzzer"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request) as response:
        return str(response.headers["set-cookie"].split(";", 1)[0])


CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]


# Schemathesis' own strategies use the random module, which Hypothesis warns about; that is the
# tool's business, not the server's, and must not fail this test (warnings are errors here).
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
def test_no_generated_request_gets_a_server_error(base_url: str, cookie: str) -> None:
    schema = schemathesis.openapi.from_url(f"{base_url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations() if isinstance(result, Ok)]
    assert len(operations) >= 12  # every endpoint of design 2.2 and the account routes
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=30,
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def check(case: Any) -> None:
            for headers in ({"Cookie": cookie}, {}):  # signed in, and not
                case.call_and_validate(base_url=base_url, headers=headers, checks=CHECKS)

        check()
