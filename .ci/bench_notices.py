"""The nightly run of renewal notices (services/members/notices.py) over many members, in this
process against the run's database (DATABASE_URL). Figures, never a test: it prints.

    python bench_notices.py [MEMBERS]

Seeds MEMBERS (10,000) Approved members with one period each, then times renewal_notices_send:
    - ends spread over a year: the first run (every notice due in the windows: the day the
      notices are deployed), the next night (the ordinary night: the notices that came due in a
      day), and an hour later (nothing due: what the beat finds on most of its runs);
    - catch-up: every member due at once (ends three days ahead: each owes the 7-day notice),
      then the same run again (nothing left).
Each batch (BATCH periods, one transaction) is timed and its statements counted: the figures
per batch stay the same whatever the number of members. The seeded members, their notices and
their e-mails are deleted afterwards.
"""

import os
import statistics
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.utils import timezone  # noqa: E402

from services.members import notices  # noqa: E402
from services.members.models import Member, MembershipPeriod, RenewalNotice  # noqa: E402
from services.notifications.models import Notification  # noqa: E402

PREFIX = "bench-notice-"


def seed(count: int, ends) -> None:
    members = Member.objects.bulk_create(
        [
            Member(
                full_name=f"Bench {i}",
                email=f"{PREFIX}{i}@example.org",
                phone=f"+25079{i:07d}",
                nationality="Rwandan",
                address="Kigali",
                membership_type="Individual",
                payment_method="Mobile Money",
                approval_status="Approved",
                membership_number=f"B{i:07d}",
                membership_end=ends(i),
            )
            for i in range(count)
        ],
        batch_size=2000,
    )
    MembershipPeriod.objects.bulk_create(
        [
            MembershipPeriod(member=m, start=m.membership_end - timedelta(days=364), end=m.membership_end)
            for m in members
        ],
        batch_size=2000,
    )
    # Statistics as autovacuum keeps them on a live database: planned on none, the re-read of a
    # batch joins every period to every member (a second a batch instead of 10 ms).
    with connection.cursor() as cursor:
        for model in (Member, MembershipPeriod, RenewalNotice):
            cursor.execute(f"ANALYZE {connection.ops.quote_name(model._meta.db_table)}")


def clear() -> None:
    Notification.objects.filter(template=notices.TEMPLATE, recipient__startswith=PREFIX).delete()
    Member.objects.filter(email__startswith=PREFIX).delete()


class Counted:
    """Statements and time of each batch (notices._send_batch), and of the whole run."""

    def __init__(self):
        self.batches: list[tuple[float, int]] = []
        self.statements = 0
        self._send = notices._send_batch

    def __call__(self, execute, sql, params, many, context):
        self.statements += 1
        return execute(sql, params, many, context)

    def run(self, now) -> tuple[int, float]:
        def timed(*args):
            before, started = self.statements, time.perf_counter()
            sent = self._send(*args)
            self.batches.append((time.perf_counter() - started, self.statements - before))
            return sent

        notices._send_batch = timed
        try:
            with connection.execute_wrapper(self):
                started = time.perf_counter()
                sent = notices.renewal_notices_send(now=now)
                return sent, time.perf_counter() - started
        finally:
            notices._send_batch = self._send


def report(label: str, now) -> str:
    counted = Counted()
    sent, seconds = counted.run(now)
    line = f"  {label}: {sent} notices in {seconds * 1000:.0f} ms, {counted.statements} statements"
    if counted.batches:
        times = [t for t, _n in counted.batches]
        statements = sorted({n for _t, n in counted.batches})
        line += (
            f"; {len(counted.batches)} batches of up to {notices.BATCH}:"
            f" {statistics.median(times) * 1000:.0f} ms each (max {max(times) * 1000:.0f}),"
            f" statements per batch {statements}"
        )
    return line


def main(count: int) -> None:
    clear()
    today = timezone.localdate()
    now = timezone.localtime().replace(hour=notices.settings.RENEWAL_NOTICE_HOUR, minute=30)
    print(f"Renewal notices over {count:,} members ({connection.vendor}):")
    try:
        seed(count, lambda i: today + timedelta(days=i % 365 - 40))  # ends from 40 days ago to 325 ahead
        print(report("ends over a year, first run", now))
        print(report("the next night", now + timedelta(days=1)))
        print(report("an hour later, nothing due", now + timedelta(days=1, hours=1)))
        clear()
        seed(count, lambda i: today + timedelta(days=3))
        print(report("catch-up, every member due", now))
        print(report("run again, nothing due", now))
    finally:
        clear()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
