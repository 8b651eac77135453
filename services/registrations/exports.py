"""An event's registrations as a CSV file that opens in a spreadsheet with accents intact."""

import csv
import io

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from services.events.models import Event

# A cell a spreadsheet would read as a formula is prefixed with an apostrophe: registrants type
# these texts, and staff open the file (CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value) -> str:
    """The text of a cell, with a leading apostrophe when a spreadsheet would run it."""
    text = "" if value is None else str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def _when(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value else ""


def registrations_csv_response(event: Event, registrations: QuerySet) -> HttpResponse:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(
        [
            _("Reference"),
            _("Name"),
            _("E-mail"),
            _("Phone"),
            _("Preferred language"),
            _("Needs an interpreter"),
            _("Disability"),
            _("Details"),
            _("Status"),
            _("Registration date"),
            _("Transaction ID"),
            _("Payment method"),
            _("Notes"),
            _("Decided by"),
            _("Decided at"),
        ]
    )
    for registration in registrations.iterator(chunk_size=500):
        decided_by = registration.decided_by
        writer.writerow(
            [
                csv_cell(registration.payment_reference),
                csv_cell(registration.full_name),
                csv_cell(registration.email),
                registration.phone,  # E.164, written by us
                registration.preferred_language,
                _("Yes") if registration.needs_interpreter else _("No"),
                registration.disability,
                csv_cell(registration.disability_details),
                registration.registration_status,
                _when(registration.registration_date),
                csv_cell(registration.transaction_id),
                registration.payment_method,
                csv_cell(registration.payment_notes),
                csv_cell(decided_by.get_full_name() or decided_by.get_username()) if decided_by else "",
                _when(registration.decided_at),
            ]
        )
    # The byte-order mark tells spreadsheet programs the file is UTF-8.
    response = HttpResponse("\ufeff" + buffer.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="registrations-{event.pk}.csv"'
    response["Cache-Control"] = "no-store"
    return response
