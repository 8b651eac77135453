from datetime import date, timedelta

import pytest

from services.core.errors import ValidationFailed
from services.dashboard import selectors
from services.events.models import Event
from services.members.standing import GRACE_DAYS
from services.members.tests.helpers import make_member
from services.registrations.models import CheckIn, Registration, ScanAttempt
from services.registrations.tickets import new_ticket

from .factories import association, check_in, day, moment, period


def check_in_scanned(registration):
    """A check-in of a registration that already has its ticket, with its scan kept."""
    ScanAttempt.objects.create(
        event_id=registration.event_id,
        ticket=registration.ticket,
        nonce=f"n-{registration.pk}",
        device="door-a",
        result="checked_in",
    )
    return CheckIn.objects.create(
        ticket=registration.ticket, scanned_at=moment(10), device="door-a", nonce=f"n-{registration.pk}"
    )


pytestmark = pytest.mark.django_db


def test_summary_counts_members_registrations_and_events_as_spec_says(staff):
    association(staff)
    summary = selectors.dashboard_summary()
    # Active = Approved and active; inactive = Approved, not active; pending = anything not Approved.
    assert summary["members"] == {"total": 5, "active": 2, "inactive": 1, "pending": 2, "expiring_30_days": 0}
    assert summary["registrations"] == {"total": 8, "pending": 1, "approved": 6, "rejected": 1}
    # Upcoming = Published, whatever the date.
    assert summary["events"] == {"total": 5, "upcoming": 1}
    assert [event.title for event in summary["upcoming_events"]] == ["Future Gala"]


def test_summary_lists_the_three_soonest_published_and_the_five_latest_events_and_registrations(staff):
    for days in (40, 10, 20, 30, -3):  # -3: published but past, so not upcoming
        Event.objects.create(title=f"In {days} days", location="Kigali", status="Published", date=day(-days))
    Event.objects.create(title="Draft soon", location="Kigali", status="Draft", date=day(-1))
    summary = selectors.dashboard_summary()
    assert [event.title for event in summary["upcoming_events"]] == ["In 10 days", "In 20 days", "In 30 days"]
    assert [event.title for event in summary["recent_events"]] == [
        "Draft soon",
        "In -3 days",
        "In 30 days",
        "In 20 days",
        "In 10 days",
    ]
    association(staff)
    latest = selectors.dashboard_summary()["recent_registrations"]
    assert len(latest) == 5
    assert latest[0].event.title == "Draft Meeting"  # the same instant: the newest row first


@pytest.mark.parametrize(
    ("period", "start"),
    [
        ("week", date(2026, 3, 25)),
        ("month", date(2026, 3, 1)),  # from the day after the same date a month ago
        ("quarter", date(2026, 1, 1)),
        ("year", date(2025, 4, 1)),
        (None, date(2025, 4, 1)),  # the default: a year
    ],
)
def test_a_period_ends_today(period, start):
    window = selectors.report_window(period, today=date(2026, 3, 31))
    assert (window.start, window.end) == (start, date(2026, 3, 31))


def test_month_arithmetic_keeps_to_the_end_of_short_months():
    assert selectors.report_window("month", today=date(2026, 3, 31)).start == date(2026, 3, 1)
    assert selectors.report_window("quarter", today=date(2026, 5, 31)).start == date(2026, 3, 1)
    assert selectors.report_window("year", today=date(2024, 2, 29)).start == date(2023, 3, 1)
    # Whole months at the end of a month; otherwise the first and the last are partial.
    assert len(selectors.report_window("year", today=date(2026, 3, 31)).months()) == 12
    assert selectors.report_window("year", today=date(2026, 3, 15)).months()[0] == date(2025, 3, 1)
    assert len(selectors.report_window("year", today=date(2026, 3, 15)).months()) == 13


@pytest.mark.parametrize("period", ["day", "WEEK", "", " year"])
def test_an_unknown_period_is_refused_naming_the_field(period):
    if period == "":
        assert selectors.report_window(period).period == "year"  # empty: the default
        return
    with pytest.raises(ValidationFailed) as refused:
        selectors.report_window(period)
    assert refused.value.fields == {"period": "Not one of the allowed values."}


def test_attendance_counts_approved_registrations_and_matches_members_by_email(staff):
    association(staff)
    report = selectors.attendance_report(period="year")
    assert report["rows"] == [
        {
            "event_id": report["rows"][0]["event_id"],
            "event_name": "Past Workshop",
            "date": day(10),
            "counted_from": "confirmed_seats",
            "total_attendees": 3,
            "members": 2,
            "non_members": 1,
            "member_percentage": 66.7,
        },
        {
            "event_id": report["rows"][1]["event_id"],
            "event_name": "Old Conference",
            "date": day(200),
            "counted_from": "confirmed_seats",
            "total_attendees": 2,
            "members": 1,
            "non_members": 1,
            "member_percentage": 50.0,
        },
    ]
    assert report["count"] == 2
    assert report["totals"] == {
        "total_attendees": 5,
        "members": 3,
        "non_members": 2,
        "member_attendance_rate": 60.0,
        "events_from_confirmed_seats": 2,
    }


