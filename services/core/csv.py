"""Every CSV file the API answers: cells a spreadsheet cannot run, and UTF-8 with a byte-order mark
so that spreadsheet programs keep accents (docs/security.md, docs/api.md)."""

import csv
import io
from collections.abc import Iterable, Sequence

from django.dispatch import Signal
from django.http import HttpResponse

# Sent for every CSV download (filename, rows): the audit trail records it as a read of personal data.
csv_exported = Signal()

# A cell a spreadsheet would read as a formula is prefixed with an apostrophe: people type these
# texts, and staff open the file (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# The byte-order mark tells spreadsheet programs the file is UTF-8.
BOM = "\ufeff"


def csv_cell(value) -> str:
    """The text of a cell, with a leading apostrophe when a spreadsheet would run it."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_response(header: Sequence[str], rows: Iterable[Sequence], *, filename: str) -> HttpResponse:
    """A download of `filename`: the header row, then `rows` (pass typed texts through csv_cell).
    Never cached: the files hold personal data."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(header)
    count = 0
    for row in rows:
        writer.writerow(row)
        count += 1
    csv_exported.send(sender=csv_response, filename=filename, rows=count)
    response = HttpResponse(BOM + buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response
