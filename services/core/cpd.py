"""CPD (continuing professional development) hours, as events carry them and members are credited
them (docs/members.md, CPD hours and certificates): the categories, and the rule for an amount of
hours (0 to 40, in quarter hours). Here because events and members both use them and neither may
import the other."""

from decimal import Decimal, InvalidOperation
from typing import Any

from django.utils.translation import gettext as _

# The stored values are these English words (issue 28); status_words gives them in other languages.
CPD_CATEGORIES = (
    "Interpreting practice",
    "Language",
    "Ethics and professional practice",
    "Deaf community and culture",
    "Other",
)
CPD_HOURS_MAX = Decimal(40)
QUARTER = Decimal("0.25")


def hours_problem(value: Any, *, allow_zero: bool = True) -> tuple[Decimal | None, str | None]:
    """(hours, None) for a number from 0 (or a quarter, `allow_zero` off) to 40 in quarter hours;
    (None, message) otherwise."""
    message = _(
        "CPD hours must be a number from %(low)s to %(high)d, in quarter hours (such as 1.5 or 2.25)."
    ) % {
        "low": "0" if allow_zero else "0.25",
        "high": int(CPD_HOURS_MAX),
    }
    if isinstance(value, bool):
        return None, message
    try:
        hours = Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None, message
    if not hours.is_finite() or hours < 0 or hours > CPD_HOURS_MAX or hours % QUARTER != 0:
        return None, message
    if hours == 0 and not allow_zero:
        return None, message
    return hours.quantize(Decimal("0.01")), None


def category_problem(value: Any) -> str | None:
    if value in CPD_CATEGORIES:
        return None
    return _("Choose one of the CPD categories.")
