"""CPD hours and certificates (docs/members.md): credited once, only once the event is Completed,
only to checked-in members (e-mail in any capitals); certificates that verify what they print and
nothing else; credits by hand and revocation by staff, with the envelope for bad input; the
member's own CPD answer, the statement, and the report's CSV in a fixed number of queries."""

import io
from datetime import date, timedelta

import pytest
from django.utils import timezone
from pypdf import PdfReader

from services.cpd.crediting import cpd_sweep, event_cpd_credit
from services.events.models import Event
from services.events.tests.factories import make_event
from services.members.cpd import certificate_code
from services.members.models import CpdCredit, Member
from services.members.tests.test_my_membership import approved, bearer, signed_in
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.outbox.models import OutboxMessage
from services.registrations.models import CheckIn, Registration
from services.registrations.tests.helpers import deliver_all
from services.registrations.tickets import new_ticket

pytestmark = pytest.mark.django_db
EVENTS = "/api/management/events/"
MINE = "/api/my-membership/"


def pdf_text(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def attendee(
    event, i: int, email: str, *, checked_in: bool = True, full_name: str = "", membership_number: str = ""
) -> Registration:
    registration = Registration.objects.create(
        event=event,
        full_name=full_name or f"Person {i}",
        membership_number=membership_number,
        email=email,
        phone=f"+2507880{i:05d}",
        preferred_language="English",
        registration_status=Registration.Status.APPROVED,
        payment_reference=f"T{i:05d}",
    )
    ticket = new_ticket(registration.pk)
    ticket.save()
    if checked_in:
        CheckIn.objects.create(ticket=ticket, scanned_at=timezone.now(), device="door-1", nonce=f"n{i}")
    return registration


def cpd_event(**fields) -> Event:
    values = {"days_ahead": -1, "cpd_hours": "3.50", "cpd_category": "Ethics and professional practice"}
    return make_event("Ethics in court interpreting", **{**values, **fields})


def complete(staff_client, event) -> None:
    answer = staff_client.post(
        f"{EVENTS}{event.pk}/change-status/", data={"status": "Completed"}, content_type="application/json"
    )
    assert answer.status_code == 200, answer.content


def test_staff_set_cpd_hours_on_the_event_form_and_bad_values_answer_the_envelope(staff_client, client):
    event = make_event()
    url = f"{EVENTS}{event.pk}/"
    ok = staff_client.put(
        url, data={"cpd_hours": "2.25", "cpd_category": "Language"}, content_type="application/json"
    )
    assert (
        ok.status_code == 200 and ok.json()["cpd_hours"] == 2.25 and ok.json()["cpd_category"] == "Language"
    )
    assert client.get(f"/api/management/public-events/{event.pk}/").json()["cpd_hours"] == 2.25
    for payload, field in (
        ({"cpd_hours": "41"}, "cpd_hours"),
        ({"cpd_hours": "-1"}, "cpd_hours"),
        ({"cpd_hours": "1.1"}, "cpd_hours"),
        ({"cpd_hours": "many"}, "cpd_hours"),
        ({"cpd_category": "Cooking"}, "cpd_category"),
        ({"cpd_hours": "2", "cpd_category": ""}, "cpd_category"),
    ):
        bad = staff_client.put(url, data=payload, content_type="application/json")
        assert bad.status_code == 400, payload
        assert bad.json()["code"] == "validation_error" and field in bad.json()["fields"], payload
    cleared = staff_client.put(url, data={"cpd_hours": ""}, content_type="application/json")
    assert cleared.json()["cpd_hours"] is None


def test_checked_in_members_are_credited_once_only_after_completion(staff_client):
    member = approved(1, email="Aline.Uwase@Example.org")
    other = approved(2)
    not_in = approved(3)
    event = cpd_event(status=Event.Status.PUBLISHED)
    attendee(event, 1, "aline.uwase@EXAMPLE.ORG")  # the member, in other capitals
    attendee(event, 2, other.email)
    attendee(event, 3, not_in.email, checked_in=False)  # registered, never came in
    attendee(event, 4, "stranger@example.org")  # checked in, no member

    # Published: nothing yet, whatever runs.
    assert event_cpd_credit(event.pk) == [] and cpd_sweep() == 0
    complete(staff_client, event)
    deliver_all()
    credits = CpdCredit.objects.filter(event_id=event.pk)
    assert sorted(credits.values_list("member_id", flat=True)) == [member.pk, other.pk]
    # The handler again, the sweep, and the handler of a second message: no second credit.
    assert event_cpd_credit(event.pk) == [] and cpd_sweep() == 0
    complete(staff_client, event)  # no change: no message
    assert deliver_all() == 0
    assert CpdCredit.objects.count() == 2
    # One certificate e-mail each, in the member's language, with the PDF.
    mails = Notification.objects.filter(template="cpd_certificate")
    assert sorted(mails.values_list("recipient", flat=True)) == sorted([member.email, other.email])
    message = render_email(mails.get(recipient=member.email))
    assert "Ethics in court interpreting" in message.subject
    (name, content, mimetype) = message.attachments[0]
    assert name == "cpd-certificate.pdf" and mimetype == "application/pdf"
    text = pdf_text(content).replace("\n", " ")
    for fact in ("Member 1", "Ethics in court interpreting", "3.5", "Ethics and professional practice"):
        assert fact in text
    code = certificate_code(credits.get(member=member))
    assert f"/verify/{code}" in text


def test_a_member_who_registered_with_another_address_is_found_by_number_and_name(staff_client):
    member = approved(1)  # 2026-0001
    typo_victim = approved(2)  # 2026-0002
    event = cpd_event(status=Event.Status.PUBLISHED)
    # Their work address, their number and their name (spaced and capitalised otherwise).
    attendee(event, 1, "aline@work.example", full_name="  member   1 ", membership_number="2026-0001")
    # Someone else who mistyped a digit: the number is a member's, the name is not.
    attendee(event, 2, "eric@example.org", full_name="Eric Hakizimana", membership_number="2026-0002")
    complete(staff_client, event)
    deliver_all()
    assert list(CpdCredit.objects.filter(event_id=event.pk).values_list("member_id", flat=True)) == [
        member.pk
    ]
    assert not CpdCredit.objects.filter(member=typo_victim).exists()


def test_a_lost_message_is_made_good_by_the_sweep_and_a_cancelled_event_credits_nobody(staff_client):
    member = approved(1)
    event = cpd_event()
    attendee(event, 1, member.email)
    complete(staff_client, event)
    OutboxMessage.objects.all().delete()  # the message is lost
    assert CpdCredit.objects.count() == 0
    assert cpd_sweep() == 1 and cpd_sweep() == 0
    cancelled = cpd_event(status=Event.Status.CANCELLED)
    attendee(cancelled, 2, member.email)
    no_hours = cpd_event(cpd_hours=None, cpd_category="")
    attendee(no_hours, 3, member.email)
    complete(staff_client, no_hours)
    deliver_all()
    assert cpd_sweep() == 0 and CpdCredit.objects.count() == 1


def test_verification_answers_the_certificate_facts_only_and_not_an_altered_or_revoked_code(
    staff_client, client
):
    member = approved(1, email="private@example.org", phone="+250788999000")
    event = cpd_event()
    attendee(event, 1, member.email)
    complete(staff_client, event)
    deliver_all()
    credit = CpdCredit.objects.get()
    code = certificate_code(credit)
    assert len(code) >= 22  # 144 random bits
    body = client.get(f"/api/verify/{code}/").json()
    assert body == {
        "kind": "cpd_certificate",
        "name": "Member 1",
        "title": "Ethics in court interpreting",
        "date": event.date.isoformat(),
        "hours": 3.5,
        "category": "Ethics and professional practice",
    }
    assert "private@example.org" not in str(body) and "999000" not in str(body)
    altered = code[:-1] + ("A" if code[-1] != "A" else "B")
    missing = client.get(f"/api/verify/{altered}/")
    assert missing.status_code == 404 and missing.json()["code"] == "verification_not_found"
    staff_client.post(
        f"/api/management/cpd-credits/{credit.pk}/revoke/",
        data={"reason": "Left early"},
        content_type="application/json",
    )
    assert client.get(f"/api/verify/{code}/").status_code == 404


def test_staff_credit_by_hand_and_revoke_with_who_and_when(staff_client, staff):
    from services.audit.models import Entry

    member = approved(1)
    url = f"/api/management/members/{member.pk}/cpd-credits/"
    payload = {
        "hours": 6,
        "category": "Interpreting practice",
        "activity": "WASLI regional workshop, Nairobi",
        "date": (timezone.localdate() - timedelta(days=10)).isoformat(),
        "note": "Certificate from the organiser seen",
    }
    made = staff_client.post(url, data=payload, content_type="application/json")
    assert made.status_code == 201, made.content
    credit = made.json()
    assert credit["source"] == "manual" and credit["created_by"] == staff.username and credit["hours"] == 6
    assert Notification.objects.filter(template="cpd_certificate", recipient=member.email).count() == 1

    revoke = f"/api/management/cpd-credits/{credit['id']}/revoke/"
    assert staff_client.post(revoke, data={"reason": ""}, content_type="application/json").status_code == 400
    done = staff_client.post(revoke, data={"reason": "Entered twice"}, content_type="application/json")
    assert done.status_code == 200
    assert done.json()["revoked_by"] == staff.username and done.json()["revoked_reason"] == "Entered twice"
    again = staff_client.post(revoke, data={"reason": "Again"}, content_type="application/json")
    assert again.status_code == 409 and again.json()["code"] == "already_revoked"
    listed = staff_client.get(url).json()
    assert [row["revoked_at"] is not None for row in listed] == [True]
    verbs = set(Entry.objects.filter(object_type="cpd_credit").values_list("verb", flat=True))
    assert {"cpd_credit.added", "cpd_credit.revoked"} <= verbs
    assert (
        staff_client.post(
            "/api/management/cpd-credits/999/revoke/", data={"reason": "x"}, content_type="application/json"
        ).status_code
        == 404
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"hours": 0}, "hours"),
        ({"hours": 40.25}, "hours"),
        ({"hours": "1.3"}, "hours"),
        ({"hours": None}, "hours"),
        ({"category": "Cooking"}, "category"),
        ({"activity": " "}, "activity"),
        ({"date": "tomorrow"}, "date"),
        ({"date": "2999-01-01"}, "date"),
        ({"note": "x" * 2001}, "note"),
        ({"activity": "a\u202eb"}, "activity"),
    ],
)
def test_a_wrong_credit_by_hand_answers_the_envelope(staff_client, change, field):
    member = approved(1)
    payload = {"hours": 2, "category": "Language", "activity": "Course", "date": "2026-01-10", **change}
    answer = staff_client.post(
        f"/api/management/members/{member.pk}/cpd-credits/", data=payload, content_type="application/json"
    )
    assert answer.status_code == 400, answer.content
    body = answer.json()
    assert field in (body["fields"] or {}) or body["code"] == "forbidden_characters"


