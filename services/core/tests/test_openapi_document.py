"""The published OpenAPI document lists what the shared machinery answers, and times as sent."""

import pytest

from services.core.openapi import CLOCK_TIME_PATTERN


@pytest.fixture(scope="module")
def document():
    from services.api import api

    return api.get_openapi_schema()


def test_every_operation_lists_the_shared_error_statuses(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            statuses = set(operation["responses"])
            assert 400 in statuses, (method, path)
            assert 422 not in statuses, (method, path)
            if operation.get("security"):
                assert {401, 403} <= statuses, (method, path)
            if "{" in path:
                assert 404 in statuses, (method, path)
            if "requestBody" in operation:
                assert {413, 415} <= statuses, (method, path)


def test_throttled_operations_list_429(document):
    assert 429 in document["paths"]["/api/users/login/"]["post"]["responses"]


def test_times_of_day_are_text_in_the_shape_the_api_sends(document):
    event = document["components"]["schemas"]["EventOut"]["properties"]
    for name in ("time", "end_time"):
        text = next(option for option in event[name]["anyOf"] if option.get("type") == "string")
        assert text["pattern"] == CLOCK_TIME_PATTERN
        assert "format" not in text
