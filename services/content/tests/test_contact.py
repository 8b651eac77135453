import pytest

from services.content.models import ContactMessage
from services.content.services import contact_message_submit
from services.core.errors import ValidationFailed
from services.outbox.models import OutboxMessage

CONTACT = "/api/management/contact-form/"
VALID = {"name": "Aline Uwase", "email": "aline@example.org", "message": "When is the next training?"}


def post(client, payload, **extra):
    return client.post(CONTACT, data=payload, content_type="application/json", **extra)


@pytest.mark.django_db
def test_a_valid_message_is_stored_and_published_in_one_transaction(
    client, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks() as callbacks:
        response = post(client, VALID)

    assert response.status_code == 200
    assert response.json() == {"message": "Your message has been sent successfully!"}
    contact = ContactMessage.objects.get()
    assert (contact.name, contact.email, contact.message) == (VALID["name"], VALID["email"], VALID["message"])
    event = OutboxMessage.objects.get()
    assert event.topic == "contact.received"
    assert event.payload == {"contact_message_id": contact.pk}
    assert event.dispatched_at is None
    assert len(callbacks) == 1  # the relay is enqueued only once the transaction commits


@pytest.mark.django_db
@pytest.mark.parametrize("missing", ["name", "email", "message"])
def test_any_missing_or_blank_field_answers_the_spec_message(client, missing):
    for payload in ({**VALID, missing: "   "}, {k: v for k, v in VALID.items() if k != missing}):
        response = post(client, payload)
        assert response.status_code == 400
        body = response.json()
        assert body["detail"] == "Please fill out all fields."
        assert body["fields"] == {missing: "This field is required."}
    assert not ContactMessage.objects.exists()
    assert not OutboxMessage.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("email", "not-an-email", "Please enter a valid e-mail address."),
        ("email", "a" * 250 + "@example.org", "Please enter a valid e-mail address."),
        ("name", "n" * 151, "Please keep your name under 150 characters."),
        ("message", "m" * 5001, "Please keep your message under 5000 characters."),
    ],
)
def test_invalid_or_oversized_fields_are_refused_with_their_message(client, field, value, message):
    response = post(client, {**VALID, field: value})
    assert response.status_code == 400
    assert response.json()["fields"] == {field: message}
    assert not ContactMessage.objects.exists()


@pytest.mark.django_db
def test_values_are_trimmed():
    contact = contact_message_submit(name="  Ann ", email=" ann@example.org ", message="\n Hello \n")
    assert (contact.name, contact.email, contact.message) == ("Ann", "ann@example.org", "Hello")


@pytest.mark.django_db
def test_service_refuses_blank_input_without_the_api():
    with pytest.raises(ValidationFailed, match=r"Please fill out all fields\."):
        contact_message_submit(name="", email="a@example.org", message="Hi")


@pytest.mark.django_db
def test_a_client_is_throttled_after_the_limit_with_the_envelope(client):
    from services.content import api

    throttle = api.contact_form._ninja_operation.throttle_objects[0]
    limit = throttle.num_requests
    for _ in range(limit):
        assert post(client, VALID).status_code == 200
    response = post(client, VALID)
    assert response.status_code == 429
    assert response.json()["code"] == "throttled"
    assert int(response["Retry-After"]) > 0
    # Another address is not affected.
    assert post(client, VALID, REMOTE_ADDR="10.1.2.3").status_code == 200
    assert ContactMessage.objects.count() == limit + 1


@pytest.mark.django_db
def test_throttle_fails_open_when_the_cache_is_down(client, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr("django.core.cache.cache.get", broken)
    assert post(client, VALID).status_code == 200
    assert "Rate-limit cache unavailable" in caplog.text


@pytest.mark.django_db
def test_the_submit_uses_a_constant_number_of_queries(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        assert post(client, VALID).status_code == 200
