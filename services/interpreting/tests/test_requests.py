"""A request from the public form to its end: the rules, the offers and their links, the
requester's e-mails, completed and unfilled, the reminders and the erasure."""

from datetime import timedelta

import pytest
from django.utils import timezone

from services.interpreting import sweeps
from services.interpreting.models import InterpreterOffer, InterpreterRequest, InterpretingHours
from services.members.tests.helpers import bearer, signed_in
from services.notifications.services import render_email

from .helpers import (
    STAFF,
    body,
    cancel_token_of,
    interpreter,
    mails,
    offer_token,
    post,
    send,
)

pytestmark = pytest.mark.django_db

ACCEPT = "/api/interpreter-offers/accept/"
DECLINE = "/api/interpreter-offers/decline/"
CANCEL = "/api/interpreter-requests/cancel/"


def made(client, **changes) -> InterpreterRequest:
    answer = send(client, body(**changes))
    assert answer.status_code == 201, answer.json()
    return InterpreterRequest.objects.get(reference=answer.json()["reference"])


def test_a_request_is_answered_with_its_reference_and_acknowledged_with_the_cancel_link(client):
    answer = send(client, body(district="gasabo", setting="MEDICAL", languages=["rwandan sign language"]))
    assert answer.status_code == 201
    reference = answer.json()["reference"]
    assert reference.startswith("IR-") and reference in answer.json()["message"]
    request = InterpreterRequest.objects.get(reference=reference)
    assert (request.district, request.setting, request.languages) == (
        "Gasabo",
        "medical",
        ["Rwandan Sign Language"],
    )
    assert (request.interpreters_needed, request.urgent, request.status) == (1, False, "new")
    [ack] = mails("interpreter_request_received", "claudine@example.org")
    assert "/interpreter-request/cancel#token=" in ack.context["cancel_link"]
    assert ack.language == "en"


def test_the_association_hears_of_a_new_request_without_the_requesters_details(client, settings):
    soon = timezone.localtime() + timedelta(hours=5)
    request = made(client, date=soon.date().isoformat(), start_time=soon.strftime("%H:%M"))
    [notice] = mails("interpreter_request_notice", settings.ASSOCIATION["email"])
    mail = render_email(notice)
    assert mail.subject.startswith("Urgent:") and request.reference in mail.subject
    assert f"{settings.FRONTEND_URL}/dashboard/interpreting" in mail.body
    for private in (request.full_name, request.email, request.phone):
        assert private not in mail.subject + mail.body + str(mail.alternatives)


def test_the_acknowledgement_is_in_the_site_language_at_the_request(client):
    answer = send(client, body(), HTTP_ACCEPT_LANGUAGE="fr")
    assert answer.status_code == 201
    assert mails("interpreter_request_received")[0].language == "fr"


def test_over_two_hours_needs_a_team_and_under_a_day_ahead_is_urgent(client):
    soon = timezone.localtime() + timedelta(hours=5)
    request = made(
        client, date=soon.date().isoformat(), start_time=soon.strftime("%H:%M"), duration_minutes=150
    )
    assert (request.interpreters_needed, request.urgent) == (2, True)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"date": (timezone.localdate() - timedelta(days=1)).isoformat()}, "date"),
        ({"date": "2026-02-30"}, "date"),
        ({"start_time": "25:00"}, "start_time"),
        ({"duration_minutes": 0}, "duration_minutes"),
        ({"duration_minutes": 10}, "duration_minutes"),
        ({"duration_minutes": 3 * 24 * 60}, "duration_minutes"),
        ({"duration_minutes": "sixty"}, "duration_minutes"),
        ({"district": "Atlantis"}, "district"),
        ({"languages": ["Klingon"]}, "languages"),
        ({"languages": []}, "languages"),
        ({"languages": "Kinyarwanda"}, "languages"),
        ({"setting": "circus"}, "setting"),
        ({"requester_type": "robot"}, "requester_type"),
        ({"contact_preference": "pigeon"}, "contact_preference"),
        ({"full_name": "Visit https://spam.example"}, "full_name"),
        ({"full_name": "Two\nlines"}, "full_name"),
        ({"full_name": ""}, "full_name"),
        ({"email": "", "phone": ""}, "email"),
        ({"email": "not-an-address"}, "email"),
        ({"contact_preference": "whatsapp", "phone": ""}, "phone"),
        ({"mode": "remote", "video_link": "javascript:alert(1)"}, "video_link"),
        ({"address": ""}, "address"),
        ({"deaf_count": 0}, "deaf_count"),
        ({"preferred_interpreter_id": 999999}, "preferred_interpreter_id"),
    ],
)
def test_bad_input_is_refused_with_the_envelope(client, changes, field):
    answer = send(client, body(**changes))
    assert answer.status_code == 400, answer.content
    assert field in answer.json()["fields"]
    assert not InterpreterRequest.objects.exists()


