"""Every member Approved before periods existed gets a first period from the day of their latest
approval (approved_at; else the day they joined, else the day they applied), of
MEMBERSHIP_PERIOD_MONTHS, with no fee (what they paid then is not known), and their end date.
In batches of BATCH members, a few statements each, on SQLite and PostgreSQL alike."""

import calendar
from datetime import date, timedelta

from django.conf import settings
from django.db import migrations
from django.utils import timezone

BATCH = 1000


def _end(start: date, months: int) -> date:
    # As services.members.standing.period_end (copied: a migration keeps the rule it ran with).
    year, month = divmod(start.year * 12 + start.month - 1 + months, 12)
    month += 1
    last_day = calendar.monthrange(year, month)[1]
    if start.day > last_day:
        return date(year, month, last_day)
    return date(year, month, start.day) - timedelta(days=1)


def first_periods(apps, schema_editor) -> int:
    member_model = apps.get_model("members", "Member")
    period_model = apps.get_model("members", "MembershipPeriod")
    months = settings.MEMBERSHIP_PERIOD_MONTHS
    done, after = 0, 0
    while True:
        members = list(
            member_model.objects.filter(approval_status="Approved", membership_end__isnull=True, pk__gt=after)
            .only(
                "pk",
                "approved_at",
                "joined_at",
                "created_at",
                "decided_by_id",
                "transaction_id",
                "payment_method",
            )
            .order_by("pk")[:BATCH]
        )
        if not members:
            return done
        periods = []
        for member in members:
            since = member.approved_at or member.joined_at or member.created_at
            start = timezone.localtime(since).date()
            member.membership_end = _end(start, months)
            periods.append(
                period_model(
                    member_id=member.pk,
                    start=start,
                    end=member.membership_end,
                    fee=None,
                    transaction_id=member.transaction_id,
                    payment_method=member.payment_method,
                    confirmed_by_id=member.decided_by_id,
                    confirmed_at=member.approved_at,
                )
            )
        period_model.objects.bulk_create(periods, ignore_conflicts=True)
        member_model.objects.bulk_update(members, ["membership_end"])
        done += len(members)
        after = members[-1].pk


def no_periods(apps, schema_editor):
    apps.get_model("members", "MembershipPeriod").objects.all().delete()
    apps.get_model("members", "Member").objects.update(membership_end=None)


class Migration(migrations.Migration):
    dependencies = [
        ("members", "0006_membership_periods"),
    ]

    operations = [migrations.RunPython(first_periods, no_periods)]
