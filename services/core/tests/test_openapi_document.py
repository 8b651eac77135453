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


def _enum(document, schema, field):
    return document["components"]["schemas"][schema]["properties"][field]["enum"]


def test_status_fields_are_enums_of_the_models_values(document):
    from services.events.models import Event
    from services.members.models import Member
    from services.registrations.models import Registration, WaitlistEntry

    event_statuses = list(Event.Status.values)
    for schema in ("EventOut", "EventBrief", "EventSummary", "RecentEventOut"):
        assert _enum(document, schema, "status") == event_statuses, schema
    registration_statuses = list(Registration.Status.values)
    for schema in ("RegistrationOut", "RegisteredOut", "RecentRegistrationOut", "MyRegistrationOut"):
        assert _enum(document, schema, "registration_status") == registration_statuses, schema
    for schema in ("WaitlistEntryOut", "MyWaitlistOut"):
        assert _enum(document, schema, "status") == list(WaitlistEntry.Status.values), schema
    assert _enum(document, "RegistrationOut", "ended_reason") == ["", *Registration.EndedReason.values]
    assert _enum(document, "MemberOut", "approval_status") == list(Member.Approval.values)
    assert _enum(document, "MemberOut", "membership_type") == list(Member.MembershipType.values)
    assert _enum(document, "MemberOut", "gender") == ["", "Male", "Female", "Other"]
    assert _enum(document, "MemberOut", "payment_method") == ["Mobile Money", "Bank Transfer"]
    assert _enum(document, "ActivityRow", "status") == registration_statuses  # members' are among them
    for schema in ("AttendanceOut", "ActivitiesOut", "GrowthOut"):
        assert _enum(document, schema, "period") == ["week", "month", "quarter", "year"], schema
    counts = document["components"]["schemas"]["OverviewOut"]["properties"]["status_counts"]
    assert list(counts["properties"]) == event_statuses
    assert counts["additionalProperties"] is False


def test_the_paging_fields_of_an_events_registrations_are_always_sent(document):
    schema = document["components"]["schemas"]["EventRegistrationsOut"]
    for name in ("count", "page", "page_size", "total_pages"):
        assert name in schema["required"]
        assert {"type": "null"} in schema["properties"][name]["anyOf"]


def test_the_link_answers_are_unions_of_their_shapes(document):
    def answer(path):
        return document["paths"][path]["post"]["responses"][200]["content"]["application/json"]["schema"]

    for path in ("/api/my-registration/", "/api/my-registration/cancel/"):
        schema = answer(path)
        assert schema["discriminator"]["propertyName"] == "kind"
        assert set(schema["discriminator"]["mapping"]) == {"registration", "waitlist"}
        assert len(schema["oneOf"]) == 2
    # `valid` is a boolean, which OpenAPI's discriminator cannot name: each shape has it constant.
    check = answer("/api/management/waitlist-offers/check/")
    shapes = [item["$ref"].rsplit("/", 1)[1] for item in check["anyOf"]]
    schemas = document["components"]["schemas"]
    assert sorted(schemas[name]["properties"]["valid"]["const"] for name in shapes) == [False, True]
    for name in shapes:  # every key is always sent (null when the offer is not valid)
        assert set(schemas[name]["required"]) == {"valid", "event_id", "expires_at", "registrant"}
