"""A member's own page without a password: the sign-in link, the member session and its reach,
and what the member may read and change (docs/members.md, A member's own page)."""

import re
from datetime import date, timedelta

import pytest
from django.core import mail
from django.utils import timezone

from services.core.tests.test_api_security import MEMBER_ROUTES, STAFF_ROUTES
from services.members.models import Member, MemberSession, MemberSignInLink
from services.members.verification import card_code, card_code_issue
from services.notifications.models import Notification
from services.notifications.services import notification_send
from services.outbox.models import OutboxMessage

from .helpers import LINK, SESSION, approved, bearer, link_token, make_member, post, run_handlers, signed_in

MINE = "/api/my-membership/"
SAME_ANSWER = {
    "message": "If this address belongs to a member, a sign-in link is on its way. It works for 15 minutes."
}


def _freeze(monkeypatch, moment):
    monkeypatch.setattr(timezone, "now", lambda: moment)


@pytest.mark.django_db
def test_any_address_gets_the_same_answer_and_only_an_approved_member_a_link(client):
    member = approved(1, language="fr")
    lapsed = approved(2)
    Member.objects.filter(pk=lapsed.pk).update(membership_end=date(2020, 1, 1))
    make_member(3)  # pending
    make_member(4, approval_status=Member.Approval.REJECTED)
    emails = ("M1@example.org", "m2@example.org", "m3@example.org", "m4@example.org", "nobody@example.org")
    for email in emails:
        response = post(client, LINK, {"email": email})
        assert (response.status_code, response.json()) == (200, SAME_ANSWER)
    # The request does the same work whatever the address: one outbox row each.
    assert [m.payload for m in OutboxMessage.objects.order_by("created_at")] == [{"email": e} for e in emails]

    run_handlers()
    sent = Notification.objects.filter(template="member_sign_in")
    assert sorted(sent.values_list("recipient", "language")) == [
        ("m1@example.org", "fr"),
        ("m2@example.org", "en"),
    ]
    assert MemberSignInLink.objects.filter(member=member).count() == 1


@pytest.mark.django_db
def test_a_request_handled_twice_keeps_the_link_already_e_mailed_working(client):
    member = approved(1)
    post(client, LINK, {"email": member.email})
    token = link_token(member)
    run_handlers()  # the same request again (a redelivery): no second e-mail, no second link
    assert Notification.objects.filter(template="member_sign_in").count() == 1
    assert MemberSignInLink.objects.filter(member=member).count() == 1
    assert post(client, SESSION, {"token": token}).status_code == 200


@pytest.mark.django_db
def test_a_bad_address_answers_the_envelope(client):
    assert post(client, LINK, {"email": " "}).status_code == 400
    response = post(client, LINK, {"email": "not an address"})
    assert (response.status_code, response.json()["code"]) == (400, "validation_error")
    assert post(client, LINK, {"email": "a\u0000b@example.org"}).status_code == 400
    assert not OutboxMessage.objects.exists()


@pytest.mark.django_db
def test_five_links_an_hour_per_address_and_per_client_address(client):
    for _ in range(5):
        assert post(client, LINK, {"email": "Someone@example.org"}).status_code == 200
    refused = post(client, LINK, {"email": " someone@EXAMPLE.org"}, REMOTE_ADDR="10.0.0.9")
    assert (refused.status_code, refused.json()["code"]) == (429, "throttled")
    # Another address from another client is let through; the first client has used its five.
    assert post(client, LINK, {"email": "other@example.org"}, REMOTE_ADDR="10.0.0.9").status_code == 200
    assert post(client, LINK, {"email": "third@example.org"}).status_code == 429


