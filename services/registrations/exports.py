"""An event's registrations as a CSV file that opens in a spreadsheet with accents intact."""

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.csv import csv_cell, csv_response
from services.core.status_words import status_word
from services.events.models import Event


def _when(value) -> str:
    return timezone.localtime(value).strftime("%Y-%m-%d %H:%M") if value else ""


def _row(registration) -> list:
    decided_by = registration.decided_by
    return [
        csv_cell(registration.payment_reference),
        csv_cell(registration.full_name),
        csv_cell(registration.email),
        registration.phone,  # E.164, written by us
        registration.preferred_language,
        _("Yes") if registration.needs_interpreter else _("No"),
        registration.disability,
        csv_cell(registration.disability_details),
        status_word("registration", registration.registration_status),
        _when(registration.registration_date),
        csv_cell(registration.transaction_id),
        registration.payment_method,
        csv_cell(registration.payment_notes),
        csv_cell(decided_by.get_full_name() or decided_by.get_username()) if decided_by else "",
        _when(registration.decided_at),
    ]


def registrations_csv_response(event: Event, registrations: QuerySet) -> HttpResponse:
    header = [
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
    rows = (_row(registration) for registration in registrations.iterator(chunk_size=500))
    return csv_response(header, rows, filename=f"registrations-{event.pk}.csv")


def attendance_csv_response(event: Event, check_ins: list) -> HttpResponse:
    """The real check-ins of an event, earliest first."""
    header = [_("Reference"), _("Name"), _("Status"), _("Checked in at"), _("Device"), _("Checked in by")]
    rows = (
        [
            csv_cell(check_in.ticket.registration.payment_reference),
            csv_cell(check_in.ticket.registration.full_name),
            status_word("registration", check_in.ticket.registration.registration_status),
            _when(check_in.scanned_at),
            csv_cell(check_in.device),
            csv_cell(check_in.by.get_full_name() or check_in.by.get_username()) if check_in.by else "",
        ]
        for check_in in check_ins
    )
    return csv_response(header, rows, filename=f"attendance-{event.pk}.csv")
