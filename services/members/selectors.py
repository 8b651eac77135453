from django.db.models import Q, QuerySet
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from services.core.errors import NotFound
from services.core.paging import Page, paginate
from services.core.prepared import KeptTotals

from .models import Member

PAGE_SIZE = 10
# The members list's totals, per filter, kept for a few seconds by each process (apps.py drops
# them when this process writes a member; docs/decisions.md).
MEMBER_TOTALS = KeptTotals(seconds=5.0)


def member_list(
    *,
    search: str | None = None,
    statuses: list[str] | None = None,
    types: list[str] | None = None,
    active: bool | None = None,
) -> QuerySet:
    """Search (name or e-mail, any case) and filters, all in the database; newest first. On
    PostgreSQL trigram indexes serve the search (migration 0005)."""
    queryset = Member.objects.all()
    newest = "-created_at"
    if search and search.strip():
        term = search.strip()
        queryset = queryset.filter(Q(full_name__icontains=term) | Q(email__icontains=term))
        # The same order through an expression no index holds: PostgreSQL then finds the few
        # matches through the trigram indexes and sorts them, rather than walking the date index
        # across every member until ten match (150 ms instead of 1.5 at 100,000 members).
        newest = Coalesce("created_at", "created_at").desc()
    if statuses:
        queryset = queryset.filter(approval_status__in=statuses)
    if types:
        queryset = queryset.filter(membership_type__in=types)
    if active is not None:
        queryset = queryset.filter(is_active_member=active)
    return queryset.order_by(newest, "-pk")


def member_page(queryset: QuerySet, *, page: int | None, page_size: int | None) -> Page:
    return paginate(queryset, page=page, page_size=page_size or PAGE_SIZE, sizes=None)


def approved_members() -> QuerySet:
    return Member.objects.filter(approval_status=Member.Approval.APPROVED).order_by("full_name", "pk")


def member_detail(*, member_id: int) -> Member:
    member = Member.objects.filter(pk=member_id).first()
    if member is None:
        raise NotFound(_("Member not found."))
    return member
