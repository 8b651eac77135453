"""A member's CPD record (docs/members.md, CPD hours and certificates): credits for events attended
(granted by services/cpd once an event is Completed) and by hand by staff, revoked with a reason;
the totals per year and category; the certificate of attendance of each credit and the yearly
statement, both PDFs; the certificate's verification. Every credit's certificate is e-mailed once,
in the transaction that writes the credit."""

from collections import defaultdict
from datetime import date
from decimal import Decimal
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from services.audit.recording import audit_action
from services.core.codes import code_hash, hashes_match, new_code, seal, unseal
from services.core.cpd import CPD_CATEGORIES, category_problem, hours_problem
from services.core.errors import Conflict, NotFound, ValidationFailed
from services.core.once import claim_many
from services.core.status_words import status_word
from services.core.text import has_forbidden_characters
from services.notifications.services import notification_queue, notifications_queue_many

from .models import CpdCredit, Member
from .verification import verification_kind

# The sealing key's purpose of certificates' codes (core/codes.py): never opens a card's.
CERTIFICATE_SEAL_PURPOSE = "members.cpd-certificate-code"
TEMPLATE = "cpd_certificate"
TITLE_MAX, NOTE_MAX, REASON_MAX = 200, 2000, 1000
# How far back a credit by hand may be dated (a course years ago is no current CPD).
MANUAL_YEARS_BACK = 5


def hours_text(hours: Decimal | float) -> str:
    """1.5, 2.25, 40: as a person writes hours."""
    return format(Decimal(str(hours)).quantize(Decimal("0.01")), "f").rstrip("0").rstrip(".")


def _code_new() -> tuple[str, str]:
    code = new_code()  # 144 random bits
    return code_hash(code), seal(code, purpose=CERTIFICATE_SEAL_PURPOSE)


def certificate_code(credit: CpdCredit) -> str | None:
    return unseal(credit.verify_code_sealed, purpose=CERTIFICATE_SEAL_PURPOSE)


def certificate_verify_url(code: str) -> str:
    return f"{settings.FRONTEND_URL}/verify/{code}"


def certificate_path(credit_id: int) -> str:
    """The member session's download of a credit's certificate (the `certificate_url` it reads)."""
    return f"/api/my-membership/cpd-credits/{credit_id}/certificate.pdf"


# --- Granting ----------------------------------------------------------------------------------


def _certificate_email(
    member: Member, credit_id: int, *, title: str, day: date, hours, category: str
) -> dict:
    with translation.override(member.language):
        category_word = status_word("cpd_category", category)
    return {
        "template": TEMPLATE,
        "recipient": member.email,
        "language": member.language,
        "context": {
            "name": member.full_name,
            "title": title,
            "date": day.isoformat(),
            "hours": hours_text(hours),
            "category": category_word,
            "my_membership_url": f"{settings.FRONTEND_URL}/my-membership",
            "_credit": credit_id,  # the PDF is made when the e-mail is rendered (cpd_mail.py)
        },
    }


def cpd_event_credits_grant(
    *, event_id: int, title: str, day: date, hours: Decimal, category: str, member_ids: list[int]
) -> list[int]:
    """Credit the members of `member_ids` (approved members checked in at a Completed event) the
    event's hours, once each: a member already credited for the event (by another run, revoked
    since or not) is skipped. The certificate e-mails of the new credits are queued in the same
    transaction. A fixed number of queries whatever the number of members. Answers the new ids."""
    if not member_ids or not hours:
        return []
    now = timezone.now()
    with transaction.atomic():
        members = {
            member.pk: member
            for member in Member.objects.filter(
                pk__in=member_ids, approval_status=Member.Approval.APPROVED
            ).only("pk", "full_name", "email", "language")
        }
        rows = []
        for member_id in sorted(members):
            code_hash_, sealed = _code_new()
            rows.append(
                {
                    "member": member_id,
                    "event_id": event_id,
                    "title": title[:TITLE_MAX],
                    "date": day,
                    "hours": hours,
                    "category": category,
                    "source": CpdCredit.Source.EVENT.value,
                    "note": "",
                    "created_at": now,
                    "revoked_reason": "",
                    "verify_code_hash": code_hash_,
                    "verify_code_sealed": sealed,
                }
            )
        written = claim_many(CpdCredit, rows, key=("id", "member"))
        emails = [
            _certificate_email(
                members[member_id], credit_id, title=title, day=day, hours=hours, category=category
            )
            for credit_id, member_id in sorted(written)
        ]
        notifications_queue_many(emails)
    return sorted(credit_id for credit_id, _member in written)


