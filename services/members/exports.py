"""The filtered member list as CSV (services/core/csv.py: UTF-8 with BOM, formula cells escaped)."""

from datetime import date

from django.db.models import QuerySet
from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.csv import csv_cell, csv_response
from services.core.status_words import status_word

from .standing import member_standing


def _row(member, today: date) -> list:
    standing = member_standing(member.approval_status, member.membership_end, today)
    return [
        member.membership_number or "",
        csv_cell(member.full_name),
        csv_cell(member.email),
        member.phone,
        status_word("membership_type", member.membership_type),
        status_word("member", member.approval_status),
        _("Yes") if member.is_active_member else _("No"),
        status_word("standing", standing) if standing else "",
        member.membership_end.isoformat() if member.membership_end else "",
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
        _("Standing"),
        _("Membership ends"),
        _("Nationality"),
        _("Occupation"),
        _("Organization"),
        _("Contact person"),
        _("Experience (years)"),
        _("Areas of interest"),
        _("Payment method"),
        _("Applied on"),
    ]
    today = timezone.localdate()
    rows = (_row(member, today) for member in members.iterator(chunk_size=500))
    return csv_response(header, rows, filename="members.csv")
