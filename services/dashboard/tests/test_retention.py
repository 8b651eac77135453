"""The retention purges erase people, not figures: every report reads the same before and after."""

from datetime import timedelta

import pytest

from services.dashboard import selectors
from services.events.models import Event
from services.events.tests.factories import make_event
from services.members.models import ErasedMember, ErasedMembershipPeriod, Member
from services.members.services import rejected_purge
from services.members.tests.helpers import make_member
from services.registrations.erasure import ended_purge
from services.registrations.models import ErasedRegistration, Registration

from .factories import association, attend, backdate, day, moment, period

pytestmark = pytest.mark.django_db


def figures() -> dict:
    """Everything the dashboard home and the three reports show, for the year and for a search."""
    summary = selectors.dashboard_summary()
    return {
        "summary": {key: summary[key] for key in ("members", "registrations", "events")},
        "attendance": selectors.attendance_report(period="year"),
        "growth": selectors.growth_report(period="year"),
        "activities": selectors.activity_report(period="year"),
        "quarter": selectors.activity_report(period="quarter"),
    }


def without_names(report: dict) -> dict:
    return {**report, "rows": [{**row, "who": None} for row in report["rows"]]}


def test_every_report_reads_the_same_after_the_retention_purges(staff, settings):
    settings.PERSONAL_DATA_RETENTION_DAYS = settings.MEMBER_REJECTED_RETENTION_DAYS = 180
    association(staff)
    # Ended more than 180 days ago, inside the year the reports cover.
    fair = make_event("Spring Fair", status=Event.Status.COMPLETED, date=day(230))
    refused = attend(fair, "refused@example.org", Registration.Status.REJECTED, decided_by=staff)
    lapsed = attend(fair, "lapsed@example.org", Registration.Status.EXPIRED)
    backdate(refused, registration_date=moment(240), decided_at=moment(200))
    backdate(lapsed, registration_date=moment(235), decided_at=moment(234))
    gone = make_member(
        9,
        full_name="Once Member",
        approval_status="Rejected",
        joined_at=moment(300),
        renewed_at=moment(250),
        rejected_at=moment(190),
        decided_by=staff,
    )
    backdate(gone, created_at=moment(310))
    # Their years: the first one's grace ended within the year, renewed in time (a renewal).
    first = period(gone, day(700))
    period(gone, first.end + timedelta(days=1))
    before = figures()
    assert before["growth"]["totals"]["renewals"] == 2 and before["growth"]["totals"]["retained"] == 2

    assert ended_purge()["registrations"] == 2
    assert rejected_purge() == 1

    assert not Registration.objects.filter(email__in=["refused@example.org", "lapsed@example.org"]).exists()
    assert not Member.objects.filter(pk=gone.pk).exists()
    assert (ErasedRegistration.objects.count(), ErasedMember.objects.count()) == (2, 1)
    assert ErasedMembershipPeriod.objects.count() == 2  # their dates only
    after = figures()
    for name in ("summary", "attendance", "growth"):
        assert after[name] == before[name], name
    for name in ("activities", "quarter"):
        assert after[name]["count"] == before[name]["count"]
        # The same activities, the same dates and deciders; only the erased have no name now.
        assert without_names(after[name]) == without_names(before[name])
    erased_rows = [row for row in after["activities"]["rows"] if row["who"] is None]
    assert sorted(row["kind"] for row in erased_rows) == [
        "member_applied",
        "member_joined",
        "member_rejected",
        "member_renewed",
        "registration_rejected",
        "registration_submitted",
        "registration_submitted",
    ]
    # A second run finds nothing more: the purges are idempotent.
    assert ended_purge()["registrations"] == 0 and rejected_purge() == 0
    assert figures() == after


def test_a_search_by_name_never_finds_the_erased(staff, settings):
    settings.MEMBER_REJECTED_RETENTION_DAYS = 180
    gone = make_member(9, full_name="Once Member", approval_status="Rejected", rejected_at=moment(190))
    backdate(gone, created_at=moment(200))
    rejected_purge()
    assert selectors.activity_report(period="year", search="Once")["count"] == 0
    assert selectors.activity_report(period="year")["count"] == 2