@pytest.mark.django_db
def test_the_link_is_e_mailed_stored_hashed_in_the_fragment_and_scrubbed(client, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.FRONTEND_URL = "https://portal.example.org"
    member = approved(1)
    post(client, LINK, {"email": member.email})
    token = link_token(member)
    assert len(token) >= 43  # 32 random bytes: 256 bits

    stored = MemberSignInLink.objects.get()
    assert stored.token_hash != token and len(stored.token_hash) == 64
    assert (stored.expires_at - stored.created_at) <= timedelta(minutes=15)
    notification = Notification.objects.get(template="member_sign_in")
    notification_send(notification_id=notification.pk)
    assert f"https://portal.example.org/my-membership#token={token}" in mail.outbox[0].body
    assert mail.outbox[0].to == [member.email]
    notification.refresh_from_db()
    assert token not in str(notification.context)


@pytest.mark.django_db
def test_a_link_opens_one_session_once(client):
    member = approved(1)
    post(client, LINK, {"email": member.email})
    token = link_token(member)
    opened = post(client, SESSION, {"token": token})
    assert opened.status_code == 200
    access = opened.json()["access"]
    assert access != token and MemberSession.objects.get().token_hash != access

    again = post(client, SESSION, {"token": token})
    assert (again.status_code, again.json()["code"]) == (400, "invalid_token")
    for forged in ("", "nope", token[:-1] + ("A" if token[-1] != "A" else "B"), "x" * 500):
        response = post(client, SESSION, {"token": forged})
        assert (response.status_code, response.json()["code"]) == (400, "invalid_token")
    assert client.get(MINE, **bearer(access)).json()["membership_number"] == "2026-0001"


@pytest.mark.django_db
def test_a_link_expires_after_15_minutes(client, monkeypatch):
    member = approved(1)
    start = timezone.now()
    _freeze(monkeypatch, start)
    post(client, LINK, {"email": member.email})
    token = link_token(member)
    _freeze(monkeypatch, start + timedelta(minutes=15, seconds=1))
    assert post(client, SESSION, {"token": token}).status_code == 400

    OutboxMessage.objects.all().delete()
    _freeze(monkeypatch, start)
    post(client, LINK, {"email": member.email})
    token = link_token(member)
    _freeze(monkeypatch, start + timedelta(minutes=14, seconds=59))
    assert post(client, SESSION, {"token": token}).status_code == 200


@pytest.mark.django_db
def test_a_session_ends_after_24_hours_and_on_sign_out(client, monkeypatch):
    member = approved(1)
    start = timezone.now()
    _freeze(monkeypatch, start)
    first = signed_in(client, member)
    second = signed_in(client, member)
    _freeze(monkeypatch, start + timedelta(hours=23, minutes=59))
    assert client.get(MINE, **bearer(first)).status_code == 200
    _freeze(monkeypatch, start + timedelta(hours=24, seconds=1))
    expired = client.get(MINE, **bearer(first))
    assert (expired.status_code, expired.json()["code"]) == (401, "not_authenticated")

    _freeze(monkeypatch, start)
    assert post(client, "/api/my-membership/sign-out/", **bearer(first)).status_code == 200
    # Signing out ends every session of the member.
    assert client.get(MINE, **bearer(second)).status_code == 401
    assert post(client, "/api/my-membership/sign-out/", **bearer(first)).status_code == 401


@pytest.mark.django_db
def test_a_session_ends_when_the_member_is_no_longer_approved(client):
    member = approved(1)
    access = signed_in(client, member)
    Member.objects.filter(pk=member.pk).update(approval_status=Member.Approval.REJECTED)
    assert client.get(MINE, **bearer(access)).status_code == 401


@pytest.mark.django_db
def test_a_member_token_reaches_no_staff_route(client):
    access = signed_in(client, approved(1))
    for method, path in STAFF_ROUTES:
        url = re.sub(r"\{[^}]+\}", "1", path)
        response = client.generic(method, url, data="{}", content_type="application/json", **bearer(access))
        assert response.status_code in (401, 403), f"{method} {path} answered {response.status_code}"


@pytest.mark.django_db
def test_a_staff_token_reaches_no_member_route(staff_client):
    for method, path in MEMBER_ROUTES:
        url = re.sub(r"\{[^}]+\}", "1", path)  # a certificate's id
        response = staff_client.generic(method, url, data="{}", content_type="application/json")
        assert response.status_code == 401, f"{method} {path} answered {response.status_code}"


@pytest.mark.django_db
def test_a_member_sees_and_changes_only_their_own_data(client, django_assert_max_num_queries):
    member = approved(1, language="rw")
    other = approved(2)
    others = (other.phone, other.address)
    access = signed_in(client, member)
    with django_assert_max_num_queries(4):  # the session with the member, the periods, the CPD credits
        mine = client.get(MINE, **bearer(access))
    body = mine.json()
    assert mine.status_code == 200 and "no-store" in mine["Cache-Control"]
    assert body["email"] == member.email and body["standing"] == "Active"
    assert body["membership_end"] == member.membership_end.isoformat()
    assert body["periods"] == [
        {"start": p.start.isoformat(), "end": p.end.isoformat()} for p in member.periods.all()
    ]
    assert body["cpd"] == {"years": [], "credits": []}
    assert body["language"] == "rw"
    assert body["consents"]["terms"] is True

    changed = client.patch(
        MINE,
        data={"phone": "0788 111 222", "address": "KG 7 Ave", "language": "fr", "id": other.pk},
        content_type="application/json",
        **bearer(access),
    )
    assert changed.status_code == 200, changed.json()
    assert (changed.json()["phone"], changed.json()["address"]) == ("+250788111222", "KG 7 Ave")
    member.refresh_from_db()
    other.refresh_from_db()
    assert (member.phone, member.language) == ("+250788111222", "fr")
    assert (other.phone, other.address) == others


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"phone": "12"}, "phone"),
        ({"address": "x" * 301}, "address"),
        ({"language": "de"}, "language"),
        ({"phone": 5}, "phone"),
        ({"preferred_communication_language": "y" * 101}, "preferred_communication_language"),
    ],
)
def test_a_wrong_change_answers_the_envelope_on_its_field(client, payload, field):
    member = approved(1)
    access = signed_in(client, member)
    response = client.patch(MINE, data=payload, content_type="application/json", **bearer(access))
    assert response.status_code == 400
    assert field in response.json()["fields"], response.json()
    assert Member.objects.get(pk=member.pk).phone == member.phone


