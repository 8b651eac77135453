"""A visitor registers (SPEC §5, §8): every rule is the server's, with the field at fault."""

import re

import pytest

from services.events.models import Event
from services.events.tests.factories import make_event
from services.outbox.models import OutboxMessage
from services.registrations import signup
from services.registrations.models import Registration

from .helpers import VALID, decide, person, register

pytestmark = pytest.mark.django_db


def test_a_registration_is_pending_with_a_reference_and_how_to_pay(client):
    event = make_event(price=5000, maximum_attendees=10, contact_email="events@rnslia.org.rw")
    response = register(client, event.pk)
    assert response.status_code == 201
    body = response.json()
    reference = body["payment_reference"]
    assert re.fullmatch(r"[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6}", reference)
    assert body["registration"]["registration_status"] == "Pending"
    assert body["registration"]["phone"] == "+250788123456"  # one international form
    assert body["payment_info"]["amount"] == 5000
    assert body["payment_info"]["reference"] == reference
    assert set(body["payment_info"]["methods"]) == {"Mobile Money", "Bank Transfer"}
    assert all("5,000 Rwf" in text and reference in text for text in body["payment_info"]["methods"].values())
    assert body["contact_info"]["email"] == "events@rnslia.org.rw"
    assert reference in body["next_steps"]
    stored = Registration.objects.get()
    assert (stored.payment_reference, stored.needs_interpreter, stored.disability) == (
        reference,
        True,
        "Hearing Impairment",
    )
    assert stored.terms_accepted_at is not None
    assert OutboxMessage.objects.get().topic == "registration.submitted"
    event.refresh_from_db()
    assert (event.registrations_total, event.registrations_pending) == (1, 1)


@pytest.mark.parametrize("price", [5000, None])
def test_the_answer_is_what_its_schema_says(client, price):
    # The answer is rendered without ninja's validation (issue 26): it must be its schema's own form.
    from services.registrations.schemas import RegistrationAnswer

    body = register(client, make_event(price=price).pk).json()
    assert RegistrationAnswer.model_validate(body).model_dump(mode="json") == body


def test_a_free_event_needs_no_payment(client):
    event = make_event(price=0)
    body = register(client, event.pk).json()
    assert body["payment_info"]["amount"] is None
    assert body["payment_info"]["methods"] == {}
    assert "free" in body["payment_info"]["status"]


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"full_name": "  "}, "full_name", "Full name is required"),
        ({"phone": ""}, "phone", "Phone number is required"),
        ({"phone": "12"}, "phone", "Please enter a valid phone number."),
        ({"email": ""}, "email", "Email is required"),
        ({"email": "aline@"}, "email", "Please enter a valid e-mail address."),
        ({"preferred_language": ""}, "preferred_language", "Please select a language"),
        ({"preferred_language": "German"}, "preferred_language", "Please select a language"),
        ({"disability": "Unknown"}, "disability", "Please select an option"),
        (
            {"disability": "Other", "disability_details": " "},
            "disability_details",
            "Please specify your disability",
        ),
        ({"full_name": "A" * 71}, "full_name", "Please keep the name under 70 characters."),
        ({"disability_details": "x" * 501}, "disability_details", "Please keep this under 500 characters."),
        ({"agree_to_terms": False}, "agree_to_terms", "Please accept the terms to register."),
        *(
            (
                {"membership_number": wrong},
                "membership_number",
                "Please enter your membership number as it is on your card, such as 2026-0042, or leave it "
                "empty.",
            )
            for wrong in ("42", "2026/0042", "2026-", "2026-00420000", "<b>2026-1</b>")
        ),
    ],
)
def test_each_rule_names_its_field(client, change, field, message):
    event = make_event()
    response = register(client, event.pk, {**VALID, **change})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "validation_error"
    assert body["fields"] == {field: message}
    assert not Registration.objects.exists()


def test_an_empty_body_names_every_required_field(client):
    response = register(client, make_event().pk, {})
    assert response.status_code == 400
    assert set(response.json()["fields"]) == {
        "full_name",
        "phone",
        "email",
        "preferred_language",
        "disability",
    }


def test_a_membership_number_is_kept_as_on_the_card(client):
    event = make_event()
    assert register(client, event.pk, {**VALID, "membership_number": " 2026-0042 "}).status_code == 201
    assert register(client, make_event().pk, VALID).status_code == 201
    assert list(Registration.objects.order_by("pk").values_list("membership_number", flat=True)) == [
        "2026-0042",
        "",
    ]