def test_control_characters_are_refused(client):
    answer = send(client, body(notes="bell\x07"))
    assert answer.status_code == 400
    assert answer.json()["code"] == "forbidden_characters"


def test_a_preferred_interpreter_must_be_listed(client):
    listed, unlisted = interpreter(1), interpreter(2, listed=False)
    assert made(client, preferred_interpreter_id=listed.pk).preferred_interpreter == listed
    answer = send(client, body(preferred_interpreter_id=unlisted.pk))
    assert answer.status_code == 400 and "preferred_interpreter_id" in answer.json()["fields"]


def test_a_flood_from_one_address_is_throttled(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "interpreter_request": "3/h"}
    assert [send(client).status_code for _n in range(4)] == [201, 201, 201, 429]
    assert send(client).json()["code"] == "throttled"


def test_staff_offer_and_the_first_acceptance_fills_the_request(client, staff_client):
    aline, vestine = interpreter(1, display_name="Aline U."), interpreter(2, display_name="Vestine U.")
    interpreter(3, districts=["Huye"])  # another district
    interpreter(4, settings=["education"])  # another setting
    request = made(client)
    suggested = staff_client.get(f"{STAFF}{request.pk}/suggestions/").json()
    assert [s["display_name"] for s in suggested] == ["Aline U.", "Vestine U."]

    answer = post(
        staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id, vestine.member_id]}
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["status"] == "offered" and len(answer.json()["offers"]) == 2
    offer = mails("interpreter_offer", aline.member.email)[0]
    assert "/interpreter-offer#token=" in offer.context["accept_link"]
    assert "claudine@example.org" not in str(offer.context)  # the requester's contact: only once accepted

    accepted = post(client, ACCEPT, {"token": offer_token(aline.member)})
    assert accepted.status_code == 200 and accepted.json()["status"] == "accepted"
    request.refresh_from_db()
    assert request.status == "assigned" and request.assigned_at is not None
    late = post(client, ACCEPT, {"token": offer_token(vestine.member)})
    assert late.status_code == 409 and late.json()["code"] == "offer_filled"
    [told] = mails("interpreter_request_assigned", "claudine@example.org")
    assert told.context["interpreters"] == ["Aline U."]
    assert "cancel_link" in told.context
    # Accepting again is the same answer; declining now is refused.
    assert post(client, ACCEPT, {"token": offer_token(aline.member)}).status_code == 200
    assert post(client, DECLINE, {"token": offer_token(aline.member)}).json()["code"] == "offer_answered"


def test_a_team_of_two_needs_two_acceptances(client, staff_client):
    one, two, three = interpreter(1), interpreter(2), interpreter(3)
    request = made(client, duration_minutes=180)
    ids = [one.member_id, two.member_id, three.member_id]
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": ids})
    assert post(client, ACCEPT, {"token": offer_token(one.member)}).status_code == 200
    request.refresh_from_db()
    assert request.status == "offered"
    assert post(client, ACCEPT, {"token": offer_token(two.member)}).status_code == 200
    assert post(client, ACCEPT, {"token": offer_token(three.member)}).json()["code"] == "offer_filled"
    request.refresh_from_db()
    assert request.status == "assigned"
    assert InterpreterOffer.objects.filter(request=request, status="accepted").count() == 2
    # The requester is told both names, joined in the e-mail's own language.
    [told] = mails("interpreter_request_assigned")
    assert "Interpreter 1. and Interpreter 2. will interpret for you." in render_email(told).body
    told.language = "fr"
    assert "assurée par Interpreter 1. et Interpreter 2." in render_email(told).body


def test_an_unlisted_interpreter_is_named_as_an_interpreter_of_the_association(client, staff_client):
    hope = interpreter(1, listed=False, display_name="Hope I.")
    request = made(client)
    assert [s["display_name"] for s in staff_client.get(f"{STAFF}{request.pk}/suggestions/").json()] == [
        "Hope I."
    ]
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [hope.member_id]})
    post(client, ACCEPT, {"token": offer_token(hope.member)})
    [told] = mails("interpreter_request_assigned")
    assert told.context["interpreters"] == ["an interpreter of the association"]