def test_a_pending_application_cannot_be_credited(staff_client):
    from services.members.tests.helpers import make_member

    pending = make_member(9)
    payload = {"hours": 2, "category": "Language", "activity": "Course", "date": "2026-01-10"}
    answer = staff_client.post(
        f"/api/management/members/{pending.pk}/cpd-credits/", data=payload, content_type="application/json"
    )
    assert answer.status_code == 409


def _credit(member, i: int, *, day: date, hours="1.5", category="Language", revoked=False) -> CpdCredit:
    return CpdCredit.objects.create(
        member=member,
        title=f"Course {i}",
        date=day,
        hours=hours,
        category=category,
        source="manual",
        verify_code_hash=f"{i:064d}",
        verify_code_sealed="x",
        revoked_at=timezone.now() if revoked else None,
    )


def test_the_member_sees_hours_per_year_and_category_in_a_fixed_number_of_queries(
    client, django_assert_max_num_queries
):
    member = approved(1)
    other = approved(2)
    access = signed_in(client, member)
    this_year = timezone.localdate().year

    def counted() -> dict:
        with django_assert_max_num_queries(4):  # session and member, periods, credits
            return client.get(MINE, **bearer(access)).json()["cpd"]

    assert counted() == {"years": [], "credits": []}
    for i in range(30):
        _credit(
            member,
            i,
            day=date(this_year, 1, 1) + timedelta(days=i % 3),
            category=("Language", "Other")[i % 2],
        )
    _credit(member, 100, day=date(this_year - 1, 6, 1), hours="2")
    _credit(member, 101, day=date(this_year, 2, 1), hours="9", revoked=True)  # not counted
    _credit(other, 102, day=date(this_year, 2, 1), hours="7")  # not theirs
    cpd = counted()
    assert [year["year"] for year in cpd["years"]] == [this_year, this_year - 1]
    assert cpd["years"][0]["hours"] == 45 and cpd["years"][0]["by_category"]["Language"] == 22.5
    assert cpd["years"][0]["by_category"]["Deaf community and culture"] == 0
    assert cpd["years"][1]["hours"] == 2
    assert len(cpd["credits"]) == 31
    first = cpd["credits"][0]
    assert set(first) == {"id", "event_id", "title", "date", "hours", "category", "certificate_url"}
    pdf = client.get(first["certificate_url"], **bearer(access))
    assert pdf.status_code == 200 and pdf["Content-Type"] == "application/pdf"
    # Another member's certificate, and a revoked one: not found; without a session: 401.
    theirs = CpdCredit.objects.get(member=other).pk
    assert client.get(f"{MINE}cpd-credits/{theirs}/certificate.pdf", **bearer(access)).status_code == 404
    revoked = CpdCredit.objects.get(title="Course 101").pk
    assert client.get(f"{MINE}cpd-credits/{revoked}/certificate.pdf", **bearer(access)).status_code == 404
    assert client.get(first["certificate_url"]).status_code == 401


