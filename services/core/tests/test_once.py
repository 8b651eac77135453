"""The shared pieces of work done once on a schedule (services/core/once.py): the latest point
passed, and the claims whose unique key makes the work once."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.utils import timezone

from services.core.once import claim, claim_many, latest_passed
from services.members.models import MembershipPeriod, RenewalNotice
from services.members.tests.helpers import make_member

T = datetime(2027, 3, 10, 9, tzinfo=UTC)


@pytest.mark.parametrize(
    ("now", "due"),
    [
        (T - timedelta(days=8), None),
        (T - timedelta(days=7), ("a", T - timedelta(days=7))),  # at the point: passed
        (T - timedelta(days=1, seconds=1), ("a", T - timedelta(days=7))),
        (T, ("b", T - timedelta(days=1))),  # both passed: only the latest
    ],
)
def test_the_latest_point_passed(now, due):
    points = [("b", T - timedelta(days=1)), ("a", T - timedelta(days=7))]  # in any order
    assert latest_passed(points, now) == due


@pytest.mark.django_db
def test_a_claim_is_written_once_and_many_claims_answer_only_their_own():
    member = make_member(1, approval_status="Approved")
    periods = [
        MembershipPeriod.objects.create(member=member, start=date(2026 + i, 1, 1), end=date(2026 + i, 12, 31))
        for i in range(3)
    ]
    now = timezone.now()

    def row(period, kind):
        return {"member": member.pk, "period": period.pk, "kind": kind, "sent_at": now}

    assert claim(RenewalNotice, member=member, period=periods[0], kind="7_days", sent_at=now)
    assert not claim(RenewalNotice, member=member, period=periods[0], kind="7_days", sent_at=now)
    taken = claim_many(
        RenewalNotice,
        [row(periods[0], "7_days"), row(periods[0], "30_days"), row(periods[1], "7_days")],
        key=("period", "kind"),
    )
    assert taken == {(periods[0].pk, "30_days"), (periods[1].pk, "7_days")}
    assert claim_many(RenewalNotice, [row(periods[1], "7_days")], key=("period", "kind")) == set()
    assert claim_many(RenewalNotice, [], key=("period", "kind")) == set()
    assert RenewalNotice.objects.count() == 3