def test_a_clash_with_an_accepted_assignment_leaves_the_interpreter_out(client, staff_client):
    aline, vestine = interpreter(1), interpreter(2)
    first = made(client)
    post(staff_client, f"{STAFF}{first.pk}/offers/", {"member_ids": [aline.member_id]})
    post(client, ACCEPT, {"token": offer_token(aline.member)})
    overlapping = made(client, start_time="10:30")
    later = made(client, start_time="14:00")
    ids = lambda r: [s["member_id"] for s in staff_client.get(f"{STAFF}{r.pk}/suggestions/").json()]  # noqa: E731
    assert ids(overlapping) == [vestine.member_id]
    assert ids(later) == [aline.member_id, vestine.member_id]
    refused = post(staff_client, f"{STAFF}{overlapping.pk}/offers/", {"member_ids": [aline.member_id]})
    assert refused.status_code == 400 and "member_ids" in refused.json()["fields"]


def test_forged_links_and_an_accept_after_cancelling(client, staff_client):
    aline = interpreter(1)
    for token in ("", "x" * 43, "y" * 5000):
        assert post(client, ACCEPT, {"token": token}).status_code in (400, 429)
        assert post(client, CANCEL, {"token": token}).status_code in (400, 429)
    assert post(client, ACCEPT, {"token": ["a list"]}).status_code == 400
    request = made(client)
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]})
    cancelled = post(client, CANCEL, {"token": cancel_token_of(request.reference)})
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    late = post(client, ACCEPT, {"token": offer_token(aline.member)})
    assert late.status_code == 409 and late.json()["code"] == "offer_filled"
    assert post(client, CANCEL, {"token": cancel_token_of(request.reference)}).status_code == 200


def test_an_expired_offer_cannot_be_accepted(client, staff_client):
    aline = interpreter(1)
    request = made(client)
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]})
    InterpreterOffer.objects.update(expires_at=timezone.now() - timedelta(minutes=1))
    assert post(client, ACCEPT, {"token": offer_token(aline.member)}).json()["code"] == "offer_expired"


def test_cancelling_an_assigned_request_tells_the_interpreter(client, staff_client):
    aline = interpreter(1)
    request = made(client)
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]})
    post(client, ACCEPT, {"token": offer_token(aline.member)})
    assert post(client, CANCEL, {"token": cancel_token_of(request.reference)}).status_code == 200
    assert len(mails("interpreter_assignment_cancelled", aline.member.email)) == 1


def test_completed_only_after_the_date_and_the_hours_are_the_members_in_their_export(client, staff_client):
    aline = interpreter(1)
    request = made(client, duration_minutes=90)
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]})
    post(client, ACCEPT, {"token": offer_token(aline.member)})
    early = post(staff_client, f"{STAFF}{request.pk}/complete/")
    assert early.status_code == 409 and early.json()["code"] == "not_yet"
    past = timezone.localdate() - timedelta(days=2)
    InterpreterRequest.objects.filter(pk=request.pk).update(
        date=past,
        starts_at=request.starts_at - timedelta(days=7),
        ends_at=request.ends_at - timedelta(days=7),
    )
    done = post(staff_client, f"{STAFF}{request.pk}/complete/")
    assert done.status_code == 200 and done.json()["status"] == "completed"
    assert post(staff_client, f"{STAFF}{request.pk}/complete/").status_code == 409
    assert list(InterpretingHours.objects.values_list("member_id", "minutes")) == [(aline.member_id, 90)]

    client.defaults.pop("HTTP_AUTHORIZATION", None)
    access = signed_in(client, aline.member)
    mine = client.get("/api/my-membership/interpreting/", **bearer(access)).json()
    assert mine["years"] == [{"year": past.year, "hours": 1.5, "assignments": 1}]
    assert mine["assignments"][0]["hours"] == 1.5 and "address" not in mine["assignments"][0]
    assert client.get("/api/my-membership/interpreting/").status_code == 401

    # The member's own data export holds what the directory and requests keep about them.
    export = client.get("/api/my-membership/export/", **bearer(access))
    mine = export.json()["interpreting"]
    assert mine["profile"]["display_name"] == aline.display_name and "tags" not in mine["profile"]
    assert [(o["reference"], o["status"]) for o in mine["offers"]] == [(request.reference, "accepted")]
    assert [(h["reference"], h["minutes"]) for h in mine["hours"]] == [(request.reference, 90)]
    assert request.email not in export.content.decode()  # the requester's, not the member's


