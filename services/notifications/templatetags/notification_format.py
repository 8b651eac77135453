"""Dates and times in e-mails, in the e-mail's language (services/locale/formats). A notification's
context is JSON, so they arrive as ISO text: '2026-11-03', '14:00', '2026-11-03 14:00'."""

from django import template
from django.utils import formats
from django.utils.dateparse import parse_date, parse_datetime, parse_time
from django.utils.translation import gettext, gettext_noop

register = template.Library()

# The month names Django's date formats ask its catalogue for. Django has no Kinyarwanda, so the
# project's catalogues give them (for every language, so that each one is complete).
MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)


def _formatted(value, parse, format_name: str) -> str:
    parsed = parse(value) if isinstance(value, str) else value
    return formats.date_format(parsed, format_name) if parsed else (value or "")


@register.filter
def day(value) -> str:
    """'2026-11-03' → 'November 3, 2026', '3 novembre 2026', '3 Ugushyingo 2026'."""
    return _formatted(value, parse_date, "DATE_FORMAT")


def _zoned(text: str) -> str:
    """A time with the zone it is in: every time the product stores and sends is Kigali's
    (settings.TIME_ZONE), and readers abroad must not take it for their own."""
    # Translators: after a time in e-mails, "2:00 PM (Kigali time, CAT)"; CAT is Central Africa Time.
    zone = gettext("(Kigali time, CAT)")
    return f"{text} {zone}" if text else text


@register.filter
def clock(value) -> str:
    """'14:00' → '2:00 PM (Kigali time, CAT)' in English, '14:00 (heure de Kigali, CAT)'."""
    return _zoned(_formatted(value, parse_time, "TIME_FORMAT"))


@register.filter
def moment(value) -> str:
    """'2026-11-03 14:00' → 'November 3, 2026, 2:00 PM (Kigali time, CAT)'."""
    return _zoned(_formatted(value, parse_datetime, "DATETIME_FORMAT"))
