import pytest

from services.content.handlers import send_contact_emails
from services.content.models import ContactMessage
from services.content.services import contact_message_submit
from services.core.errors import ValidationFailed
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.outbox.domain_event import event_from_payload
from services.outbox.models import OutboxMessage

CONTACT = "/api/management/contact-form/"
VALID = {"name": "Aline Uwase", "email": "aline@example.org", "message": "When is the next training?"}


def post(client, payload, **extra):
    return client.post(CONTACT, data=payload, content_type="application/json", **extra)


@pytest.mark.django_db
def test_a_valid_message_is_stored_and_published_in_one_transaction(
    client, django_capture_on_commit_callbacks, monkeypatch
):
    from services.core import queue

    sent = []
    monkeypatch.setattr(queue.app, "send_task", lambda name, args, **options: sent.append((name, list(args))))
    with django_capture_on_commit_callbacks(execute=True):
        response = post(client, VALID)
        assert sent == []  # nothing reaches the broker before the commit

    assert response.status_code == 200
    assert response.json() == {"message": "Your message has been sent successfully!"}
    contact = ContactMessage.objects.get()
    assert (contact.name, contact.email, contact.message) == (VALID["name"], VALID["email"], VALID["message"])
    event = OutboxMessage.objects.get()
    assert event.topic == "contact.received"
    assert event.payload == {"contact_message_id": contact.pk}
    assert sent == [("outbox.relay", [str(event.pk)])]  # the relay is enqueued once it commits


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
        ("name", "n" * 71, "Please keep the name under 70 characters."),
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
def test_the_submit_uses_a_constant_number_of_queries(client, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        assert post(client, VALID).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("name", "Aline\u202eexe.gpj"),  # a right-to-left override that makes a name read backwards
        ("name", "Aline\x00Uwase"),  # NUL: PostgreSQL cannot store it and once answered 500
        ("message", "Hello\x1b[31m"),  # a terminal escape code
        ("email", "aline\u2066@example.org"),
        ("message", "\ud800"),  # a lone surrogate
    ],
)
def test_control_and_direction_characters_are_refused_with_a_field_error(client, field, value):
    response = post(client, {**VALID, field: value})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "forbidden_characters"
    assert body["fields"] == {field: body["detail"]}
    assert not ContactMessage.objects.exists()


@pytest.mark.django_db
def test_tabs_and_line_breaks_are_ordinary_text(client):
    assert post(client, {**VALID, "message": "Line one\r\n\tLine two"}).status_code == 200


@pytest.mark.django_db
def test_a_nul_in_a_query_string_is_a_field_error_not_a_500(client):
    response = client.get("/api/management/public-events/", {"search": "a\x00b"})
    assert response.status_code == 400
    assert response.json()["fields"] == {"search": response.json()["detail"]}


def emails_of(template):
    return [render_email(n) for n in Notification.objects.filter(template=template).order_by("pk")]


def handle_all():
    for message in OutboxMessage.objects.filter(topic="contact.received").order_by("created_at"):
        send_contact_emails(event_from_payload(message.topic, message.payload), message)


@pytest.mark.django_db
def test_the_acknowledgement_repeats_only_the_name_and_staff_get_the_message_as_text(client):
    typed = {
        "name": "Anne-Marie O'Brien & Sons",
        "email": "anne@example.org",
        "message": 'Win a prize at <a href="https://evil.example/phish">our site</a> & more',
    }
    assert post(client, typed).status_code == 200
    handle_all()

    [ack] = emails_of("contact_acknowledgement")
    html = ack.alternatives[0][0]
    assert "Anne-Marie O'Brien & Sons" in ack.body and "Anne-Marie O&#x27;Brien &amp; Sons" in html
    for part in (ack.body, html, ack.subject):
        assert "evil.example" not in part and "prize" not in part

    [notice] = emails_of("contact_notice")
    assert notice.subject == "New contact message from Anne-Marie O'Brien & Sons"
    assert typed["message"] in notice.body  # plain text shows it as typed
    notice_html = notice.alternatives[0][0]
    assert "&lt;a href=&quot;https://evil.example/phish&quot;&gt;" in notice_html
    assert '<a href="https://evil.example' not in notice_html
    assert notice.reply_to == ["anne@example.org"]


@pytest.mark.django_db
def test_at_most_a_few_acknowledgements_go_to_one_address_a_day(client, settings):
    settings.CONTACT_ACKS_PER_DAY = 3
    for number in range(5):
        post(client, {**VALID, "email": "Target@Example.org" if number % 2 else "target@example.org"})
    handle_all()
    assert Notification.objects.filter(template="contact_notice").count() == 5  # staff see every message
    assert Notification.objects.filter(template="contact_acknowledgement").count() == 3


@pytest.mark.django_db
def test_the_daily_cap_counts_an_address_as_mail_servers_deliver_it(client, settings):
    """Capitals and +tags reach one inbox: a script varying them gets no more acknowledgements."""
    settings.CONTACT_ACKS_PER_DAY = 3
    variants = [
        "Bob+1@Example.org",
        "bob+2@example.org",
        "BOB@example.org",
        "bob+x+y@EXAMPLE.ORG",
        "bob@example.org",
    ]
    for address in variants:
        assert post(client, {**VALID, "email": address}).status_code == 200
    post(client, {**VALID, "email": "bobby@example.org"})  # another mailbox, counted apart
    handle_all()
    sent = Notification.objects.filter(template="contact_acknowledgement").order_by("pk")
    assert list(sent.values_list("recipient", flat=True)) == [*variants[:3], "bobby@example.org"]