def test_unfilled_any_time_with_a_reason_and_the_requester_is_told(client, staff_client):
    request = made(client)
    assert post(staff_client, f"{STAFF}{request.pk}/unfilled/", {"reason": ""}).status_code == 400
    answer = post(staff_client, f"{STAFF}{request.pk}/unfilled/", {"reason": "No interpreter free in Gasabo"})
    assert answer.status_code == 200 and answer.json()["unfilled_reason"] == "No interpreter free in Gasabo"
    assert len(mails("interpreter_request_unfilled", "claudine@example.org")) == 1
    assert post(staff_client, f"{STAFF}{request.pk}/unfilled/", {"reason": "again"}).status_code == 409
    assert post(staff_client, f"{STAFF}999999/unfilled/", {"reason": "x"}).status_code == 404


def test_the_staff_list_by_status_urgent_first_in_pages(client, staff_client, django_assert_max_num_queries):
    later = made(client)
    soon = timezone.localtime() + timedelta(hours=6)
    urgent = made(client, date=soon.date().isoformat(), start_time=soon.strftime("%H:%M"))
    for _n in range(5):
        made(client, setting="education")
    with django_assert_max_num_queries(5):
        page = staff_client.get(f"{STAFF}?status=NEW&page_size=10").json()
    assert page["count"] == 7 and page["results"][0]["id"] == urgent.pk
    assert page["counts"]["new"] == 7
    assert later.pk in [row["id"] for row in page["results"]]
    assert staff_client.get(f"{STAFF}?status=lost").status_code == 400
    assert staff_client.get(f"{STAFF}?page_size=7").status_code == 400
    detail = staff_client.get(f"{STAFF}{urgent.pk}/").json()
    assert detail["urgent"] is True and detail["email"] == "claudine@example.org"
    assert staff_client.get(f"{STAFF}999999/").status_code == 404


def test_suggestions_are_counted_in_a_few_queries(client, staff_client, django_assert_max_num_queries):
    for i in range(8):
        interpreter(i + 1)
    request = made(client)
    with django_assert_max_num_queries(4):
        assert len(staff_client.get(f"{STAFF}{request.pk}/suggestions/").json()) == 8


def test_the_day_before_reminder_is_sent_once(client, staff_client):
    aline = interpreter(1)
    soon = timezone.localtime() + timedelta(hours=30)
    request = made(client, date=soon.date().isoformat(), start_time=soon.strftime("%H:%M"))
    post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]})
    post(client, ACCEPT, {"token": offer_token(aline.member)})
    assert sweeps.reminders_send() == 0  # 30 hours ahead: not yet
    later = timezone.now() + timedelta(hours=8)
    assert sweeps.reminders_send(now=later) == 1
    assert sweeps.reminders_send(now=later) == 0
    assert len(mails("interpreter_request_reminder", "claudine@example.org")) == 1
    [reminder] = mails("interpreter_assignment_reminder", aline.member.email)
    assert reminder.context["requester_phone"] == "0788 123 456"


def test_the_requester_is_erased_after_the_retention_and_the_counts_stay(client, staff_client, settings):
    settings.INTERPRETER_REQUEST_RETENTION_DAYS = 30
    old, recent = made(client), made(client)
    InterpreterRequest.objects.filter(pk=old.pk).update(date=timezone.localdate() - timedelta(days=40))
    assert sweeps.requesters_erase() == 1
    old.refresh_from_db()
    assert (old.full_name, old.email, old.phone, old.address, old.notes) == ("", "", "", "", "")
    assert old.erased_at is not None and old.setting == "medical"
    assert mails("interpreter_request_received", "claudine@example.org") != []  # the recent one's
    assert all(m.context["reference"] == recent.reference for m in mails("interpreter_request_received"))
    assert sweeps.requesters_erase() == 0
    year = old.date.year
    report = staff_client.get(f"/api/management/interpreting/report/?year={year}").json()
    assert report["totals"]["requests"] >= 1