def _clean_text(value: Any, name: str, limit: int, errors: dict, *, required: bool) -> str:
    text = value.strip() if isinstance(value, str) else ""
    if value is not None and not isinstance(value, str):
        errors[name] = _("Please enter text.")
    elif required and not text:
        errors[name] = _("This field is required.")
    elif len(text) > limit:
        errors[name] = _("Keep this under %(limit)d characters.") % {"limit": limit}
    elif has_forbidden_characters(text):
        errors[name] = _(
            "This text contains characters that are not allowed (control or direction characters)."
        )
    return text


def _clean_manual(data: dict[str, Any]) -> dict[str, Any]:
    errors: dict[str, str] = {}
    hours = None
    if data.get("hours") in (None, ""):
        errors["hours"] = _("This field is required.")
    else:
        hours, problem = hours_problem(data["hours"], allow_zero=False)
        if problem:
            errors["hours"] = problem
    category = data.get("category")
    if category_problem(category):
        errors["category"] = category_problem(category)
    activity = _clean_text(data.get("activity"), "activity", TITLE_MAX, errors, required=True)
    note = _clean_text(data.get("note"), "note", NOTE_MAX, errors, required=False)
    day = None
    try:
        day = date.fromisoformat(str(data.get("date") or "").strip())
    except ValueError:
        errors["date"] = _("Enter the date as YYYY-MM-DD.")
    if day is not None:
        today = timezone.localdate()
        if day > today:
            errors["date"] = _("The date cannot be in the future.")
        elif day.year < today.year - MANUAL_YEARS_BACK:
            errors["date"] = _("The date cannot be more than %(years)d years ago.") % {
                "years": MANUAL_YEARS_BACK
            }
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    return {"hours": hours, "category": category, "title": activity, "note": note, "date": day}


def cpd_credit_add(*, member_id: int, data: dict[str, Any], by) -> CpdCredit:
    """Staff credit an approved member hours by hand (an event held elsewhere), with a note; who
    and when are kept, and the audit trail records it. The certificate is e-mailed as for an event."""
    fields = _clean_manual(data)
    with transaction.atomic(), audit_action("cpd_credit.added"):
        member = Member.objects.select_for_update().filter(pk=member_id).first()
        if member is None:
            raise NotFound(_("Member not found."))
        if member.approval_status != Member.Approval.APPROVED:
            raise Conflict(_("Only an approved member can be credited CPD hours."), code="not_a_member")
        code_hash_, sealed = _code_new()
        credit = CpdCredit.objects.create(
            member=member,
            source=CpdCredit.Source.MANUAL,
            created_by=by,
            verify_code_hash=code_hash_,
            verify_code_sealed=sealed,
            **fields,
        )
        email = _certificate_email(
            member,
            credit.pk,
            title=credit.title,
            day=credit.date,
            hours=credit.hours,
            category=credit.category,
        )
        notification_queue(**email)
    return credit


def cpd_credit_revoke(*, credit_id: int, reason: Any, by) -> CpdCredit:
    """Revoke a credit with a reason: it stays on the record (who, when, why), counts no more and
    its certificate no longer verifies. A credit revoked already: 409."""
    errors: dict[str, str] = {}
    reason = _clean_text(reason, "reason", REASON_MAX, errors, required=True)
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    with transaction.atomic(), audit_action("cpd_credit.revoked"):
        credit = CpdCredit.objects.select_for_update().filter(pk=credit_id).first()
        if credit is None:
            raise NotFound(_("This CPD credit does not exist."), code="cpd_credit_not_found")
        if credit.revoked_at is not None:
            raise Conflict(_("This CPD credit is already revoked."), code="already_revoked")
        credit.revoked_at = timezone.now()
        credit.revoked_by = by
        credit.revoked_reason = reason
        credit.save(update_fields=["revoked_at", "revoked_by", "revoked_reason"])
    return credit


# --- Reading -----------------------------------------------------------------------------------

CREDIT_FIELDS = ("id", "event_id", "title", "date", "hours", "category")


