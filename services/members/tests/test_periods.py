"""The membership year: periods, the standing computed from them at every boundary, the approval's
first period, the backfill of members approved before periods existed, and the staff list's
standing filter and end-date order (docs/members.md, The membership year)."""

import importlib
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
from django.apps import apps as django_apps
from django.db import IntegrityError, transaction
from django.utils import timezone

from services.dashboard import selectors as dashboard
from services.members.models import Member, MembershipPeriod
from services.members.standing import (
    STANDINGS,
    Standing,
    end_bounds,
    member_standing,
    period_end,
    renewal_open,
    standing,
)

from .helpers import make_member

MEMBERS = "/api/management/members/"
E = date(2027, 3, 31)  # a period's last day


@pytest.mark.parametrize(
    ("days", "expected"),
    [
        (-32, Standing.ACTIVE),
        (-31, Standing.ACTIVE),  # E-31: the last day Active
        (-30, Standing.EXPIRING),  # E-30: the first day Expiring
        (-29, Standing.EXPIRING),
        (-1, Standing.EXPIRING),
        (0, Standing.EXPIRING),  # E: the period's last day
        (1, Standing.GRACE),  # E+1: the first day of grace
        (29, Standing.GRACE),
        (30, Standing.GRACE),  # E+30: the last day of grace
        (31, Standing.LAPSED),  # E+31
        (32, Standing.LAPSED),
        (400, Standing.LAPSED),
    ],
)
def test_the_standing_at_every_boundary(days, expected):
    assert standing(E, E + timedelta(days=days)) == expected


@pytest.mark.parametrize(
    ("days", "expected"),
    [(-400, False), (-61, False), (-60, True), (-59, True), (0, True), (1, True), (31, True), (400, True)],
)
def test_renewal_opens_sixty_days_before_the_end_and_stays_open(days, expected):
    assert renewal_open(E, E + timedelta(days=days)) is expected


def test_no_period_or_not_approved_is_no_standing():
    assert standing(None, E) is None
    assert renewal_open(None, E) is False
    assert member_standing("Approved", E, E) == Standing.EXPIRING
    for status in ("Pending", "Rejected"):
        assert member_standing(status, E, E) is None


def test_the_databases_end_date_ranges_are_the_same_rules():
    for days in range(-70, 70):
        today = E + timedelta(days=days)
        for value in STANDINGS:
            first, last = end_bounds(Standing(value), today)
            inside = (first is None or first <= E) and (last is None or last >= E)
            assert inside == (standing(E, today) == value), (days, value)


@pytest.mark.parametrize(
    ("start", "months", "end"),
    [
        (date(2027, 1, 15), 12, date(2028, 1, 14)),
        (date(2028, 2, 29), 12, date(2029, 2, 28)),  # no 29 February in 2029: its month's last day
        (date(2028, 3, 1), 12, date(2029, 2, 28)),
        (date(2027, 2, 28), 12, date(2028, 2, 27)),  # 2028 is a leap year: the day before 28 February
        (date(2027, 3, 1), 12, date(2028, 2, 29)),
        (date(2027, 12, 31), 12, date(2028, 12, 30)),
        (date(2028, 1, 31), 1, date(2028, 2, 29)),
        (date(2027, 1, 31), 1, date(2027, 2, 28)),
        (date(2027, 8, 31), 6, date(2028, 2, 29)),
    ],
)
def test_a_period_ends_the_day_before_the_same_date_later(start, months, end):
    assert period_end(start, months) == end


def _freeze(monkeypatch, day: date) -> None:
    moment = timezone.make_aware(datetime.combine(day, time(9)))
    monkeypatch.setattr(timezone, "now", lambda: moment)


def _approve(staff_client, member):
    return staff_client.post(f"{MEMBERS}{member.pk}/approve/")