def test_attendance_counts_who_was_checked_in_once_the_door_has_scanned(staff):
    people = association(staff)
    workshop = people["workshop"]
    approved = Registration.objects.filter(event=workshop, registration_status="Approved")
    aline, _bosco, visitor = approved.order_by("pk")
    check_in(aline)
    check_in(visitor, device="door-b")
    # Bosco was confirmed but never came: no longer an attendee of the workshop.
    report = selectors.attendance_report(period="year")
    workshop_row, conference_row = report["rows"]
    shown = ("counted_from", "total_attendees", "members", "non_members")
    assert {key: workshop_row[key] for key in shown} == {
        "counted_from": "check_ins",
        "total_attendees": 2,
        "members": 1,
        "non_members": 1,
    }
    assert workshop_row["member_percentage"] == 50.0
    # The conference's door scanned nothing (before check-in): still its confirmed seats.
    assert (conference_row["counted_from"], conference_row["total_attendees"]) == ("confirmed_seats", 2)
    assert report["totals"] == {
        "total_attendees": 4,
        "members": 2,
        "non_members": 2,
        "member_attendance_rate": 50.0,
        "events_from_confirmed_seats": 1,
    }


def test_a_door_whose_check_ins_were_all_undone_counts_nobody_and_tickets_alone_change_nothing(staff):
    people = association(staff)
    workshop = people["workshop"]
    # Tickets issued (seats approved since check-in exists) but no scan yet: confirmed seats.
    for registration in Registration.objects.filter(event=workshop, registration_status="Approved"):
        new_ticket(registration.pk).save()
    assert selectors.attendance_report(period="year")["rows"][0]["counted_from"] == "confirmed_seats"
    first = Registration.objects.filter(event=workshop, registration_status="Approved").first()
    CheckIn.objects.filter(pk=check_in_scanned(first).pk).delete()  # undone: its scan stays an attempt
    row = selectors.attendance_report(period="year")["rows"][0]
    assert (row["counted_from"], row["total_attendees"], row["member_percentage"]) == ("check_ins", 0, None)
    # A check-in kept without its attempt (written by hand) counts as well.
    ScanAttempt.objects.all().delete()
    second = Registration.objects.filter(event=workshop, registration_status="Approved").last()
    CheckIn.objects.create(ticket=second.ticket, scanned_at=moment(10), device="door-a", nonce="by-hand")
    row = selectors.attendance_report(period="year")["rows"][0]
    assert (row["counted_from"], row["total_attendees"]) == ("check_ins", 1)


def test_attendance_follows_the_period_and_the_search(staff):
    association(staff)
    month = selectors.attendance_report(period="month")
    assert [row["event_name"] for row in month["rows"]] == ["Past Workshop"]
    assert month["totals"]["total_attendees"] == 3
    found = selectors.attendance_report(period="year", search="  CONFERENCE ")
    assert [row["event_name"] for row in found["rows"]] == ["Old Conference"]
    assert (found["count"], found["totals"]["member_attendance_rate"]) == (1, 50.0)
    nothing = selectors.attendance_report(period="week")
    assert (nothing["rows"], nothing["count"], nothing["totals"]["member_attendance_rate"]) == ([], 0, None)


def test_an_event_without_attendees_shows_no_percentage(staff):
    Event.objects.create(title="Quiet day", location="Kigali", status="Completed", date=day(3))
    [row] = selectors.attendance_report(period="week")["rows"]
    assert (row["total_attendees"], row["member_percentage"]) == (0, None)


def test_activities_list_what_was_recorded_newest_first_with_who_decided(staff):
    people = association(staff)
    report = selectors.activity_report(period="month")
    rows = [
        (row["kind"], row["who"], row["event_title"], row["status"], row["decided_by"])
        for row in report["rows"]
    ]
    staff_name = "Grace Mukamana"
    registrations = [
        ("registration_submitted", name, event, status, None)
        for name, event, status in [
            ("Aline", "Draft Meeting", "Approved"),  # the same moment: by kind, name, event
            ("Aline", "Past Workshop", "Approved"),
            ("Bosco", "Past Workshop", "Approved"),
            ("Claire", "Past Workshop", "Pending"),
            ("Dan", "Old Conference", "Approved"),
            ("Eve", "Old Conference", "Approved"),
            ("Late", "Past Workshop", "Rejected"),
            ("Visitor", "Past Workshop", "Approved"),
        ]
    ]
    assert rows == [
        ("member_applied", "Claire Ingabire", None, "Pending", None),
        ("registration_rejected", "Late", "Past Workshop", "Rejected", staff_name),
        ("member_rejected", "Dan Mugisha", None, "Rejected", staff_name),
        ("member_applied", "Dan Mugisha", None, "Rejected", None),
        ("registration_approved", "Visitor", "Past Workshop", "Approved", staff_name),
        *registrations,
        ("member_renewed", "Eve Umutoni", None, "Approved", staff_name),
    ]
    assert report["count"] == len(rows)
    # Aline joined 40 days ago: in the quarter, with the staff user who approved her.
    quarter = selectors.activity_report(period="quarter", search="aline")
    assert [(row["kind"], row["decided_by"]) for row in quarter["rows"]][-2:] == [
        ("member_joined", staff_name),
        ("member_applied", None),
    ]
    assert quarter["rows"][-2]["at"] == moment(40)
    assert people["aline"].pk  # the search matched by name only