def test_the_report_and_its_csv(client, staff_client):
    aline = interpreter(1)
    filled = made(client)
    post(staff_client, f"{STAFF}{filled.pk}/offers/", {"member_ids": [aline.member_id]})
    post(client, ACCEPT, {"token": offer_token(aline.member)})
    unfilled = made(client, setting="education", district="Huye")
    post(staff_client, f"{STAFF}{unfilled.pk}/unfilled/", {"reason": "Nobody in Huye"})
    year = filled.date.year
    report = staff_client.get(f"/api/management/interpreting/report/?year={year}").json()
    assert report["totals"]["requests"] == 2 and report["totals"]["filled"] == 1
    assert report["totals"]["share_filled"] == 0.5
    assert report["totals"]["median_hours_to_assignment"] is not None
    assert report["unfilled"] == [
        {
            "reference": unfilled.reference,
            "date": unfilled.date.isoformat(),
            "setting": "education",
            "district": "Huye",
            "reason": "Nobody in Huye",
        }
    ]
    month = next(m for m in report["months"] if m["month"] == f"{year}-{filled.date.month:02d}")
    assert month["requests"] >= 1
    csv = staff_client.get(f"/api/management/interpreting/report/?year={year}&format=csv")
    assert csv.status_code == 200 and csv["Content-Type"].startswith("text/csv")
    text = csv.content.decode("utf-8-sig")
    assert text.splitlines()[0] == "month,setting,district,requests,filled,unfilled,cancelled,open"
    assert "Huye" in text
    assert staff_client.get("/api/management/interpreting/report/?format=pdf").status_code == 400
    assert staff_client.get("/api/management/interpreting/report/?year=1").status_code == 400
    summary = client.get("/api/interpreting/summary/").json()
    this_year = next(y for y in summary["years"] if y["year"] == year)
    assert (this_year["requests"], this_year["filled"], this_year["unfilled"]) == (2, 1, 1)


def test_the_detail_the_report_and_the_members_hours_in_a_few_queries(
    client, staff_client, django_assert_max_num_queries
):
    profiles = [interpreter(i + 1) for i in range(4)]
    requests = [made(client, start_time=f"{8 + i:02d}:00", duration_minutes=30) for i in range(3)]
    for request in requests:
        post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [p.member_id for p in profiles]})
    for request in requests:  # the first interpreter takes each (at different times: no clash)
        mail = next(
            m
            for m in mails("interpreter_offer", profiles[0].member.email)
            if m.context["reference"] == request.reference
        )
        token = mail.context["accept_link"].split("#token=")[1].split("&")[0]
        assert post(client, ACCEPT, {"token": token}).status_code == 200
    with django_assert_max_num_queries(4):
        detail = staff_client.get(f"{STAFF}{requests[0].pk}/").json()
    assert len(detail["offers"]) == 4
    with django_assert_max_num_queries(4):
        assert staff_client.get("/api/management/interpreting/report/").json()["totals"]["requests"] == 3
    with django_assert_max_num_queries(6):
        assert client.get("/api/interpreting/summary/").status_code == 200
    client.defaults.pop("HTTP_AUTHORIZATION", None)
    access = signed_in(client, profiles[0].member)
    with django_assert_max_num_queries(5):
        mine = client.get("/api/my-membership/interpreting/", **bearer(access)).json()
    assert len(mine["assignments"]) == 3


@pytest.mark.parametrize(
    "changes",
    [
        {"email": ["a@b.org"]},
        {"languages": {"a": 1}},
        {"languages": [1, None]},
        {"deaf_count": 10**12},
        {"duration_minutes": 90.5},
        {"duration_minutes": True},
        {"preferred_interpreter_id": "abc"},
        {"preferred_interpreter_id": 10**30},
        {"date": "2026-13-01"},
        {"date": 20261201},
        {"start_time": "10:00:00.123456789"},
        {"mode": None},
        {"district": ["Gasabo"]},
        {"notes": "x" * 100_000},
    ],
)
def test_odd_bodies_answer_the_envelope_never_a_500(client, changes):
    answer = send(client, body(**changes))
    assert answer.status_code == 400, answer.content
    assert answer.json()["code"] in ("validation_error", "bad_request", "request_too_large")


def test_a_requester_erased_on_request_by_address(client):
    mine, other = made(client, email="Claudine@Example.org"), made(client, email="someone@example.org")
    assert sweeps.requesters_erase_for_email(email="claudine@example.org") == {
        "interpreter_requests": 1,
        "emails": 1,
    }
    mine.refresh_from_db()
    other.refresh_from_db()
    assert (mine.email, mine.full_name, mine.erased_at is not None) == ("", "", True)
    assert other.email == "someone@example.org"
    assert mails("interpreter_request_received", "Claudine@Example.org") == []