def test_the_yearly_statement_totals_hours_per_category(client):
    member = approved(1)
    access = signed_in(client, member)
    this_year = timezone.localdate().year
    _credit(member, 1, day=date(this_year, 1, 5), hours="1.5", category="Language")
    _credit(member, 2, day=date(this_year, 1, 6), hours="2.25", category="Language")
    _credit(member, 3, day=date(this_year, 1, 7), hours="4", category="Other")
    answer = client.get(f"{MINE}cpd-statement.pdf?year={this_year}", **bearer(access))
    assert answer.status_code == 200 and answer["Content-Type"] == "application/pdf"
    text = pdf_text(answer.content)
    assert f"CPD statement {this_year}" in text and "3.75" in text and "7.75" in text
    for bad in ("1999", "abc", str(this_year + 2)):
        refused = client.get(f"{MINE}cpd-statement.pdf?year={bad}", **bearer(access))
        assert refused.status_code == 400 and refused.json()["code"] == "validation_error"


def test_the_cpd_report_is_a_csv_per_member_and_year_in_one_query(
    staff_client, django_assert_max_num_queries
):
    this_year = timezone.localdate().year
    for i in range(1, 6):
        member = approved(i)
        _credit(member, i * 10, day=date(this_year, 1, 2), hours="2", category="Language")
        _credit(member, i * 10 + 1, day=date(this_year - 1, 3, 2), hours="1", category="Other")
        _credit(member, i * 10 + 2, day=date(this_year, 1, 3), hours="5", revoked=True)
    with django_assert_max_num_queries(6):  # the staff user, the rows, the audit entry
        answer = staff_client.get("/api/management/reports/cpd-hours.csv")
    assert answer.status_code == 200 and answer["Content-Type"].startswith("text/csv")
    lines = answer.content.decode("utf-8-sig").strip().splitlines()
    assert lines[0].startswith("Membership number,Name,Year,CPD hours,Interpreting practice")
    assert len(lines) == 1 + 10
    assert f"2026-0001,Member 1,{this_year},2,0,2,0,0,0" in lines
    one_year = staff_client.get(f"/api/management/reports/cpd-hours.csv?year={this_year}")
    assert len(one_year.content.decode("utf-8-sig").strip().splitlines()) == 1 + 5
    assert staff_client.get("/api/management/reports/cpd-hours.csv?year=abc").status_code == 400


def test_a_member_session_reaches_no_cpd_staff_route(client):
    member = approved(1)
    access = signed_in(client, member)
    credit = _credit(member, 1, day=timezone.localdate())
    for method, path in (
        ("get", f"/api/management/members/{member.pk}/cpd-credits/"),
        ("post", f"/api/management/members/{member.pk}/cpd-credits/"),
        ("post", f"/api/management/cpd-credits/{credit.pk}/revoke/"),
        ("get", "/api/management/reports/cpd-hours.csv"),
    ):
        answer = client.generic(
            method.upper(), path, data="{}", content_type="application/json", **bearer(access)
        )
        assert answer.status_code in (401, 403), path
    assert Member.objects.get(pk=member.pk).cpd_credits.get().revoked_at is None
