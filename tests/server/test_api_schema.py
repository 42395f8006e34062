"""Every route against its own ``/openapi.json``: schemathesis generates requests (valid
and invalid) for each operation and checks that no answer is a 5xx, that every status
and content type is one the schema lists, and that every body matches its model.

Bounded (a few examples per operation, derandomized) so it stays a quick test; a longer
run is the same test with ``SPIELTISCH_SCHEMA_EXAMPLES`` set higher.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.python.asgi import shutdown_lifespans

from spieltisch.server import Settings, create_app

EXAMPLES = int(os.environ.get("SPIELTISCH_SCHEMA_EXAMPLES", "8"))


TMP = Path(tempfile.mkdtemp(prefix="spieltisch-schema-"))
APP = create_app(
    Settings(
        db_url=f"sqlite:///{TMP / 'schema.db'}",
        bot_delay=0.0,
        http_burst=1_000_000,  # the limits are tested elsewhere; here every call counts
        hint_burst=1_000_000,
        admin_token="schema-test-admin-token-0123456789",
    )
)
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@pytest.fixture(scope="module", autouse=True)
def _stop_the_app() -> Iterator[None]:
    yield
    shutdown_lifespans()  # the store, the search pool and the review workers stop here
    shutil.rmtree(TMP, ignore_errors=True)


@pytest.mark.slow  # about 35 s for every operation on a shared two-core machine
@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=list(HealthCheck),
)
def test_every_route_answers_as_its_schema_says(case: schemathesis.Case[Any]) -> None:
    case.call_and_validate(
        checks=[
            not_a_server_error,
            status_code_conformance,
            content_type_conformance,
            response_schema_conformance,
        ]
    )
