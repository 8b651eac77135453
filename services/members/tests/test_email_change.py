"""A member changes their e-mail address from their own page: a single-use link to the new
address confirms it; the old address is told (docs/members.md, Changing the e-mail address)."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from services.audit.models import Entry
from services.members.handlers import send_member_email_change_link, send_member_email_changed
from services.members.models import Member, MemberEmailChange
from services.notifications.models import Notification
from services.notifications.services import notification_send
from services.outbox.domain_event import event_from_payload
from services.outbox.models import OutboxMessage

from .helpers import make_member
from .test_my_membership import MINE, _freeze, approved, bearer, post, signed_in

CHANGE = "/api/my-membership/email-change/"
CONFIRM = "/api/my-membership/email-change/confirm/"
HANDLERS = {
    "member_email_change.requested": send_member_email_change_link,
    "member.email_changed": send_member_email_changed,
}


def run_handlers():
    """As the worker would: each stored e-mail-change event through its handler (a redelivery
    writes nothing twice: one e-mail per message, and a link's token is drawn once)."""
    for message in OutboxMessage.objects.filter(topic__in=HANDLERS).order_by("created_at"):
        HANDLERS[message.topic](event_from_payload(message.topic, message.payload), message)


def confirm_token(email: str) -> str:
    run_handlers()
    notification = Notification.objects.filter(template="member_email_change", recipient=email).latest("pk")
    return notification.context["confirm_url"].rsplit("#token=", 1)[1]


@pytest.mark.django_db
def test_the_address_changes_only_when_the_link_to_the_new_one_is_opened(client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.FRONTEND_URL = "https://portal.example.org"
    member = approved(1, language="fr")
    access = signed_in(client, member)
    old = member.email

    asked = post(client, CHANGE, {"email": " New.Address@Example.org "}, **bearer(access))
    assert asked.status_code == 200, asked.json()
    # Nothing changes yet: the page keeps the old address and shows the one waiting.
    assert (asked.json()["email"], asked.json()["pending_email"]) == (old, "New.Address@Example.org")
    assert client.get(MINE, **bearer(access)).json()["pending_email"] == "New.Address@Example.org"
    assert Member.objects.get(pk=member.pk).email == old

    token = confirm_token("New.Address@Example.org")
    assert len(token) >= 43  # 256 random bits
    stored = MemberEmailChange.objects.get()
    assert stored.token_hash != token and len(stored.token_hash) == 64
    sent = Notification.objects.get(template="member_email_change")
    assert (sent.recipient, sent.language) == ("New.Address@Example.org", "fr")
    notification_send(notification_id=sent.pk)
    body = mail.outbox[0].body
    assert f"https://portal.example.org/my-membership/email#token={token}" in body
    # Nothing the member typed goes to the unconfirmed address: not their name, nor old address.
    assert member.full_name not in body and old not in body and member.membership_number in body
    sent.refresh_from_db()
    assert token not in str(sent.context)

    confirmed = post(client, CONFIRM, {"token": token})
    assert confirmed.status_code == 200, confirmed.json()
    assert confirmed.json()["email"] == "New.Address@Example.org"
    member.refresh_from_db()
    assert member.email == "New.Address@Example.org"
    mine = client.get(MINE, **bearer(access)).json()
    assert (mine["email"], mine["pending_email"]) == ("New.Address@Example.org", None)

    # The trail records the change (the addresses masked as personal values).
    entry = Entry.objects.get(verb="member.email_changed")
    assert (entry.object_type, entry.object_id) == ("member", member.pk)
    assert entry.changes["email"] == [old, "New.Address@Example.org"]

    # The old address is told, and whom to write to.
    run_handlers()
    told = Notification.objects.get(template="member_email_changed")
    assert told.recipient == old
    notification_send(notification_id=told.pk)
    text = mail.outbox[-1].body
    assert "New.Address@Example.org" in text and settings.ASSOCIATION["email"] in text

    # The link works once.
    again = post(client, CONFIRM, {"token": token})
    assert (again.status_code, again.json()["code"]) == (400, "invalid_token")


@pytest.mark.django_db
def test_forged_expired_and_replaced_links_are_refused(client, monkeypatch):
    member = approved(1)
    access = signed_in(client, member)
    for forged in ("", "nope", "x" * 500, 5, None):
        response = post(client, CONFIRM, {"token": forged})
        assert response.status_code == 400
        assert response.json()["code"] in ("invalid_token", "validation_error")

    start = timezone.now()
    _freeze(monkeypatch, start)
    post(client, CHANGE, {"email": "first@example.org"}, **bearer(access))
    first = confirm_token("first@example.org")
    altered = first[:-1] + ("A" if first[-1] != "A" else "B")
    assert post(client, CONFIRM, {"token": altered}).status_code == 400
    # A later change replaces the earlier: its link stops working.
    post(client, CHANGE, {"email": "second@example.org"}, **bearer(access))
    second = confirm_token("second@example.org")
    assert post(client, CONFIRM, {"token": first}).json()["code"] == "invalid_token"
    _freeze(monkeypatch, start + timedelta(hours=24, seconds=1))
    expired = post(client, CONFIRM, {"token": second})
    assert (expired.status_code, expired.json()["code"]) == (400, "invalid_token")
    assert Member.objects.get(pk=member.pk).email == member.email
    assert client.get(MINE, **bearer(signed_in(client, member))).json()["pending_email"] is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("email", "message"),
    [
        ("", "This field is required."),
        ("not an address", "Please enter a valid e-mail address."),
        ("a\u0000b@example.org", "This text contains characters that are not allowed"),
        ("M1@EXAMPLE.org", "This is already the e-mail address of your membership."),
        (7, "Must be text."),
    ],
)
def test_a_wrong_new_address_answers_the_envelope(client, email, message):
    member = approved(1)
    access = signed_in(client, member)
    response = post(client, CHANGE, {"email": email}, **bearer(access))
    assert response.status_code == 400, response.content
    assert response.json()["fields"]["email"].startswith(message)
    assert not MemberEmailChange.objects.exists()


@pytest.mark.django_db
def test_an_address_another_member_has_is_refused_when_the_link_is_opened(client):
    member = approved(1)
    other = approved(2)
    access = signed_in(client, member)
    # The same answer as for a free address: the form tells nobody who is a member.
    asked = post(client, CHANGE, {"email": other.email.upper()}, **bearer(access))
    assert asked.status_code == 200
    token = confirm_token(other.email.upper())
    refused = post(client, CONFIRM, {"token": token})
    assert (refused.status_code, refused.json()["code"]) == (409, "email_taken")
    assert "already belongs to a membership" in refused.json()["detail"]
    assert Member.objects.get(pk=member.pk).email == member.email
    # A pending application holds its address too; and the refused link is spent.
    make_member(3, email="pending@example.org")
    post(client, CHANGE, {"email": "free@example.org"}, **bearer(access))
    token = confirm_token("free@example.org")
    Member.objects.filter(pk=other.pk).update(email="FREE@example.org")
    assert post(client, CONFIRM, {"token": token}).json()["code"] == "email_taken"
    assert post(client, CONFIRM, {"token": token}).json()["code"] == "invalid_token"
    assert not Notification.objects.filter(template="member_email_changed").exists()


@pytest.mark.django_db
def test_a_link_of_a_member_no_longer_approved_is_refused(client):
    member = approved(1)
    access = signed_in(client, member)
    post(client, CHANGE, {"email": "new@example.org"}, **bearer(access))
    token = confirm_token("new@example.org")
    Member.objects.filter(pk=member.pk).update(approval_status=Member.Approval.REJECTED)
    assert post(client, CONFIRM, {"token": token}).status_code == 400


@pytest.mark.django_db
def test_five_changes_an_hour_per_new_address(client):
    members = [approved(i) for i in range(1, 3)]
    first, second = (signed_in(client, m) for m in members)
    for _ in range(5):
        assert post(client, CHANGE, {"email": "target@example.org"}, **bearer(first)).status_code == 200
    refused = post(client, CHANGE, {"email": " TARGET@example.org"}, REMOTE_ADDR="10.0.0.7", **bearer(second))
    assert (refused.status_code, refused.json()["code"]) == (429, "throttled")
    # The first client has used its five changes, whatever the address.
    assert post(client, CHANGE, {"email": "other@example.org"}, **bearer(first)).status_code == 429


@pytest.mark.django_db
def test_the_change_needs_a_member_session(client):
    assert post(client, CHANGE, {"email": "new@example.org"}).status_code == 401
    assert not OutboxMessage.objects.exists()


@pytest.mark.django_db
def test_erasing_the_member_erases_the_change_and_its_e_mails(client, staff_client):
    member = approved(1)
    access = signed_in(client, member)
    post(client, CHANGE, {"email": "new@example.org"}, **bearer(access))
    token = confirm_token("new@example.org")
    assert post(client, CONFIRM, {"token": token}).status_code == 200
    run_handlers()
    assert Notification.objects.filter(template__startswith="member_email_change").count() == 2
    assert staff_client.delete(f"/api/management/members/{member.pk}/").status_code == 200
    assert not Notification.objects.filter(template__startswith="member_email_change").exists()
    assert not MemberEmailChange.objects.exists()


@pytest.mark.django_db
def test_erasing_an_address_erases_a_change_waiting_for_it(client, staff_client):
    member = approved(1)
    access = signed_in(client, member)
    post(client, CHANGE, {"email": "Stranger@example.org"}, **bearer(access))
    confirm_token("Stranger@example.org")
    erased = post(staff_client, "/api/management/personal-data/erase/", {"email": "stranger@example.org"})
    assert erased.status_code == 200
    assert not MemberEmailChange.objects.exists()
    assert not Notification.objects.filter(recipient__iexact="stranger@example.org").exists()
    assert Member.objects.get(pk=member.pk).email == member.email


@pytest.mark.django_db
def test_the_contact_form_never_changes_the_address(client):
    member = approved(1)
    access = signed_in(client, member)
    changed = client.patch(
        MINE,
        data={"email": "sneaky@example.org", "address": "KG 9 Ave"},
        content_type="application/json",
        **bearer(access),
    )
    assert changed.status_code == 200
    assert (changed.json()["email"], changed.json()["address"]) == (member.email, "KG 9 Ave")
    assert changed.json()["pending_email"] is None and not MemberEmailChange.objects.exists()
