"""What a visitor's registration (or waiting-list) form must hold (SPEC §5), checked on the server
whatever the browser did. Every fault is named on its field, with SPEC's text where it has one."""

import re
from typing import Any

from django.utils.translation import gettext as _

from services.core.errors import ValidationFailed
from services.core.phones import normalise_phone
from services.core.text import email_address_problem, person_name_problem

from .models import Registration

LANGUAGES = ("English", "Kinyarwanda", "Kiswahili", "French")
DISABILITIES = ("None", "Visual Impairment", "Hearing Impairment", "Mobility Impairment", "Other")
PAYMENT_METHODS = ("Mobile Money", "Bank Transfer")

EMAIL_MAX = 254
PHONE_MAX = 30
DETAILS_MAX = 500
NOTES_MAX = 1000
TRANSACTION_ID_MAX = 100
REASON_MAX = 500
# As the membership card prints it: the year of joining and a sequence (members/services.py).
MEMBERSHIP_NUMBER = re.compile(r"\d{4}-\d{1,7}")


def _too_long(limit: int) -> str:
    return _("Please keep this under %(limit)d characters.") % {"limit": limit}


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    return value.strip() if isinstance(value, str) else ""


def clean_registrant(data: dict[str, Any]) -> dict[str, Any]:
    """The registrant's fields, trimmed and normalised; ValidationFailed naming each bad one."""
    errors: dict[str, str] = {}
    full_name = _text(data, "full_name")
    phone_raw = _text(data, "phone")
    email = _text(data, "email")
    language = _text(data, "preferred_language")
    disability = _text(data, "disability") or ""
    details = _text(data, "disability_details")
    membership_number = _text(data, "membership_number").upper()

    if not full_name:
        errors["full_name"] = _("Full name is required")
    elif problem := person_name_problem(full_name):
        errors["full_name"] = problem

    phone = None
    if not phone_raw:
        errors["phone"] = _("Phone number is required")
    elif len(phone_raw) > PHONE_MAX or (phone := normalise_phone(phone_raw)) is None:
        errors["phone"] = _("Please enter a valid phone number.")

    if not email:
        errors["email"] = _("Email is required")
    elif len(email) > EMAIL_MAX:
        errors["email"] = _too_long(EMAIL_MAX)
    elif problem := email_address_problem(email):
        errors["email"] = problem

    if language not in LANGUAGES:
        errors["preferred_language"] = _("Please select a language")
    if disability not in DISABILITIES:
        errors["disability"] = _("Please select an option")
    if disability == "Other" and not details:
        errors["disability_details"] = _("Please specify your disability")
    elif len(details) > DETAILS_MAX:
        errors["disability_details"] = _too_long(DETAILS_MAX)

    if membership_number and not MEMBERSHIP_NUMBER.fullmatch(membership_number):
        errors["membership_number"] = _(
            "Please enter your membership number as it is on your card, such as 2026-0042, or leave it empty."
        )

    if data.get("agree_to_terms") is False:
        errors["agree_to_terms"] = _("Please accept the terms to register.")

    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    return {
        "full_name": full_name,
        "phone": phone,
        "email": email,
        "preferred_language": language,
        "needs_interpreter": bool(data.get("needs_interpreter")),
        "disability": disability,
        # Details only mean something for "Other"; kept for any choice when given.
        "disability_details": details,
        "membership_number": membership_number,
    }


def clean_decision(data: dict[str, Any], *, free: bool = False) -> dict[str, str]:
    """The staff decision form. Only an approval records a payment, so only an approval needs the
    transaction id and method (SPEC §5), and not for a free event (nothing was paid); a rejection
    or a cancellation may give the person a reason, which they are told."""
    errors: dict[str, str] = {}
    status = _text(data, "registration_status")
    transaction_id = _text(data, "transaction_id")
    method = _text(data, "payment_method")
    notes = _text(data, "payment_notes")
    reason = _text(data, "reason")
    decisions = (Registration.Status.APPROVED, Registration.Status.REJECTED, Registration.Status.CANCELLED)
    if status not in decisions:
        errors["registration_status"] = _("Choose Approved, Rejected or Cancelled.")
    if free:
        transaction_id = method = ""
    if status == Registration.Status.APPROVED and not free:
        if not transaction_id:
            errors["transaction_id"] = _("Transaction ID is required")
        if method not in PAYMENT_METHODS:
            errors["payment_method"] = _("Payment method is required")
    if len(transaction_id) > TRANSACTION_ID_MAX:
        errors["transaction_id"] = _too_long(TRANSACTION_ID_MAX)
    if len(notes) > NOTES_MAX:
        errors["payment_notes"] = _too_long(NOTES_MAX)
    if len(reason) > REASON_MAX:
        errors["reason"] = _too_long(REASON_MAX)
    if errors:
        raise ValidationFailed(_("Please fill in all required fields"), fields=errors)
    return {
        "registration_status": status,
        "transaction_id": transaction_id,
        "payment_method": method if method in PAYMENT_METHODS else "",
        "payment_notes": notes,
        "reason": reason,
    }


def clean_bulk(data: dict[str, Any], *, actions, limit: int) -> tuple[list[int], str, str]:
    """The ids (distinct, in the order given), the action and the reason of a bulk decision."""
    errors: dict[str, str] = {}
    ids = data.get("ids")
    action = _text(data, "action")
    reason = _text(data, "reason")
    if not isinstance(ids, list) or not ids or not all(isinstance(i, int) and i > 0 for i in ids):
        errors["ids"] = _("Choose at least one registration.")
    elif len(ids) > limit:
        errors["ids"] = _("Choose at most %(limit)d registrations at once.") % {"limit": limit}
    if action not in actions:
        errors["action"] = _("Choose reject or cancel.")
    if len(reason) > REASON_MAX:
        errors["reason"] = _too_long(REASON_MAX)
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    return list(dict.fromkeys(ids)), action, reason