@pytest.mark.django_db
def test_control_characters_are_refused(client):
    access = signed_in(client, approved(1))
    response = client.patch(
        MINE, data='{"address": "Kigali\\u0007"}', content_type="application/json", **bearer(access)
    )
    assert response.status_code == 400


@pytest.mark.django_db
def test_the_export_holds_the_member_and_their_periods(client, django_assert_max_num_queries):
    member = approved(1)
    access = signed_in(client, member)
    # session, periods, CPD credits, the interpreter profile, offers and hours, the audit entry
    with django_assert_max_num_queries(8):
        response = client.get(f"{MINE}export/", **bearer(access))
    assert response.status_code == 200
    assert "attachment" in response["Content-Disposition"]
    data = response.json()
    assert data["member"]["email"] == member.email and "decided_by_id" not in data["member"]
    assert [p["start"] for p in data["periods"]] == [p.start.isoformat() for p in member.periods.all()]


@pytest.mark.django_db
def test_a_closure_request_is_recorded_once_and_staff_see_it(client, staff_client):
    member = approved(1)
    access = signed_in(client, member)
    first = post(client, f"{MINE}close/", **bearer(access)).json()["closure_requested_at"]
    assert first is not None
    assert post(client, f"{MINE}close/", **bearer(access)).json()["closure_requested_at"] == first
    staff_view = staff_client.get(f"/api/management/members/{member.pk}/").json()
    assert staff_view["closure_requested_at"] == first


@pytest.mark.django_db
def test_ended_links_and_sessions_are_purged(client, monkeypatch):
    from services.members.my_membership import sign_in_links_purge

    member = approved(1)
    start = timezone.now()
    _freeze(monkeypatch, start)
    signed_in(client, member)
    post(client, LINK, {"email": member.email})
    link_token(member)
    assert sign_in_links_purge() == 0
    _freeze(monkeypatch, start + timedelta(hours=25))
    assert sign_in_links_purge() == 3  # both links, the session
    assert not MemberSignInLink.objects.exists() and not MemberSession.objects.exists()


@pytest.mark.django_db
def test_erasing_the_member_erases_their_sign_in_e_mails_links_and_sessions(client, staff_client):
    member = approved(1)
    access = signed_in(client, member)
    assert Notification.objects.filter(template="member_sign_in").exists()
    assert staff_client.delete(f"/api/management/members/{member.pk}/").status_code == 200
    assert not Notification.objects.filter(template="member_sign_in").exists()
    assert not MemberSession.objects.exists() and not MemberSignInLink.objects.exists()
    assert client.get(MINE, **bearer(access)).status_code == 401


@pytest.mark.django_db
def test_a_member_downloads_their_card_and_sees_what_its_qr_code_opens(client, settings):
    settings.FRONTEND_URL = "https://portal.example.org"
    member = approved(1)
    access = signed_in(client, member)
    # No card yet (a code is given at approval: this member was made without one).
    assert client.get(MINE, **bearer(access)).json()["card_verify_url"] is None
    refused = client.get(f"{MINE}card.pdf", **bearer(access))
    assert (refused.status_code, refused.json()["code"]) == (409, "no_card")

    card_code_issue(member)
    member.save(update_fields=["verify_code_hash", "verify_code_sealed"])
    url = client.get(MINE, **bearer(access)).json()["card_verify_url"]
    assert url == f"https://portal.example.org/verify/{card_code(member)}"
    card = client.get(f"{MINE}card.pdf", **bearer(access))
    assert card.status_code == 200 and card["Content-Type"] == "application/pdf"
    assert card.content.startswith(b"%PDF") and "no-store" in card["Cache-Control"]
    assert client.get(f"{MINE}card.pdf").status_code == 401  # no token, no card