def test_a_decision_recorded_later_takes_the_name_off_the_earlier_one(staff):
    people = association(staff)
    # Eve was renewed by staff; rejected since by someone unknown: her renewal row keeps its
    # date but no longer claims a decider, and the rejection has none recorded.
    eve = people["eve"]
    eve.refresh_from_db()
    eve.approval_status, eve.rejected_at, eve.decided_by = "Rejected", moment(1), None
    eve.save()
    rows = selectors.activity_report(period="month", search="Eve Umutoni")["rows"]
    assert [(row["kind"], row["decided_by"]) for row in rows] == [
        ("member_rejected", None),
        ("member_renewed", None),
    ]


def test_activities_are_bounded_and_counted(staff, monkeypatch):
    association(staff)
    monkeypatch.setattr(selectors, "ROW_LIMIT", 3)
    report = selectors.activity_report(period="year")
    assert len(report["rows"]) == 3
    assert report["count"] == 16  # 3 applications, a join, a renewal, a rejection, 8 sign-ups, 2 decisions


def test_growth_counts_joins_and_renewals_per_month_and_retention(staff, django_assert_num_queries):
    people = association(staff)
    today = date.today()
    with django_assert_num_queries(4):  # periods per month, retention; the same for the erased
        report = selectors.growth_report(period="year", today=today)
    by_month = {row["month"]: (row["new_members"], row["renewals"]) for row in report["rows"]}
    assert list(by_month) == selectors.report_window("year", today=today).months()
    # Aline's first period is a join; Eve's second a renewal, in the month it starts.
    renewal = people["eve"].periods.order_by("start").last()
    joined, renewed = day(40).replace(day=1), renewal.start.replace(day=1)
    assert by_month[joined][0] == 1 and by_month[renewed][1] == 1
    assert sum(new for new, _ in by_month.values()) == 1
    assert sum(renewals for _, renewals in by_month.values()) == 1
    # Bosco's and Eve's grace ended within the year: Eve had renewed, Bosco had not.
    assert report["totals"] == {
        "new_members": 1,
        "renewals": 1,
        "members_at_start": 2,
        "retained": 1,
        "retention_rate": 50.0,
    }
    with django_assert_num_queries(2):  # a search leaves out the erased (they have no name)
        searched = selectors.growth_report(period="year", search="bosco")["totals"]
    assert (searched["new_members"], searched["members_at_start"], searched["retention_rate"]) == (0, 1, 0.0)
    # Bosco's grace ended a few days ago (his year ended about 36 days ago): due this week.
    week = selectors.growth_report(period="week")["totals"]
    assert (week["new_members"], week["renewals"], week["members_at_start"], week["retained"]) == (0, 0, 1, 0)


@pytest.mark.parametrize(
    ("next_start_after_end", "retained"),
    [(None, 0), (1, 1), (GRACE_DAYS, 1), (GRACE_DAYS + 1, 0), (200, 0)],
)
def test_retention_is_renewal_before_grace_ends(next_start_after_end, retained):
    """A membership is due in the window where its grace ends (the first Lapsed day, E+31, in
    the window); it was retained if its next period starts after E and by grace's last day."""
    today = date(2026, 11, 29)
    member = make_member(1, approval_status="Approved", is_active_member=True)
    first = period(member, date(2025, 10, 1))  # ends 2026-09-30; lapsed from 2026-10-31
    if next_start_after_end is not None:
        period(member, first.end + timedelta(days=next_start_after_end))
    totals = selectors.growth_report(period="month", today=today)["totals"]  # 2026-10-30 to 2026-11-29
    assert (totals["members_at_start"], totals["retained"]) == (1, retained)
    # The quarter holds the same due year; the week does not (its grace ended a month ago).
    assert selectors.growth_report(period="week", today=today)["totals"]["members_at_start"] == 0
    # A lapsed member who comes back later is a renewal (not a new member) in their start month.
    if next_start_after_end == 200:
        year = selectors.growth_report(period="year", today=date(2027, 5, 1))["totals"]
        assert (year["new_members"], year["renewals"]) == (0, 1)


def test_a_search_over_the_limit_is_refused():
    with pytest.raises(ValidationFailed) as refused:
        selectors.attendance_report(search="x" * 101)
    assert list(refused.value.fields) == ["search"]
