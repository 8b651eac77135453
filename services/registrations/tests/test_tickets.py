"""Tickets and the door: an Approved seat gets a code nobody can guess, its public page tells the
truth about the seat, and the check-in sync lets each ticket in once, whatever devices send."""

import gzip
import hashlib
import json
from datetime import datetime, timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.audit.models import Entry
from services.events.tests.factories import make_event
from services.registrations import tickets
from services.registrations.models import CheckIn, Registration, ScanAttempt, Ticket

from .helpers import VALID, decide, open_link, person, register

pytestmark = pytest.mark.django_db


def approved(client, staff_client, event, i: int, **fields) -> tuple[Registration, str]:
    """A registration of person i, approved by staff; its ticket code."""
    register(client, event.pk, person(i, **fields))
    registration = Registration.objects.get(email=f"p{i}@example.org", event=event)
    assert decide(staff_client, registration.pk, transaction_id=f"MP{event.pk}.{i}").status_code == 200
    return registration, tickets.ticket_code(registration.pk)


def scan(code, nonce, device="door-a", at=None):
    at = at or timezone.now() - timedelta(minutes=1)
    return {"code": code, "nonce": nonce, "scanned_at": at.isoformat(), "device": device}


def sync(client, event_id, scans, raw=None):
    return client.post(
        f"/api/management/events/{event_id}/checkins/",
        data=raw if raw is not None else json.dumps(scans),
        content_type="application/json",
    )


# --- Tickets ----------------------------------------------------------------------------------


def test_an_approved_seat_gets_a_random_ticket_kept_only_hashed_and_sealed(client, staff_client):
    event = make_event("Door Day", price=5000, latitude="-1.953600", longitude="30.060500")
    registration, code = approved(client, staff_client, event, 1)
    ticket = Ticket.objects.get(registration=registration)
    assert len(code) >= 22  # at least 128 random bits, URL-safe
    assert ticket.code_hash == hashlib.sha256(code.encode()).hexdigest()
    assert code not in ticket.code_sealed
    assert registration.payment_reference not in code
    _other, other_code = approved(client, staff_client, event, 2)
    assert other_code != code

    answer = client.get(f"/api/tickets/{code}/")
    assert answer.status_code == 200
    assert answer["Cache-Control"] == "no-store"
    body = answer.json()
    assert body["holder_name"] == "Person 1"
    assert body["reference"] == registration.payment_reference
    assert (body["status"], body["valid"], body["checked_in_at"]) == ("Approved", True, None)
    assert body["event"]["title"] == "Door Day"
    assert (body["event"]["latitude"], body["event"]["longitude"]) == (-1.9536, 30.0605)


def test_a_rejected_seat_s_ticket_says_so_and_checks_nobody_in_and_approval_again_keeps_the_code(
    client, staff_client
):
    event = make_event("Door Day", price=5000)
    registration, code = approved(client, staff_client, event, 1)
    assert decide(staff_client, registration.pk, "Rejected").status_code == 200
    body = client.get(f"/api/tickets/{code}/").json()
    assert (body["status"], body["valid"]) == ("Rejected", False)
    (result,) = sync(staff_client, event.pk, [scan(code, "n1")]).json()["results"]
    assert (result["result"], result["reason"]) == ("refused", "rejected")
    assert not CheckIn.objects.exists()

    assert decide(staff_client, registration.pk, transaction_id="MP-again").status_code == 200
    assert tickets.ticket_code(registration.pk) == code  # the code its holder was sent
    assert Ticket.objects.count() == 1


