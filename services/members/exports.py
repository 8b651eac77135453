"""The filtered member list as CSV (services/core/csv.py: UTF-8 with BOM, formula cells escaped)."""

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils.translation import gettext as _

from services.core.csv import csv_cell, csv_response
from services.core.status_words import status_word


def _row(member) -> list:
    return [
        member.membership_number or "",
        csv_cell(member.full_name),
        csv_cell(member.email),
        member.phone,
        status_word("membership_type", member.membership_type),
        status_word("member", member.approval_status),
        _("Yes") if member.is_active_member else _("No"),
        csv_cell(member.nationality),
        csv_cell(member.occupation),
        csv_cell(member.organization),
        csv_cell(member.contact_person),
        member.experience_years,
        ", ".join(member.areas_of_interest),
        member.payment_method,
        member.created_at.date().isoformat(),
    ]


def members_csv_response(members: QuerySet) -> HttpResponse:
    header = [
        _("Membership number"),
        _("Name"),
        _("E-mail"),
        _("Phone"),
        _("Membership type"),
        _("Approval"),
        _("Active"),
        _("Nationality"),
        _("Occupation"),
        _("Organization"),
        _("Contact person"),
        _("Experience (years)"),
        _("Areas of interest"),
        _("Payment method"),
        _("Applied on"),
    ]
    rows = (_row(member) for member in members.iterator(chunk_size=500))
    return csv_response(header, rows, filename="members.csv")
