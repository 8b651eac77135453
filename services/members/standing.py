"""A member's standing, computed from the last day (E) of their latest membership period, the
same everywhere (the API, the members list and its filter, the dashboard): pure functions of
dates, so that every boundary is tested without a database (docs/members.md, The membership year).

- Active: until E-31;
- Expiring: from E-30 to E (the period ends within 30 days);
- Grace: from E+1 to E+30 (ended; still listed as a member);
- Lapsed: from E+31.

Renewal opens at E-60 and stays open in Grace and after. A member with no period (never approved)
or not Approved today has no standing. "Today" is the local date (TIME_ZONE, Africa/Kigali)."""

import calendar
from datetime import date, timedelta
from enum import StrEnum

from django.db.models import Q


class Standing(StrEnum):
    ACTIVE = "Active"
    EXPIRING = "Expiring"
    GRACE = "Grace"
    LAPSED = "Lapsed"


STANDINGS = tuple(standing.value for standing in Standing)
EXPIRING_DAYS = 30  # Expiring from E-30
GRACE_DAYS = 30  # Grace until E+30
RENEWAL_OPENS_DAYS = 60  # renewal open from E-60


def standing(end: date | None, today: date) -> Standing | None:
    """The standing on `today` of a membership whose latest period ends on `end` (None: none)."""
    if end is None:
        return None
    if today < end - timedelta(days=EXPIRING_DAYS):
        return Standing.ACTIVE
    if today <= end:
        return Standing.EXPIRING
    if today <= end + timedelta(days=GRACE_DAYS):
        return Standing.GRACE
    return Standing.LAPSED


def member_standing(approval_status: str, end: date | None, today: date) -> Standing | None:
    """A member's standing: only an Approved member has one (a rejected member's periods stay
    as a record, but they are no member)."""
    return standing(end, today) if approval_status == "Approved" else None


def renewal_open(end: date | None, today: date) -> bool:
    """From E-60 on, through Grace and after; never without a period."""
    return end is not None and today >= end - timedelta(days=RENEWAL_OPENS_DAYS)


def end_bounds(value: Standing, today: date) -> tuple[date | None, date | None]:
    """The end dates (first, last; None: open) whose standing on `today` is `value`: the same
    rules as standing(), turned round so that the database filters on the end date's index."""
    if value == Standing.ACTIVE:
        return today + timedelta(days=EXPIRING_DAYS + 1), None
    if value == Standing.EXPIRING:
        return today, today + timedelta(days=EXPIRING_DAYS)
    if value == Standing.GRACE:
        return today - timedelta(days=GRACE_DAYS), today - timedelta(days=1)
    return None, today - timedelta(days=GRACE_DAYS + 1)


def standing_q(values: list[str], today: date, *, prefix: str = "") -> Q:
    """Approved members whose standing on `today` is any of `values` (Standing values)."""
    ranges = Q()
    for value in dict.fromkeys(values):
        first, last = end_bounds(Standing(value), today)
        bounds = {f"{prefix}membership_end__isnull": False}
        if first is not None:
            bounds[f"{prefix}membership_end__gte"] = first
        if last is not None:
            bounds[f"{prefix}membership_end__lte"] = last
        ranges |= Q(**bounds)
    return Q(**{f"{prefix}approval_status": "Approved"}) & ranges


def period_end(start: date, months: int) -> date:
    """The last day of a period of `months` starting on `start`: the day before the same date
    `months` later; where that date does not exist (a period from 29 February, or from the 31st
    into a shorter month), the last day of that month. So a year from 29 February 2028 ends on
    28 February 2029, and a year from 1 March 2028 on 28 February 2029 as well."""
    index = start.year * 12 + start.month - 1 + months
    year, month = divmod(index, 12)
    month += 1
    last_day = calendar.monthrange(year, month)[1]
    if start.day > last_day:
        return date(year, month, last_day)
    return date(year, month, start.day) - timedelta(days=1)
