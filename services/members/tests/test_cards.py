"""The membership card and its public verification (docs/members.md, Membership card and
verification): the code unguessable and kept hashed, the verify answer holding nothing private,
one 404 for any unknown code, a lapsed member verified as Lapsed, its limit, the PDF card, the
welcome e-mail carrying it, and the desk's download for staff only."""

import contextlib
import email
import importlib
import io
from datetime import date, datetime, time

import pytest
from django.apps import apps as django_apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from pypdf import PdfReader

from services.core.errors import NotFound
from services.members import verification
from services.members.cards import membership_card_pdf, printable
from services.members.models import Member
from services.members.verification import card_code, card_codes_issue_missing, membership_number
from services.notifications.models import Notification
from services.notifications.services import notification_send, render_email
from services.registrations.tests.helpers import deliver_all

from .helpers import apply, make_member

pytestmark = pytest.mark.django_db
MEMBERS = "/api/management/members/"
VERIFY_KEYS = {"kind", "name", "membership_number", "membership_type", "standing", "valid_until"}


def _freeze(monkeypatch, day: date) -> None:
    moment = timezone.make_aware(datetime.combine(day, time(9)))
    monkeypatch.setattr(timezone, "now", lambda: moment)


def approved(staff_client, i: int = 1, **fields) -> Member:
    member = make_member(i, **fields)
    assert staff_client.post(f"{MEMBERS}{member.pk}/approve/").status_code == 200
    member.refresh_from_db()
    return member


def verify(client, code: str):
    return client.get(f"/api/verify/{code}/")


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def pdf_links(content: bytes) -> list[str]:
    page = PdfReader(io.BytesIO(content)).pages[0]
    return [a.get_object()["/A"]["/URI"] for a in page.get("/Annots", [])]


def test_approval_gives_a_code_of_144_random_bits_kept_only_hashed_and_sealed(staff_client):
    member = approved(staff_client)
    code = card_code(member)
    assert len(code) == 24 and code.replace("-", "").replace("_", "").isalnum()  # 18 bytes, URL-safe
    assert member.verify_code_hash != code and len(member.verify_code_hash) == 64
    assert code not in member.verify_code_sealed
    # Each member their own; approved again after a rejection: the same card.
    other = approved(staff_client, 2)
    assert card_code(other) != code
    staff_client.post(f"{MEMBERS}{member.pk}/reject/")
    staff_client.post(f"{MEMBERS}{member.pk}/approve/")
    member.refresh_from_db()
    assert card_code(member) == code
    # A pending application has none.
    assert make_member(3).verify_code_hash is None


def test_the_audit_trail_records_no_form_of_the_code(staff_client):
    from services.audit.models import Entry

    member = approved(staff_client)
    entries = list(Entry.objects.filter(object_id=member.pk).values_list("changes", flat=True))
    assert entries  # the approval is in the trail
    assert "verify_code" not in str(entries)
    assert member.verify_code_sealed not in str(entries)


def test_verify_answers_the_cards_facts_and_nothing_private(client, staff_client, monkeypatch):
    _freeze(monkeypatch, date(2027, 3, 1))
    member = approved(staff_client, full_name="Émilie Uwase", membership_type="Individual")
    response = verify(client, card_code(member))
    assert response.status_code == 200
    body = response.json()
    assert set(body) == VERIFY_KEYS
    assert body == {
        "kind": "membership",
        "name": "Émilie Uwase",
        "membership_number": member.membership_number,
        "membership_type": "Individual",
        "standing": "Active",
        "valid_until": "2028-02-29",
    }
    text = response.content.decode()
    for private in (member.email, member.phone, "1985-01-01", member.address):
        assert private not in text
    assert response["Cache-Control"] == "no-store"


def test_an_unknown_or_altered_code_is_one_404_that_tells_nothing(client, staff_client):
    code = card_code(approved(staff_client))
    altered = code[:-1] + ("A" if code[-1] != "A" else "B")
    answers = [verify(client, c) for c in (altered, "x" * 24, "nothing", "x" * 65)]
    assert {r.status_code for r in answers} == {404}
    assert len({r.content for r in answers}) == 1
    assert answers[0].json()["code"] == "verification_not_found"
    # A member no longer approved: the card stands for nothing, the same 404.
    rejected = approved(staff_client, 2)
    staff_client.post(f"{MEMBERS}{rejected.pk}/reject/")
    assert verify(client, card_code(rejected)).content == answers[0].content


@pytest.mark.parametrize(
    ("day", "standing"),
    [
        (date(2028, 1, 29), "Active"),
        (date(2028, 1, 30), "Expiring"),
        (date(2028, 2, 29), "Expiring"),
        (date(2028, 3, 1), "Grace"),
        (date(2028, 3, 30), "Grace"),
        (date(2028, 3, 31), "Lapsed"),
    ],
)
def test_the_standing_is_todays_and_a_lapsed_member_verifies_as_lapsed(
    client, staff_client, monkeypatch, day, standing
):
    _freeze(monkeypatch, date(2027, 3, 1))  # a year to 29 February 2028
    code = card_code(approved(staff_client))
    _freeze(monkeypatch, day)
    body = verify(client, code).json()
    assert (body["standing"], body["valid_until"]) == (standing, "2028-02-29")


def test_verify_has_its_own_limit(client, staff_client, settings):
    code = card_code(approved(staff_client))
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "verify": "2/h"}
    assert verify(client, code).status_code == 200
    assert verify(client, "not-a-code").status_code == 404  # wrong codes count too
    limited = verify(client, code)
    assert limited.status_code == 429
    assert limited.json()["code"]  # the error envelope


