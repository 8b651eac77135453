"""Renewal notices: e-mails 30 and 7 days before a period's last day (E), on E and when its grace
ends (E+30), at RENEWAL_NOTICE_HOUR Kigali time, each exactly once per period and kind
(docs/members.md, Renewal notices).

A notice is due once its point has passed and while it still means something: only the latest
kind passed (a schedule that was down sends that one, never an earlier one: no "ends in 30 days"
three days before the end); "ends today" only on E itself; "has lapsed" up to LAPSED_NOTICE_DAYS
after the grace ends (a member who lapsed long before gets none); and none about a period that a
later one follows (renewed)."""

from datetime import date, datetime, time, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Case, CharField, Exists, OuterRef, Q, Value, When
from django.utils import timezone

from services.core.once import claim_many, latest_passed
from services.notifications.languages import language_code
from services.notifications.services import notifications_queue_many

from .models import Member, MembershipPeriod, RenewalNotice
from .standing import GRACE_DAYS

# Each kind's day, counted from the period's last day E, the earliest first.
NOTICE_DAYS = {
    RenewalNotice.Kind.THIRTY_DAYS.value: -30,
    RenewalNotice.Kind.SEVEN_DAYS.value: -7,
    RenewalNotice.Kind.END_DAY.value: 0,
    RenewalNotice.Kind.GRACE_END.value: GRACE_DAYS,
}
KINDS = tuple(NOTICE_DAYS)
# "Your membership has lapsed" goes up to this many days after the grace ended, no later.
LAPSED_NOTICE_DAYS = 30
BATCH = 500  # periods per transaction: the queries of a batch are the same whatever its size
TEMPLATE = "renewal_notice"


def _at(day: date, hour: int) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour)))


def notice_points(end: date, hour: int) -> list[tuple[str, datetime]]:
    """Each kind's point for a period ending on `end`: its day at `hour`, local time."""
    return [(kind, _at(end + timedelta(days=days), hour)) for kind, days in NOTICE_DAYS.items()]


def notice_due(end: date, now: datetime, hour: int) -> str | None:
    """The kind of notice due now about a period ending on `end` (that no later period follows),
    or None: the latest point passed, while its meaning holds."""
    due = latest_passed(notice_points(end, hour), now)
    if due is None:
        return None
    kind, point = due
    if kind == RenewalNotice.Kind.END_DAY and timezone.localdate(now) > end:
        return None  # "ends today" the day after
    if kind == RenewalNotice.Kind.GRACE_END and now >= point + timedelta(days=LAPSED_NOTICE_DAYS):
        return None
    return kind


def end_ranges(now: datetime, hour: int) -> dict[str, tuple[date, date]]:
    """notice_due turned round: for each kind, the end dates (first, last; first > last: none)
    of the periods that kind is due to now, so that the database finds them on a date range."""
    local = timezone.localtime(now)
    # The latest day whose notice hour has passed.
    last_day = local.date() if local.time() >= time(hour) else local.date() - timedelta(days=1)
    ranges = {}
    for index, kind in enumerate(KINDS):
        newest = last_day - timedelta(days=NOTICE_DAYS[kind])  # its point passed
        if index + 1 < len(KINDS):  # the next kind's point not passed
            oldest = last_day - timedelta(days=NOTICE_DAYS[KINDS[index + 1]]) + timedelta(days=1)
        else:
            oldest = newest - timedelta(days=LAPSED_NOTICE_DAYS - 1)
        if kind == RenewalNotice.Kind.END_DAY:
            oldest = max(oldest, local.date())
        ranges[kind] = (oldest, newest)
    return ranges


def _due_periods(now: datetime, hour: int):
    """Periods of Approved members with a notice due now that has not gone, each with its kind."""
    ranges = {kind: bounds for kind, bounds in end_ranges(now, hour).items() if bounds[0] <= bounds[1]}
    if not ranges:
        return MembershipPeriod.objects.none()
    whens = [When(end__range=bounds, then=Value(kind)) for kind, bounds in ranges.items()]
    in_range = Q()
    for bounds in ranges.values():
        in_range |= Q(end__range=bounds)
    later = MembershipPeriod.objects.filter(member=OuterRef("member"), start__gt=OuterRef("start"))
    already = RenewalNotice.objects.filter(period=OuterRef("pk"), kind=OuterRef("kind"))
    return (
        MembershipPeriod.objects.filter(in_range, member__approval_status=Member.Approval.APPROVED)
        .exclude(Exists(later))
        .annotate(kind=Case(*whens, output_field=CharField()))
        .exclude(Exists(already))
        .order_by("pk")
    )


def renewal_notices_send(*, now: datetime | None = None, batch: int = BATCH) -> int:
    """The beat's sweep: every notice due now, in batches of `batch` periods, each batch in one
    transaction and a handful of statements whatever its size. A batch locks its members (a
    renewal waits, or is seen), reads again what is due, claims the notices with one statement
    (the unique key skips those another sweep claimed) and queues the claimed ones' e-mails with
    another. Returns how many notices were queued."""
    now = now or timezone.now()
    hour = settings.RENEWAL_NOTICE_HOUR
    sent = 0
    while True:
        found = list(_due_periods(now, hour).values_list("pk", "member_id")[:batch])
        if not found:
            return sent
        members = sorted({member for _pk, member in found})
        sent += _send_batch([pk for pk, _member in found], members, now, hour)
        if len(found) < batch:
            return sent


def _send_batch(period_ids: list[int], member_ids: list[int], now: datetime, hour: int) -> int:
    with transaction.atomic():
        # In the order of their ids, as every sweep takes them: two sweeps never wait on each other
        # in a circle.
        list(Member.objects.select_for_update().filter(pk__in=member_ids).order_by("pk").values_list("pk"))
        periods = list(_due_periods(now, hour).filter(pk__in=period_ids).select_related("member"))
        claimed = claim_many(
            RenewalNotice,
            [{"member": p.member_id, "period": p.pk, "kind": p.kind, "sent_at": now} for p in periods],
            key=("period", "kind"),
        )
        notifications_queue_many([_email(p) for p in periods if (p.pk, p.kind) in claimed])
    return len(claimed)


def member_language(member: Member) -> str:
    """The member's communication language when it is one the e-mails are written in, else the
    site's language they applied in."""
    return language_code(member.preferred_communication_language, default=member.language)


def _email(period: MembershipPeriod) -> dict:
    member = period.member
    return {
        "template": TEMPLATE,
        "recipient": member.email,
        "language": member_language(member),
        "context": {
            "member_id": member.pk,
            "period_id": period.pk,
            "kind": period.kind,
            "name": member.full_name,
            "membership_number": member.membership_number or "",
            "end": period.end.isoformat(),
            "grace_end": (period.end + timedelta(days=GRACE_DAYS)).isoformat(),
            "renew_link": f"{settings.FRONTEND_URL}/my-membership",
        },
    }