def cpd_summary(credits: list[dict]) -> list[dict[str, Any]]:
    """Hours per year (newest first) and, within it, per category (every category, 0 included)."""
    years: dict[int, dict[str, Decimal]] = defaultdict(lambda: dict.fromkeys(CPD_CATEGORIES, Decimal(0)))
    for credit in credits:
        years[credit["date"].year][credit["category"]] += credit["hours"]
    return [
        {
            "year": year,
            "hours": float(sum(by_category.values())),
            "by_category": {category: float(hours) for category, hours in by_category.items()},
        }
        for year, by_category in sorted(years.items(), reverse=True)
    ]


def my_cpd(*, member: Member) -> dict[str, Any]:
    """The member's own CPD: totals per year and category, and their standing credits (revoked
    ones left out) each with its certificate's download. One query whatever the number of credits."""
    credits = list(
        CpdCredit.objects.filter(member=member, revoked_at__isnull=True)
        .order_by("-date", "-pk")
        .values(*CREDIT_FIELDS)
    )
    return {
        "years": cpd_summary(credits),
        "credits": [
            {
                "id": credit["id"],
                "event_id": credit["event_id"],
                "title": credit["title"],
                "date": credit["date"],
                "hours": float(credit["hours"]),
                "category": credit["category"],
                "certificate_url": certificate_path(credit["id"]),
            }
            for credit in credits
        ],
    }


STAFF_FIELDS = (
    *CREDIT_FIELDS,
    "source",
    "note",
    "created_at",
    "created_by__username",
    "revoked_at",
    "revoked_by__username",
    "revoked_reason",
)


def member_cpd_credits(*, member_id: int) -> list[dict[str, Any]]:
    """Every credit of a member for staff, revoked ones too, with who did what: one query."""
    if not Member.objects.filter(pk=member_id).exists():
        raise NotFound(_("Member not found."))
    rows = CpdCredit.objects.filter(member_id=member_id).order_by("-date", "-pk").values(*STAFF_FIELDS)
    return [
        {
            **{name: row[name] for name in CREDIT_FIELDS},
            "hours": float(row["hours"]),
            "source": row["source"],
            "note": row["note"],
            "created_at": row["created_at"],
            "created_by": row["created_by__username"] or "",
            "revoked_at": row["revoked_at"],
            "revoked_by": row["revoked_by__username"] or "",
            "revoked_reason": row["revoked_reason"],
        }
        for row in rows
    ]


def my_credit(*, member: Member, credit_id: int) -> CpdCredit:
    """One of the member's own standing credits; another member's, or a revoked one: not found."""
    credit = CpdCredit.objects.filter(pk=credit_id, member=member, revoked_at__isnull=True).first()
    if credit is None:
        raise NotFound(_("This CPD credit does not exist."), code="cpd_credit_not_found")
    return credit


def statement_year(value: Any) -> int:
    today = timezone.localdate()
    if value in (None, ""):
        return today.year
    try:
        year = int(str(value))
    except ValueError:
        year = 0
    # Next year too: an event dated ahead may be completed (and credited) early.
    if not 2000 <= year <= today.year + 1:
        message = _("Choose a year from %(low)d to %(high)d.") % {"low": 2000, "high": today.year + 1}
        raise ValidationFailed(message, fields={"year": message})
    return year


def statement_credits(*, member: Member, year: int) -> list[dict]:
    return list(
        CpdCredit.objects.filter(member=member, revoked_at__isnull=True, date__year=year)
        .order_by("date", "pk")
        .values(*CREDIT_FIELDS)
    )


# --- Verification ------------------------------------------------------------------------------


@verification_kind("cpd_certificate")
def certificate_verified(presented: str) -> dict | None:
    """A certificate's facts: who, what, when, how many hours of which category. A revoked credit
    answers as not found (docs/members.md): its certificate stands for nothing any more."""
    credit = (
        CpdCredit.objects.select_related("member")
        .only("verify_code_hash", "title", "date", "hours", "category", "revoked_at", "member__full_name")
        .filter(verify_code_hash=presented, revoked_at__isnull=True)
        .first()
    )
    if credit is None or not hashes_match(credit.verify_code_hash, presented):
        return None
    return {
        "name": credit.member.full_name,
        "title": credit.title,
        "date": credit.date,
        "hours": float(credit.hours),
        "category": credit.category,
    }