def test_a_cancelled_event_s_ticket_is_no_longer_valid_and_checks_nobody_in(client, staff_client):
    event = make_event("Door Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    event.status = "Cancelled"
    event.save(update_fields=["status"])
    body = client.get(f"/api/tickets/{code}/").json()
    assert (body["status"], body["valid"], body["event"]["status"]) == ("Approved", False, "Cancelled")
    (result,) = sync(staff_client, event.pk, [scan(code, "n1")]).json()["results"]
    assert (result["result"], result["reason"]) == ("refused", "event_cancelled")
    assert not CheckIn.objects.exists()


def test_a_free_seat_confirmed_by_its_link_gets_a_ticket(client):
    event = make_event("Free Day", price=0)
    register(client, event.pk)
    from .helpers import deliver_all, link_token

    deliver_all()
    open_link(client, link_token(VALID["email"]))
    registration = Registration.objects.get()
    assert registration.registration_status == "Approved"
    code = tickets.ticket_code(registration.pk)
    assert client.get(f"/api/tickets/{code}/").json()["valid"] is True


def test_an_unknown_code_is_one_404_that_tells_nothing(client, staff_client):
    event = make_event("Door Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    answers = [client.get(f"/api/tickets/{bad}/") for bad in ("x", code[:-1], code + "A", "A" * 500)]
    assert {answer.status_code for answer in answers} == {404}
    assert len({answer.content for answer in answers}) == 1
    assert answers[0].json()["code"] == "ticket_not_found"


def test_ticket_pages_have_their_own_limit_per_address(client, staff_client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "ticket": "3/h"}
    codes = ["a", "b", "c", "d"]
    statuses = [client.get(f"/api/tickets/{code}/").status_code for code in codes]
    assert statuses == [404, 404, 404, 429]


# --- The check-in list ------------------------------------------------------------------------


def test_the_check_in_list_carries_hashes_not_codes_and_fits_2000_tickets_in_200_kb(client, staff_client):
    event = make_event("Door Day", price=5000)
    needs = {"disability": "Other", "disability_details": "Ramp"}
    registration, code = approved(client, staff_client, event, 1, **needs)
    rows = [
        Registration(
            event=event,
            full_name=f"Participant Number {i}",
            email=f"m{i}@example.org",
            phone=f"+25073{i:07d}",
            preferred_language="Kinyarwanda",
            needs_interpreter=i % 3 == 0,
            disability="Hearing Impairment" if i % 5 == 0 else "None",
            registration_status="Approved",
            payment_reference=f"R{i:05d}",
        )
        for i in range(1999)
    ]
    Registration.objects.bulk_create(rows)
    assert tickets.tickets_issue_missing() == 1999

    with CaptureQueriesContext(connection) as queries:
        answer = staff_client.get(
            f"/api/management/events/{event.pk}/checkin-list/", HTTP_ACCEPT_ENCODING="gzip"
        )
    assert answer.status_code == 200
    assert len(queries) <= 6  # the token, the event, the tickets: not one per ticket
    # What the phone downloads: the answer as the server compresses it.
    assert answer["Content-Encoding"] == "gzip"
    assert len(answer.content) <= 200 * 1024, len(answer.content)
    plain = gzip.decompress(answer.content)
    entries = json.loads(plain)["entries"]
    assert len(entries) == 2000
    mine = next(entry for entry in entries if entry["reference"] == registration.payment_reference)
    assert mine["code_hash"] == hashlib.sha256(code.encode()).hexdigest()[:16]
    assert mine["phone_hash"] == hashlib.sha256(b"+250780000001").hexdigest()[:16]
    assert mine["access_needs"] == {"interpreter": True, "disability": "Other", "details": "Ramp"}
    assert (mine["status"], mine["checked_in_at"], mine["device"]) == ("Approved", None, None)
    assert code.encode() not in plain and b"+250780000001" not in plain


# --- Syncing scans ----------------------------------------------------------------------------


def test_the_first_scan_received_wins_and_later_ones_are_attempts(client, staff_client):
    event = make_event("Door Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    first_at = timezone.now() - timedelta(minutes=10)
    first = sync(staff_client, event.pk, [scan(code, "a-1", "door-a", first_at)]).json()["results"]
    assert first[0]["result"] == "checked_in"
    assert first[0]["device"] == "door-a"
    # Another device, whose scan was even earlier, syncs later: already checked in, by door A.
    later = sync(staff_client, event.pk, [scan(code, "b-1", "door-b", first_at - timedelta(minutes=5))])
    (result,) = later.json()["results"]
    assert result["result"] == "already_checked_in"
    assert result["device"] == "door-a"
    assert abs(datetime.fromisoformat(result["checked_in_at"]) - first_at) < timedelta(milliseconds=1)
    assert CheckIn.objects.count() == 1 and ScanAttempt.objects.count() == 2
    # The ticket page and the registrations list show it.
    assert client.get(f"/api/tickets/{code}/").json()["checked_in_at"] is not None
    rows = staff_client.get(f"/api/management/events/{event.pk}/registrations/").json()["registrations"]
    assert rows[0]["checked_in_at"] is not None


def test_a_nonce_sent_again_gets_the_same_answer(client, staff_client):
    event = make_event("Door Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    batch = [scan(code, "n-1"), scan(code, "n-2", "door-b")]
    first = sync(staff_client, event.pk, batch).json()["results"]
    assert [r["result"] for r in first] == ["checked_in", "already_checked_in"]
    again = sync(staff_client, event.pk, batch).json()["results"]
    assert again == first
    # The same nonce twice in one batch: one answer, given twice.
    twice = sync(staff_client, event.pk, [scan(code, "n-3"), scan(code, "n-3")]).json()["results"]
    assert twice[0] == twice[1] and twice[0]["result"] == "already_checked_in"
    assert CheckIn.objects.count() == 1 and ScanAttempt.objects.count() == 3


def test_a_ticket_found_by_search_checks_in_by_the_lists_hash_and_undoes(client, staff_client):
    event = make_event("Door Day", price=5000)
    other = make_event("Other Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    _elsewhere, other_code = approved(client, staff_client, other, 2)
    listed = staff_client.get(f"/api/management/events/{event.pk}/checkin-list/").json()["entries"]
    short = listed[0]["code_hash"]
    at = (timezone.now() - timedelta(minutes=1)).isoformat()
    by_list = {"ticket": short, "nonce": "s-1", "scanned_at": at, "device": "door-a"}
    results = sync(
        staff_client,
        event.pk,
        [
            by_list,
            {**by_list, "nonce": "s-2", "ticket": hashlib.sha256(other_code.encode()).hexdigest()[:16]},
            {**by_list, "nonce": "s-3", "ticket": "not-hex"},
            scan(code, "s-4", "door-b"),
        ],
    ).json()["results"]
    assert [(r["result"], r["reason"]) for r in results] == [
        ("checked_in", None),
        ("refused", "not_a_ticket"),  # another event's ticket is no ticket of this list
        ("refused", "not_a_ticket"),
        ("already_checked_in", None),
    ]
    assert staff_client.delete(f"/api/management/events/{event.pk}/checkins/{short}/").status_code == 200
    assert not CheckIn.objects.exists()


def test_bad_scans_are_refused_alone_and_lose_no_valid_scan(client, staff_client):
    event = make_event("Door Day", price=5000)
    other_event = make_event("Other Day", price=5000)
    _r1, code = approved(client, staff_client, event, 1)
    _r2, code2 = approved(client, staff_client, event, 2)
    _r3, other_code = approved(client, staff_client, other_event, 3)
    register(client, event.pk, person(4))
    pending = Registration.objects.get(email="p4@example.org")
    tickets.ticket_issue(pending)  # a ticket left on a seat no longer confirmed
    pending_code = tickets.ticket_code(pending.pk)
    batch = [
        scan(code, "ok-1"),
        scan(code2, "future", at=timezone.now() + timedelta(minutes=30)),
        scan(other_code, "other"),
        scan(pending_code, "pending"),
        scan("forged-code", "forged"),
        scan(code2[:10], "truncated"),
        scan(code2, "bell", device="door\u0007b"),
        {"code": code2, "nonce": "naive", "scanned_at": "2026-11-29T09:14:00", "device": "door-a"},
        {"code": code2, "nonce": "garbled", "scanned_at": "yesterday", "device": "door-a"},
        {"code": code2, "device": "door-a"},
        "not a scan",
        None,
        scan(code2, "ok-2", at=timezone.now() + timedelta(minutes=4)),  # a clock a little ahead
    ]
    answer = sync(staff_client, event.pk, batch)
    assert answer.status_code == 200
    results = answer.json()["results"]
    assert [(r["result"], r["reason"]) for r in results] == [
        ("checked_in", None),
        ("refused", "future_scan"),
        ("refused", "other_event"),
        ("refused", "not_confirmed"),
        ("refused", "not_a_ticket"),
        ("refused", "not_a_ticket"),
        ("refused", "invalid_device"),
        ("refused", "invalid_scanned_at"),
        ("refused", "invalid_scanned_at"),
        ("refused", "invalid_nonce"),
        ("refused", "invalid_scan"),
        ("refused", "invalid_scan"),
        ("checked_in", None),
    ]
    assert CheckIn.objects.count() == 2


@pytest.mark.parametrize(
    ("raw", "status", "code"),
    [
        # a raw control character: the JSON parser refuses the whole body
        ('[{"code": "x", "nonce": "n", "device": "a\x07b", "scanned_at": "2026-01-01T00:00Z"}]', 400, None),
        ("[{", 400, "malformed_json"),
        ('{"code": "x"}', 400, "validation_error"),
        (json.dumps([{}] * 501), 413, "too_many_scans"),
        (json.dumps([scan("x" * 24, f"nonce-{i}") for i in range(10_000)]), 413, None),
    ],
)
def test_a_body_refused_whole_answers_the_envelope(client, staff_client, raw, status, code):
    event = make_event("Door Day", price=5000)
    answer = sync(staff_client, event.pk, None, raw=raw)
    assert answer.status_code == status
    body = answer.json()
    assert body["detail"]
    if code:
        assert body["code"] == code
    assert not ScanAttempt.objects.exists()


def test_a_form_body_or_an_unknown_event_is_refused(client, staff_client):
    event = make_event("Door Day", price=5000)
    form = staff_client.post(f"/api/management/events/{event.pk}/checkins/", data={"a": "b"})
    assert form.status_code == 415
    assert sync(staff_client, 999999, []).json()["code"] == "not_found"
    assert sync(staff_client, 999999, None, raw="[{").json()["code"] == "not_found"
    anonymous = Client().post(
        f"/api/management/events/{event.pk}/checkins/", data="[]", content_type="application/json"
    )
    assert anonymous.status_code == 401


def test_a_sync_costs_the_same_statements_for_5_or_50_scans(client, staff_client):
    event = make_event("Door Day", price=5000)
    codes = [approved(client, staff_client, event, i)[1] for i in range(50)]

    def counted(batch):
        with CaptureQueriesContext(connection) as queries:
            assert sync(staff_client, event.pk, batch).status_code == 200
        return len(queries)

    few = counted([scan(code, f"a{i}") for i, code in enumerate(codes[:5])])
    many = counted([scan(code, f"b{i}") for i, code in enumerate(codes[5:])])
    assert many == few


# --- Undo and attendance ----------------------------------------------------------------------


def test_staff_undo_a_check_in_and_the_next_scan_checks_in_again(client, staff_client, staff):
    event = make_event("Door Day", price=5000)
    registration, code = approved(client, staff_client, event, 1)
    sync(staff_client, event.pk, [scan(code, "n-1")])
    undo = staff_client.delete(f"/api/management/events/{event.pk}/checkins/{code}/")
    assert undo.status_code == 200
    assert not CheckIn.objects.exists()
    entry = Entry.objects.get(verb="registration.check_in_undone")
    assert (entry.actor_id, entry.object_id) == (staff.pk, registration.pk)
    again = staff_client.delete(f"/api/management/events/{event.pk}/checkins/{code}/")
    assert (again.status_code, again.json()["code"]) == (409, "not_checked_in")
    unknown = staff_client.delete(f"/api/management/events/{event.pk}/checkins/nope/")
    assert unknown.status_code == 404
    (result,) = sync(staff_client, event.pk, [scan(code, "n-2", "door-b")]).json()["results"]
    assert (result["result"], result["device"]) == ("checked_in", "door-b")
    # The old nonce still answers what it answered.
    (replayed,) = sync(staff_client, event.pk, [scan(code, "n-1")]).json()["results"]
    assert (replayed["result"], replayed["device"]) == ("checked_in", "door-a")
    assert CheckIn.objects.count() == 1


def test_attendance_counts_real_check_ins_as_json_and_csv(client, staff_client):
    event = make_event("Door Day", price=5000)
    _r1, code = approved(client, staff_client, event, 1, full_name="=HYPERLINK(1)")
    approved(client, staff_client, event, 2)
    sync(staff_client, event.pk, [scan(code, "n-1"), scan(code, "n-2", "door-b")])
    body = staff_client.get(f"/api/management/events/{event.pk}/attendance/").json()
    assert (body["confirmed"], body["checked_in"]) == (2, 1)
    assert body["results"][0]["device"] == "door-a"
    csv = staff_client.get(f"/api/management/events/{event.pk}/attendance/?format=csv")
    assert csv["Content-Type"].startswith("text/csv")
    text = csv.content.decode("utf-8-sig")
    assert "'=HYPERLINK(1)" in text and text.count("\n") == 2
    assert staff_client.get(f"/api/management/events/{event.pk}/attendance/?format=pdf").status_code == 400
    assert Client().get(f"/api/management/events/{event.pk}/attendance/").status_code == 401


def test_the_registrations_page_counts_check_ins_live_and_each_row_shows_its_time(client, staff_client):
    event = make_event("Door Day", price=5000)
    people = [approved(client, staff_client, event, i) for i in range(4)]
    url = f"/api/management/events/{event.pk}/registrations/"

    def page():
        with CaptureQueriesContext(connection) as queries:
            answer = staff_client.get(url, {"page": 1, "page_size": 20})
        assert answer.status_code == 200
        return answer.json(), len(queries)

    before, cost = page()
    assert (before["checked_in_registrations"], before["approved_registrations"]) == (0, 4)
    sync(staff_client, event.pk, [scan(code, f"n-{i}") for i, (_r, code) in enumerate(people[:3])])
    sync(staff_client, event.pk, [scan(people[0][1], "again", "door-b")])  # an attempt, not a check-in
    after, cost_after = page()
    assert (after["checked_in_registrations"], after["approved_registrations"]) == (3, 4)
    assert cost_after == cost  # the figure and the rows' times cost no query per row
    times = {row["id"]: row["checked_in_at"] for row in after["registrations"]}
    assert [times[registration.pk] is not None for registration, _code in people] == [True, True, True, False]
    # The same figure as the attendance's; an undone check-in leaves both.
    staff_client.delete(f"/api/management/events/{event.pk}/checkins/{people[1][1]}/")
    attendance = staff_client.get(f"/api/management/events/{event.pk}/attendance/").json()
    assert page()[0]["checked_in_registrations"] == attendance["checked_in"] == 2
    missing = staff_client.get("/api/management/events/999999/registrations/")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


def test_attendance_costs_the_same_queries_for_2_or_20_check_ins(client, staff_client):
    event = make_event("Door Day", price=5000)
    codes = [approved(client, staff_client, event, i)[1] for i in range(20)]
    url = f"/api/management/events/{event.pk}/attendance/"

    def cost(checked_in: int, fmt: str) -> int:
        with CaptureQueriesContext(connection) as queries:
            answer = staff_client.get(url, {"format": fmt})
        assert answer.status_code == 200
        if fmt == "json":
            assert answer.json()["checked_in"] == checked_in
        else:
            assert answer.content.decode("utf-8-sig").count("\n") == checked_in + 1
        return len(queries)

    sync(staff_client, event.pk, [scan(code, f"a{i}") for i, code in enumerate(codes[:2])])
    few = (cost(2, "json"), cost(2, "csv"))
    sync(staff_client, event.pk, [scan(code, f"b{i}") for i, code in enumerate(codes[2:])])
    assert (cost(20, "json"), cost(20, "csv")) == few


def test_the_code_stays_readable_for_the_e_mails_after_the_secret_key_is_rotated(
    client, staff_client, settings
):
    event = make_event("Door Day", price=5000)
    registration, code = approved(client, staff_client, event, 1)
    settings.SECRET_KEY, settings.SECRET_KEY_FALLBACKS = (
        "a-new-secret-key-of-at-least-32-bytes!",
        [settings.SECRET_KEY],
    )
    assert tickets.ticket_code(registration.pk) == code
    settings.SECRET_KEY_FALLBACKS = []  # the old key gone: the code cannot be read, and says so
    assert tickets.ticket_code(registration.pk) is None
    assert client.get(f"/api/tickets/{code}/").status_code == 200  # found by its hash all the same


def test_a_sync_that_lets_people_in_is_recorded_once_in_the_audit_trail(client, staff_client, staff):
    event = make_event("Door Day", price=5000)
    codes = [approved(client, staff_client, event, i)[1] for i in range(3)]
    sync(staff_client, event.pk, [scan(code, f"n{i}") for i, code in enumerate(codes)] + [scan("bad", "x")])
    entry = Entry.objects.get(verb="event.check_ins_synced")
    assert (entry.actor_id, entry.object_id) == (staff.pk, event.pk)
    assert entry.changes["checked_in"] == [None, 3] and entry.changes["refused"] == [None, 1]


def test_a_former_staff_member_s_token_syncs_nothing(client, staff_client, staff):
    event = make_event("Door Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    staff.is_staff = False
    staff.save()
    answer = sync(staff_client, event.pk, [scan(code, "n-1")])
    assert (answer.status_code, answer.json()["code"]) == (403, "permission_denied")
    assert staff_client.get(f"/api/management/events/{event.pk}/checkin-list/").status_code == 403
    assert not CheckIn.objects.exists() and not ScanAttempt.objects.exists()


# --- The ticket page's QR code and calendar invite --------------------------------------------


def test_a_valid_ticket_carries_its_qr_code_as_inline_svg_of_its_page_address(client, staff_client, settings):
    import xml.etree.ElementTree as ET

    import segno

    event = make_event("Door Day", price=5000)
    _registration, code = approved(client, staff_client, event, 1)
    assert tickets.ticket_qr_text(code) == f"{settings.FRONTEND_URL}/ticket/{code}"

    qr_svg = client.get(f"/api/tickets/{code}/").json()["qr_svg"]
    assert qr_svg.startswith("<svg") and "<?xml" not in qr_svg
    root = ET.fromstring(qr_svg)  # noqa: S314 (our own server's answer) well-formed
    assert root.tag.rpartition("}")[2] == "svg"
    assert root.findtext("{*}title") or root.findtext("title")  # a name for screen readers
    assert "width" not in root.attrib and root.attrib["viewBox"].startswith("0 0 ")  # the page sizes it
    assert len(qr_svg) < 4000  # compact: no module drawn as its own element
    # The same code segno makes of the page's address (a full QR code, never a Micro QR).
    expected = segno.make(f"{settings.FRONTEND_URL}/ticket/{code}", micro=False, error="m", boost_error=False)
    assert not expected.is_micro
    look = {"dark": "#000", "light": "#fff", "title": "Ticket QR code", "svgclass": None, "lineclass": None}
    assert qr_svg == expected.svg_inline(scale=1, border=4, omitsize=True, **look)


def test_a_ticket_that_lets_nobody_in_has_no_qr_code(client, staff_client):
    event = make_event("Door Day", price=5000)
    registration, code = approved(client, staff_client, event, 1)
    assert decide(staff_client, registration.pk, "Rejected").status_code == 200
    body = client.get(f"/api/tickets/{code}/").json()
    assert (body["valid"], body["qr_svg"]) == (False, None)


def test_a_ticket_s_calendar_invite_is_the_e_mail_s(client, staff_client):
    from services.registrations.invite import event_uid

    event = make_event("Door Day", price=5000)
    registration, code = approved(client, staff_client, event, 1)
    answer = client.get(f"/api/tickets/{code}/calendar.ics")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/calendar")
    assert answer["Content-Disposition"] == f'attachment; filename="event-{event.pk}.ics"'
    text = answer.content.decode()
    assert "SUMMARY:Door Day" in text
    assert f"UID:{event_uid(registration)}" in text  # adding it again updates the same entry
    missing = client.get("/api/tickets/nope/calendar.ics")
    assert (missing.status_code, missing.json()["code"]) == (404, "ticket_not_found")