def test_a_lookup_is_one_query_whatever_the_code(client, staff_client):
    code = card_code(approved(staff_client))
    for presented, kinds in ((code, 1), ("A" * 24, len(verification._kinds))):
        # The unknown one's 404 suppressed: only the statements count (one per kind: a card's,
        # a CPD certificate's).
        with CaptureQueriesContext(connection) as queries, contextlib.suppress(NotFound):
            verification.verification_answer(presented)
        assert len(queries) == kinds


def test_the_pdf_card_shows_the_member_and_links_its_verify_address(staff_client, settings, monkeypatch):
    settings.FRONTEND_URL = "https://cards.example.rw"
    _freeze(monkeypatch, date(2027, 3, 1))
    member = approved(staff_client, full_name="Jean-Baptiste Nshimiyimana Habyarimana", language="fr")
    content = membership_card_pdf(member)
    assert content.startswith(b"%PDF")
    url = f"https://cards.example.rw/verify/{card_code(member)}"
    text = pdf_text(content)
    for shown in ("Jean-Baptiste", "Nshimiyimana", member.membership_number, "2028-02-29", url):
        assert shown in text
    assert settings.ASSOCIATION["name"].split()[0] in text
    assert pdf_links(content) == [url, url]  # the QR code and the address, both links
    page = PdfReader(io.BytesIO(content)).pages[0]
    width, height = float(page.mediabox.width), float(page.mediabox.height)
    assert (round(width / 72 * 25.4, 1), round(height / 72 * 25.4, 1)) == (85.6, 54.0)  # a bank card
    assert membership_card_pdf(member) == content  # deterministic


def test_letters_the_standard_fonts_lack_lose_their_accent_not_the_letter():
    assert printable("Émilie Œuvre") == "Émilie Œuvre"  # in the fonts' encoding: kept
    assert printable("Ngā Ştefan") == "Nga Stefan"
    assert printable("ŋ") == "?"


def test_membership_number_falls_back_to_the_member_id(staff_client):
    member = make_member(1)
    assert membership_number(member) == f"#{member.pk}"
    other = approved(staff_client, 2)
    assert membership_number(other) == other.membership_number and other.membership_number


def test_the_welcome_email_carries_the_card(client, staff_client, settings):
    settings.FRONTEND_URL = "https://cards.example.rw"
    member_id = apply(client).json()["member"]["id"]
    staff_client.post(f"{MEMBERS}{member_id}/approve/")
    deliver_all()
    notification = Notification.objects.get(template="member_approved")
    code = card_code(Member.objects.get(pk=member_id))
    assert code not in str(notification.context)  # the e-mail keeps the member's id, no code
    rendered = render_email(notification)
    assert "membership card is attached" in rendered.body

    assert notification_send(notification_id=notification.pk).status == "sent"
    from django.core import mail

    (sent,) = mail.outbox
    parsed = email.message_from_bytes(sent.message().as_bytes())
    [card] = [p for p in parsed.walk() if p.get_content_type() == "application/pdf"]
    assert card.get_content_disposition() == "attachment" and card.get_filename() == "membership-card.pdf"
    content = card.get_payload(decode=True)
    assert content.startswith(b"%PDF") and f"https://cards.example.rw/verify/{code}" in pdf_text(content)


def test_the_welcome_email_of_an_erased_member_goes_without_a_card(client, staff_client):
    member_id = apply(client).json()["member"]["id"]
    staff_client.post(f"{MEMBERS}{member_id}/approve/")
    deliver_all()
    notification = Notification.objects.get(template="member_approved")
    Member.objects.filter(pk=member_id).update(verify_code_sealed="")
    assert not [a for a in render_email(notification).attachments if a[0] == "membership-card.pdf"]


def test_staff_download_a_members_card_and_nobody_else_can(client, staff_client):
    member = approved(staff_client)
    response = staff_client.get(f"{MEMBERS}{member.pk}/card.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF") and member.full_name in pdf_text(response.content)
    assert "no-store" in response["Cache-Control"]
    pending = make_member(2)
    refused = staff_client.get(f"{MEMBERS}{pending.pk}/card.pdf")
    assert (refused.status_code, refused.json()["code"]) == (409, "no_card")
    assert staff_client.get(f"{MEMBERS}999999/card.pdf").status_code == 404

    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    client.defaults.pop("HTTP_AUTHORIZATION")
    assert client.get(f"{MEMBERS}{member.pk}/card.pdf").status_code == 401
    tokens = token_pair_issue(user=make_user("member", staff=False))
    not_staff = client.get(f"{MEMBERS}{member.pk}/card.pdf", HTTP_AUTHORIZATION=f"Bearer {tokens.access}")
    assert not_staff.status_code == 403


def test_members_approved_before_cards_get_a_code_in_batches(staff_client):
    old = [make_member(i, approval_status="Approved", membership_number=f"2025-{i:04d}") for i in range(1, 8)]
    pending = make_member(9)
    with CaptureQueriesContext(connection) as queries:
        assert card_codes_issue_missing(batch=3) == 7
    assert len(queries) <= 3 * 4 + 1  # a read and an update per batch, whatever the members
    codes = {card_code(Member.objects.get(pk=m.pk)) for m in old}
    assert len(codes) == 7 and None not in codes
    assert Member.objects.get(pk=pending.pk).verify_code_hash is None
    assert card_codes_issue_missing() == 0
    late = make_member(10, approval_status="Approved")
    migration = importlib.import_module("services.members.migrations.0009_member_verify_codes")
    migration.issue_codes(django_apps, None)
    assert card_code(Member.objects.get(pk=late.pk))