@pytest.mark.django_db
def test_approval_creates_exactly_one_period_with_the_types_fee(staff_client, staff, settings, monkeypatch):
    settings.MEMBERSHIP_FEES = {"Individual": 12000, "Institutional": None}
    _freeze(monkeypatch, date(2028, 2, 29))
    member = make_member(1, transaction_id="MM-123")
    assert _approve(staff_client, member).status_code == 200
    assert _approve(staff_client, member).status_code == 409  # already approved: no second period
    [period] = MembershipPeriod.objects.filter(member=member)
    assert (period.start, period.end, period.fee) == (date(2028, 2, 29), date(2029, 2, 28), Decimal(12000))
    assert (period.transaction_id, period.payment_method) == ("MM-123", "Mobile Money")
    assert (period.confirmed_by, period.confirmed_at) == (staff, timezone.now())
    member.refresh_from_db()
    assert member.membership_end == date(2029, 2, 28)
    body = staff_client.get(f"{MEMBERS}{member.pk}/").json()
    assert (body["standing"], body["membership_end"]) == ("Active", "2029-02-28")
    # Rejected by mistake, approved again within the year: still the same period.
    staff_client.post(f"{MEMBERS}{member.pk}/reject/")
    assert staff_client.get(f"{MEMBERS}{member.pk}/").json()["standing"] is None
    assert _approve(staff_client, member).status_code == 200
    assert MembershipPeriod.objects.filter(member=member).count() == 1
    # No fee configured for the type: none is invented.
    institution = make_member(2, membership_type="Institutional", gender="", date_of_birth=None)
    assert _approve(staff_client, institution).status_code == 200
    assert MembershipPeriod.objects.get(member=institution).fee is None


@pytest.mark.django_db
def test_an_approval_after_the_period_ended_starts_a_new_one(staff_client, monkeypatch, settings):
    settings.MEMBERSHIP_PERIOD_MONTHS = 6
    _freeze(monkeypatch, date(2027, 1, 10))
    member = make_member(1)
    _approve(staff_client, member)
    staff_client.post(f"{MEMBERS}{member.pk}/reject/")
    _freeze(monkeypatch, date(2027, 9, 1))
    assert _approve(staff_client, member).json()["standing"] == "Active"
    periods = list(MembershipPeriod.objects.filter(member=member).values_list("start", "end"))
    assert periods == [(date(2027, 1, 10), date(2027, 7, 9)), (date(2027, 9, 1), date(2028, 2, 29))]


@pytest.mark.django_db
def test_an_edit_that_approves_creates_the_period_once(staff_client):
    member = make_member(1)
    for _ in range(2):
        response = staff_client.put(
            f"{MEMBERS}{member.pk}/", {"approval_status": "Approved"}, content_type="application/json"
        )
        assert response.status_code == 200
    assert MembershipPeriod.objects.filter(member=member).count() == 1
    assert response.json()["membership_end"] is not None


@pytest.mark.django_db
def test_a_period_never_ends_before_it_starts():
    member = make_member(1)
    with pytest.raises(IntegrityError), transaction.atomic():
        MembershipPeriod.objects.create(member=member, start=date(2027, 2, 1), end=date(2027, 1, 31))


@pytest.mark.django_db
def test_the_backfill_gives_each_approved_member_a_first_period(monkeypatch):
    migration = importlib.import_module("services.members.migrations.0007_first_periods")
    monkeypatch.setattr(migration, "BATCH", 2)  # several batches
    approved = timezone.make_aware(datetime(2026, 5, 20, 23, 30))  # Kigali's day
    members = [
        make_member(
            1, approval_status="Approved", approved_at=approved, joined_at=approved, transaction_id="T1"
        ),
        make_member(2, approval_status="Approved", joined_at=approved),  # approved_at unknown
        make_member(3, approval_status="Approved"),  # neither: the day they applied
        make_member(4, approval_status="Approved", approved_at=approved),
        make_member(5, approval_status="Approved", approved_at=approved),
    ]
    make_member(6)  # Pending
    make_member(7, approval_status="Rejected", approved_at=approved)
    assert migration.first_periods(django_apps, None) == 5
    assert migration.first_periods(django_apps, None) == 0  # run again: nothing more
    assert MembershipPeriod.objects.count() == 5
    first = MembershipPeriod.objects.get(member=members[0])
    assert (first.start, first.end, first.fee, first.transaction_id) == (
        date(2026, 5, 20),
        date(2027, 5, 19),
        None,
        "T1",
    )
    assert MembershipPeriod.objects.get(member=members[1]).start == date(2026, 5, 20)
    created = timezone.localtime(members[2].created_at).date()
    assert MembershipPeriod.objects.get(member=members[2]).start == created
    ends = dict(Member.objects.values_list("pk", "membership_end"))
    assert ends[members[3].pk] == date(2027, 5, 19)
    assert [ends[pk] for pk in ends if pk not in {m.pk for m in members}] == [None, None]


def _member_ending(i: int, end: date | None, **fields) -> Member:
    return make_member(i, approval_status="Approved", is_active_member=True, membership_end=end, **fields)


