"""What a membership application must hold (SPEC §5), checked on the server whatever the browser
did; every fault named on its field."""

from datetime import date
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.errors import ValidationFailed
from services.core.phones import normalise_phone
from services.core.text import email_address_problem, person_name_problem

from .models import Member

GENDERS = ("Male", "Female", "Non-binary", "Prefer Not to Say", "Other")
PAYMENT_METHODS = ("Mobile Money", "Bank Transfer")
INTERESTS = ("Advocacy", "Training", "Research", "Community Outreach")
REQUIRED = (
    "full_name",
    "email",
    "phone",
    "nationality",
    "address",
    "membership_type",
    "payment_method",
)
# What each type asks for besides: a person their date of birth and gender, an institution the
# person who speaks for it (docs/members.md).
REQUIRED_BY_TYPE = {
    "Individual": ("date_of_birth", "gender"),
    "Institutional": ("contact_person_name", "contact_person_role"),
}
NOT_ASKED_BY_TYPE = {
    "Individual": ("contact_person_name", "contact_person_role"),
    "Institutional": ("date_of_birth", "gender"),
}
# Lengths of the free texts: (field, limit).
TEXT_LIMITS = {
    "full_name": 150,
    "email": 254,
    "phone": 30,
    "nationality": 100,
    "address": 300,
    "occupation": 150,
    "organization": 150,
    "contact_person_name": 150,
    "contact_person_role": 150,
    "preferred_communication_language": 100,
    "reason_for_joining": 2000,
    "skills": 2000,
    "certifications": 2000,
    "transaction_id": 100,
}
MIN_AGE, MAX_AGE = 16, 120
MAX_EXPERIENCE = 80


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _age_on(born: date, today: date) -> int:
    return today.year - born.year - ((today.month, today.day) < (born.month, born.day))


def clean_member_fields(
    data: dict[str, Any], *, partial: bool = False, current: Member | None = None
) -> dict[str, Any]:
    """The fields present in `data`, trimmed and normalised. `partial` (an edit of `current`):
    empty values are left out, so they keep what the member has (SPEC §5 Member edit). What the
    membership type does not ask for is cleared (an institution has no date of birth)."""
    errors: dict[str, str] = {}
    cleaned: dict[str, Any] = {}
    membership_type = _text(data.get("membership_type")) or (current.membership_type if current else "")
    not_asked = NOT_ASKED_BY_TYPE.get(membership_type, ())
    data = {name: value for name, value in data.items() if name not in not_asked}

    for name, limit in TEXT_LIMITS.items():
        if name not in data:
            continue
        value = _text(data[name])
        if not value and partial:
            continue
        if len(value) > limit:
            errors[name] = _("Please keep this under %(limit)d characters.") % {"limit": limit}
        cleaned[name] = value

    required = REQUIRED + REQUIRED_BY_TYPE.get(membership_type, ())
    for name in required:
        if _text(data.get(name)) or name in errors:
            continue
        # An edit keeps what the member has; a new type's own fields must be given.
        if partial and (current is None or getattr(current, name, None) not in (None, "")):
            continue
        errors[name] = _("This field is required.")

    for name, problem_of in (("full_name", person_name_problem), ("email", email_address_problem)):
        if cleaned.get(name) and name not in errors and (problem := problem_of(cleaned[name])):
            errors[name] = problem
    if cleaned.get("phone") and "phone" not in errors:
        phone = normalise_phone(cleaned["phone"])
        if phone is None:
            errors["phone"] = _("Please enter a valid phone number.")
        else:
            cleaned["phone"] = phone

    for name, allowed, message in (
        ("gender", GENDERS, _("Choose one of the options.")),
        ("membership_type", Member.MembershipType.values, _("Choose Individual or Institutional.")),
        ("payment_method", PAYMENT_METHODS, _("Choose Mobile Money or Bank Transfer.")),
    ):
        value = _text(data.get(name))
        if name in data and value:
            if value not in allowed:
                errors[name] = message
            cleaned[name] = value

    if "date_of_birth" in data and _text(data.get("date_of_birth")):
        try:
            born = date.fromisoformat(_text(data["date_of_birth"]))
        except ValueError:
            errors["date_of_birth"] = _("Enter the date as YYYY-MM-DD.")
        else:
            today = timezone.localdate()
            if born >= today:
                errors["date_of_birth"] = _("The date of birth must be in the past.")
            elif not MIN_AGE <= _age_on(born, today) <= MAX_AGE:
                errors["date_of_birth"] = _("Members are %(low)d to %(high)d years old.") % {
                    "low": MIN_AGE,
                    "high": MAX_AGE,
                }
            cleaned["date_of_birth"] = born

    if "experience_years" in data and data["experience_years"] not in (None, ""):
        value = data["experience_years"]
        try:
            years = int(value) if not isinstance(value, bool) and str(value).strip().isdigit() else None
        except (TypeError, ValueError):
            years = None
        if years is None or years > MAX_EXPERIENCE:
            errors["experience_years"] = _("Enter a whole number of years from 0 to %(max)d.") % {
                "max": MAX_EXPERIENCE
            }
        else:
            cleaned["experience_years"] = years

    if "areas_of_interest" in data and data["areas_of_interest"] not in (None, []):
        interests = data["areas_of_interest"]
        if not isinstance(interests, list) or any(item not in INTERESTS for item in interests):
            errors["areas_of_interest"] = _(
                "Choose among Advocacy, Training, Research and Community Outreach."
            )
        else:
            cleaned["areas_of_interest"] = [item for item in INTERESTS if item in interests]

    if not partial and data.get("agree_to_terms") is not True:
        errors["agree_to_terms"] = _("You must agree to the terms and conditions to proceed.")

    if errors:
        first = errors.get("agree_to_terms") or next(iter(errors.values()))
        raise ValidationFailed(first, fields=errors)
    for name in not_asked:
        cleaned[name] = None if name == "date_of_birth" else ""
    return cleaned
