"""Paging of every list the API answers: one page, counted and sliced in the database."""

from dataclasses import dataclass
from math import ceil

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from .errors import ValidationFailed

# The page sizes a list allows unless it says otherwise (the staff events list, the archive).
PAGE_SIZES = (5, 10, 20, 50)
# A list that allows any size (sizes=None) allows 1 to this many.
MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 10
# The largest OFFSET PostgreSQL takes (bigint).
OFFSET_MAX = 2**63 - 1


@dataclass(frozen=True)
class Page:
    results: list
    count: int
    page: int
    page_size: int
    total_pages: int


def paginate(
    queryset: QuerySet, *, page: int | None, page_size: int | None, sizes: tuple[int, ...] | None = PAGE_SIZES
) -> Page:
    """One page, counted and sliced in the database; a page past the end shows the last one.
    `sizes`: the page sizes allowed (None: any from 1 to 100)."""
    size = page_size or DEFAULT_PAGE_SIZE
    if sizes is not None and size not in sizes:
        allowed = ", ".join(str(n) for n in sizes)
        raise ValidationFailed(
            _("Page size must be one of %(sizes)s.") % {"sizes": allowed},
            fields={"page_size": _("Not one of the allowed values.")},
        )
    if sizes is None and not 1 <= size <= MAX_PAGE_SIZE:
        raise ValidationFailed(
            _("Page size must be between 1 and 100."),
            fields={"page_size": _("Not one of the allowed values.")},
        )
    if page is not None and page < 1:
        raise ValidationFailed(_("Page must be 1 or more."), fields={"page": _("This value is too small.")})
    counted_page = getattr(queryset, "counted_page", None)  # services.core.prepared
    # A page whose first row lies past what a database OFFSET holds (a bigint) is past the end
    # anyway: it takes the way of every page past the end below, not an error of the database.
    if counted_page is not None and ((page or 1) - 1) * size < OFFSET_MAX:
        # The page and the total in one round trip. An empty first page means no rows; an empty
        # later one is past the end: counted again below, and the last page shown.
        number = page or 1
        start = (number - 1) * size
        results, count = counted_page(start, start + size)
        if results or number == 1:
            count = count or 0
            return Page(results, count, number, size, max(1, ceil(count / size)))
    count = queryset.count()
    total_pages = max(1, ceil(count / size))
    number = min(page or 1, total_pages)
    start = (number - 1) * size
    return Page(list(queryset[start : start + size]), count, number, size, total_pages)