@pytest.fixture
def year(monkeypatch):
    """Members in each standing on 15 June 2027."""
    today = date(2027, 6, 15)
    _freeze(monkeypatch, today)
    day = lambda n: today + timedelta(days=n)  # noqa: E731
    members = {
        "active": _member_ending(1, day(31)),
        "expiring_last": _member_ending(2, day(30)),
        "expiring_today": _member_ending(3, day(0)),
        "grace": _member_ending(4, day(-1)),
        "grace_last": _member_ending(5, day(-30)),
        "lapsed": _member_ending(6, day(-31)),
        "rejected": make_member(7, approval_status="Rejected", membership_end=day(5)),
        "pending": make_member(8),
    }
    return {name: member.pk for name, member in members.items()}


def _ids(staff_client, query: str) -> list[int]:
    response = staff_client.get(f"{MEMBERS}?{query}")
    assert response.status_code == 200, response.json()
    return [row["id"] for row in response.json()["results"]]


@pytest.mark.django_db
def test_the_list_filters_by_standing_and_sorts_by_end_date(staff_client, year):
    assert _ids(staff_client, "standing=Expiring&ordering=membership_end") == [
        year["expiring_today"],
        year["expiring_last"],
    ]
    assert _ids(staff_client, "standing=expiring&standing=GRACE&ordering=-membership_end") == [
        year["expiring_last"],
        year["expiring_today"],
        year["grace"],
        year["grace_last"],
    ]
    assert _ids(staff_client, "standing=Active") == [year["active"]]
    assert _ids(staff_client, "standing=lapsed") == [year["lapsed"]]
    # By end date, those without one last either way.
    ascending = _ids(staff_client, "ordering=membership_end&page_size=20")
    assert ascending[:7] == [
        year[name]
        for name in ("lapsed", "grace_last", "grace", "expiring_today", "rejected", "expiring_last", "active")
    ]
    assert ascending[7:] == [year["pending"]]
    descending = _ids(staff_client, "ordering=-membership_end&page_size=20")
    assert descending == [*reversed(ascending[:7]), year["pending"]]
    rows = staff_client.get(f"{MEMBERS}?ordering=membership_end&page_size=20").json()["results"]
    assert [row["standing"] for row in rows] == [
        "Lapsed",
        "Grace",
        "Grace",
        "Expiring",
        None,  # rejected
        "Expiring",
        "Active",
        None,  # pending
    ]
    assert rows[0]["membership_end"] == "2027-05-15"
    # The oldest application first, as well as the newest.
    assert _ids(staff_client, "ordering=created_at&page_size=20") == sorted(year.values())


@pytest.mark.django_db
def test_the_standing_filter_costs_the_same_queries_for_few_or_many(
    staff_client, year, django_assert_num_queries
):
    for i in range(20, 60):
        _member_ending(i, date(2027, 7, 1))
    # The token's user, then the page with the count of all it matched (one statement).
    with django_assert_num_queries(2):
        body = staff_client.get(MEMBERS, {"standing": "Expiring", "ordering": "membership_end"}).json()
    assert body["count"] == 42


@pytest.mark.django_db
@pytest.mark.parametrize("query", ["standing=Gone", "standing=", "ordering=end", "ordering=standing"])
def test_bad_standing_or_ordering_is_refused_with_the_field(staff_client, query):
    response = staff_client.get(f"{MEMBERS}?{query}")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "validation_error"
    # As the other list filters name it: "filters.standing.0" for the first value of the list.
    [field] = body["fields"]
    assert query.split("=")[0] in field


@pytest.mark.django_db
def test_the_export_follows_the_standing_filter(staff_client, year):
    response = staff_client.get(f"{MEMBERS}export/", {"standing": "grace"})
    lines = b"".join(response.streaming_content if response.streaming else [response.content]).decode()
    rows = lines.strip().splitlines()
    assert len(rows) == 3  # the header and the two in grace
    assert "Grace" in rows[1] and "2027-06-14" in lines


@pytest.mark.django_db
def test_the_dashboard_counts_members_expiring_in_the_next_30_days(year, django_assert_num_queries):
    with django_assert_num_queries(8):  # as many as before: counted in the members' one query
        summary = dashboard.dashboard_summary()
    assert summary["members"]["expiring_30_days"] == 2  # not the rejected one ending in 5 days


@pytest.mark.django_db
def test_the_detail_answers_the_standing_the_service_computes(staff_client, year):
    body = staff_client.get(f"{MEMBERS}{year['grace']}/").json()
    assert (body["standing"], body["membership_end"]) == ("Grace", "2027-06-14")
