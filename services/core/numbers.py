"""Numbers as a reader of the active language writes them: every number the server writes for
people (amounts in e-mails and on screen, see money.py) goes through number_text.

The separators are those the site shows (Intl/CLDR), per language in services/locale/formats:
'1,234,567.5' in English and Swahili, '1 234 567,5' in French (narrow no-break spaces) and, the
exception, '1.234.567,5' in Kinyarwanda: Django has no Kinyarwanda formats of its own, so without
services/locale/formats/rw it would fall back to English. The frontend's format-price.ts writes
the same."""

from decimal import Decimal

from django.utils import formats


def number_text(value: Decimal | int | float, *, decimals: int | None = None) -> str:
    """Grouped by thousands in the active language; `decimals`: the places after the separator
    (None: as many as the value has)."""
    return formats.number_format(value, decimal_pos=decimals, use_l10n=True, force_grouping=True)