def test_details_of_other_are_kept(client):
    event = make_event()
    assert (
        register(
            client, event.pk, {**VALID, "disability": "Other", "disability_details": "Low vision"}
        ).status_code
        == 201
    )
    assert Registration.objects.get().disability_details == "Low vision"


@pytest.mark.parametrize("status", [Event.Status.DRAFT, Event.Status.COMPLETED, Event.Status.CANCELLED])
def test_only_published_events_take_registrations(client, status):
    event = make_event(status=status)
    response = register(client, event.pk)
    assert response.status_code == 400
    assert response.json()["code"] == "registration_closed"
    assert response.json()["detail"] == "Registration is not available for this event."


def test_an_unknown_event_is_not_found(client):
    assert register(client, 999_999).status_code == 404


def test_a_full_event_refuses_with_the_capacity_text_and_offers_the_waiting_list(client):
    event = make_event(maximum_attendees=2)
    assert register(client, event.pk, person(1)).status_code == 201
    assert register(client, event.pk, person(2)).status_code == 201
    response = register(client, event.pk, person(3))
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "event_full"
    assert body["detail"] == (
        "This event has reached its maximum capacity (2 seats). "
        "Please contact the organizer before registering."
    )
    assert body["waitlist"] is True
    assert Registration.objects.count() == 2


def test_a_rejected_registration_frees_its_seat(client, staff_client):
    event = make_event(maximum_attendees=1)
    first = register(client, event.pk, person(1)).json()["registration"]["id"]
    assert register(client, event.pk, person(2)).status_code == 409
    assert decide(staff_client, first, "Rejected").status_code == 200
    assert register(client, event.pk, person(2)).status_code == 201


@pytest.mark.parametrize(
    ("second", "field", "message"),
    [
        (
            {"email": "ALINE@Example.org", "phone": "+250788999999"},
            "email",
            "This email is already registered for this event.",
        ),
        (
            {"email": "other@example.org", "phone": "+250 788 123 456"},
            "phone",
            "This phone number is already registered for this event.",
        ),
        (
            {"email": "other@example.org", "phone": "250788123456"},
            "phone",
            "This phone number is already registered for this event.",
        ),
    ],
)
def test_one_registration_per_email_and_phone(client, second, field, message):
    event = make_event()
    assert register(client, event.pk).status_code == 201
    response = register(client, event.pk, {**VALID, **second})
    assert response.status_code == 409
    assert response.json()["code"] == "duplicate_registration"
    assert response.json()["fields"] == {field: message}
    # Another event takes the same person.
    assert register(client, make_event("Another").pk).status_code == 201


def test_control_characters_are_refused(client):
    response = register(client, make_event().pk, {**VALID, "full_name": "Aline\u202eUwase"})
    assert response.status_code == 400
    assert response.json()["code"] == "forbidden_characters"
    assert "full_name" in response.json()["fields"]


def test_registration_has_its_own_named_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "registration": "3/h", "contact": "100/h"}
    event = make_event()
    codes = [register(client, event.pk, person(i)).status_code for i in range(4)]
    assert codes == [201, 201, 201, 429]
    # The contact form's counter is a different one.
    assert (
        client.post(
            "/api/management/contact-form/",
            data={"name": "A", "email": "a@example.org", "message": "Hi"},
            content_type="application/json",
        ).status_code
        == 200
    )


def test_references_are_unique_and_readable(client):
    event = make_event(price=1000)
    references = {register(client, event.pk, person(i)).json()["payment_reference"] for i in range(30)}
    assert len(references) == 30
    assert not any(set(ref) & set("01OIL") for ref in references)


@pytest.mark.django_db
def test_a_payment_reference_drawn_twice_is_drawn_again(client, monkeypatch):
    event = make_event(price=5000)
    first = register(client, event.pk, person(1)).json()["payment_reference"]
    draws = iter([first, "ZZZZZ9"])  # the first draw is taken already
    monkeypatch.setattr(signup, "new_payment_reference", lambda: next(draws))
    response = register(client, event.pk, person(2))
    assert response.status_code == 201, response.json()
    assert response.json()["payment_reference"] == "ZZZZZ9"
    assert Registration.objects.filter(event=event).count() == 2
    assert OutboxMessage.objects.filter(topic="registration.submitted").count() == 2
