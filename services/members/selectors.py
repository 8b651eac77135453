from datetime import date

from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.errors import NotFound, ValidationFailed
from services.core.paging import Page, paginate
from services.core.prepared import KeptTotals

from .models import Member
from .standing import STANDINGS, standing_q

PAGE_SIZE = 10
# The members list's totals, per filter, kept for a few seconds by each process (apps.py drops
# them when this process writes a member; docs/decisions.md).
MEMBER_TOTALS = KeptTotals(seconds=5.0)
# The list's orders: newest application first (the default), or by the membership's last day,
# members without one (never approved) last either way; ties by id in the same direction, so
# that each order is one index walk (migration 0006).
ORDERINGS = ("-created_at", "created_at", "membership_end", "-membership_end")
DEFAULT_ORDERING = "-created_at"


def member_list(
    *,
    search: str | None = None,
    statuses: list[str] | None = None,
    types: list[str] | None = None,
    active: bool | None = None,
    standings: list[str] | None = None,
    ordering: str | None = None,
    today: date | None = None,
) -> QuerySet:
    """Search (name or e-mail, any case) and filters, all in the database; newest first unless
    `ordering` says otherwise. On PostgreSQL trigram indexes serve the search (migration 0005).
    `standings` (Standing values): Approved members whose end date falls in those standings'
    ranges on `today` (the local date), on the end date's index."""
    ordering = ordering or DEFAULT_ORDERING
    if ordering not in ORDERINGS:
        raise ValidationFailed(
            _("Sort by created_at or membership_end (prefix - for descending)."),
            fields={"ordering": _("Not one of the allowed values.")},
        )
    if standings and not set(standings) <= set(STANDINGS):
        raise ValidationFailed(
            _("Standing must be Active, Expiring, Grace or Lapsed."),
            fields={"standing": _("Not one of the allowed values.")},
        )
    queryset = Member.objects.all()
    newest = F("created_at").desc() if ordering == "-created_at" else F("created_at").asc()
    if search and search.strip():
        term = search.strip()
        queryset = queryset.filter(Q(full_name__icontains=term) | Q(email__icontains=term))
        # The same order through an expression no index holds: PostgreSQL then finds the few
        # matches through the trigram indexes and sorts them, rather than walking the date index
        # across every member until ten match (150 ms instead of 1.5 at 100,000 members).
        newest = Coalesce("created_at", "created_at")
        newest = newest.desc() if ordering == "-created_at" else newest.asc()
    if statuses and search and search.strip():
        # Through an expression no index holds, as the order above: PostgreSQL then filters the
        # search's few matches by status on their rows, rather than AND-ing them with an index
        # walk over every member of that status (a third of all members, so it grew with them).
        queryset = queryset.alias(status_of_match=Coalesce("approval_status", "approval_status"))
        queryset = queryset.filter(status_of_match__in=statuses)
    elif statuses:
        queryset = queryset.filter(approval_status__in=statuses)
    if types:
        queryset = queryset.filter(membership_type__in=types)
    if active is not None:
        queryset = queryset.filter(is_active_member=active)
    if standings:
        queryset = queryset.filter(standing_q(standings, today or timezone.localdate()))
    if ordering == "membership_end":
        return queryset.order_by(F("membership_end").asc(nulls_last=True), "pk")
    if ordering == "-membership_end":
        return queryset.order_by(F("membership_end").desc(nulls_last=True), "-pk")
    return queryset.order_by(newest, "-pk" if ordering.startswith("-") else "pk")


def member_page(queryset: QuerySet, *, page: int | None, page_size: int | None) -> Page:
    return paginate(queryset, page=page, page_size=page_size or PAGE_SIZE, sizes=None)


def approved_members() -> QuerySet:
    return Member.objects.filter(approval_status=Member.Approval.APPROVED).order_by("full_name", "pk")


def member_detail(*, member_id: int) -> Member:
    member = Member.objects.filter(pk=member_id).first()
    if member is None:
        raise NotFound(_("Member not found."))
    return member
