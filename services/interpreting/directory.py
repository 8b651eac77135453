"""The opt-in directory (docs/interpreting.md, The directory): an approved individual member's own
profile, its consent to be listed, its photo; staff verifying and hiding profiles; and the public
payloads, which show only what the interpreter chose to show."""

from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils import timezone
from django.utils.translation import gettext as _

from services.audit.recording import audit_record
from services.core.errors import ApplicationError, NotFound, ValidationFailed
from services.core.text import person_name_problem
from services.members.models import Member
from services.members.standing import GRACE_DAYS, Standing, member_standing
from services.outbox.services import publish

from . import photos, reference
from .domain_events import InterpreterProfileChanged
from .models import InterpreterProfile

BIO_MAX = 600
YEARS_MAX = 70
LISTS = (
    ("sign_languages", reference.SIGN_LANGUAGES),
    ("spoken_languages", reference.SPOKEN_LANGUAGES),
    ("districts", reference.DISTRICT_NAMES),
    ("settings", reference.SETTINGS),
)


class NotEligible(ApplicationError):
    status = 403
    code = "not_eligible"


def consent_wording() -> str:
    """The sentence the member agrees to, in the request's language: recorded as shown."""
    return _(
        "I agree that the association lists me in its public directory of interpreters, showing my "
        "display name and the profile I fill in (and my phone or e-mail only if I choose to show "
        "them), and that it passes my display name to people who ask for an interpreter. I can "
        "withdraw at any time."
    )


def eligible(member: Member) -> bool:
    """An approved individual member whose membership has not lapsed."""
    if member.membership_type != Member.MembershipType.INDIVIDUAL:
        return False
    standing = member_standing(member.approval_status, member.membership_end, timezone.localdate())
    return standing is not None and standing != Standing.LAPSED


def _not_eligible() -> NotEligible:
    return NotEligible(
        _("Only approved individual members whose membership has not lapsed can have a profile.")
    )


def _not_eligible() -> NotEligible:
    return NotEligible(
        _("Only approved individual members whose membership has not lapsed can have a profile.")
    )


def _changed(profile_id: int) -> None:
    publish(InterpreterProfileChanged(profile_id=profile_id))


# --- Payloads ----------------------------------------------------------------------------------


def is_public(profile: InterpreterProfile) -> bool:
    """What InterpreterProfile.objects.listed() says of this one profile (its member read already)."""
    member = profile.member
    end = member.membership_end
    return (
        profile.listed
        and profile.consent_at is not None
        and profile.hidden_at is None
        and member.approval_status == Member.Approval.APPROVED
        and end is not None
        and end >= timezone.localdate() - timedelta(days=GRACE_DAYS)
    )


def public_payload(profile: InterpreterProfile) -> dict[str, Any]:
    """One card of the public directory (select_related("member")): what the interpreter chose to show."""
    return {
        "id": profile.pk,
        "display_name": profile.display_name,
        "photo_url": photos.url(profile.pk, profile.photo),
        "sign_languages": profile.sign_languages,
        "spoken_languages": profile.spoken_languages,
        "districts": profile.districts,
        "settings": profile.settings,
        "certification_level": profile.certification_level,
        "years_of_practice": profile.years_of_practice,
        "bio": profile.bio,
        "verified": profile.verified_at is not None,
        "phone": profile.member.phone if profile.show_phone else None,
        "email": profile.member.email if profile.show_email else None,
    }


PUBLIC_FIELDS = (
    "id",
    "display_name",
    "photo",
    "sign_languages",
    "spoken_languages",
    "districts",
    "settings",
    "certification_level",
    "years_of_practice",
    "bio",
    "verified_at",
    "show_phone",
    "show_email",
    "member__phone",
    "member__email",
)


def public_queryset():
    return InterpreterProfile.objects.listed().select_related("member").only(*PUBLIC_FIELDS)


def my_payload(member: Member) -> dict[str, Any]:
    profile = InterpreterProfile.objects.filter(member=member).first()
    if profile is not None:
        profile.member = member  # the signed-in member, already read
    body = None
    if profile is not None:
        body = {
            **public_payload(profile),
            "listed": profile.listed,
            "consent_at": profile.consent_at,
            "consent_text": profile.consent_text,
            "verified_at": profile.verified_at,
            "hidden": profile.hidden_at is not None,
            "show_phone": profile.show_phone,
            "show_email": profile.show_email,
            "public": is_public(profile),
        }
    return {"eligible": eligible(member), "consent_wording": consent_wording(), "profile": body}


# --- The member's own profile --------------------------------------------------------------------


def _cleaned(data: dict[str, Any]) -> dict[str, Any]:
    errors: dict[str, str] = {}
    cleaned: dict[str, Any] = {}
    name = str(data.get("display_name") or "").strip()
    if not name:
        errors["display_name"] = _("Please enter the name to show.")
    elif problem := person_name_problem(name):
        errors["display_name"] = problem
    cleaned["display_name"] = name
    for field, allowed in LISTS:
        known, unknown = reference.normalise_all(data.get(field) or [], allowed)
        if unknown:
            errors[field] = _("Not one of the values offered: %(values)s.") % {"values": ", ".join(unknown)}
        cleaned[field] = known
    if not cleaned["sign_languages"] and "sign_languages" not in errors:
        errors["sign_languages"] = _("Choose at least one sign language.")
    if not cleaned["districts"] and "districts" not in errors:
        errors["districts"] = _("Choose at least one district.")
    level = data.get("certification_level") or ""
    cleaned["certification_level"] = reference.normalise(level, reference.CERTIFICATION_LEVELS) or ""
    if level and not cleaned["certification_level"]:
        errors["certification_level"] = _("Not one of the values offered: %(values)s.") % {"values": level}
    years = data.get("years_of_practice") or 0
    if not isinstance(years, int) or isinstance(years, bool) or not 0 <= years <= YEARS_MAX:
        errors["years_of_practice"] = _("Please enter a number of years from 0 to %(max)d.") % {
            "max": YEARS_MAX
        }
    cleaned["years_of_practice"] = years
    bio = str(data.get("bio") or "").strip()
    if len(bio) > BIO_MAX:
        errors["bio"] = _("Please keep the text under %(limit)d characters.") % {"limit": BIO_MAX}
    cleaned["bio"] = bio
    cleaned["show_phone"] = bool(data.get("show_phone"))
    cleaned["show_email"] = bool(data.get("show_email"))
    if data.get("listed") and not data.get("consent"):
        errors["consent"] = _("To be listed, please agree to be shown in the directory.")
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    return cleaned


def my_profile_save(*, member: Member, data: dict[str, Any]) -> InterpreterProfile:
    """Create or change the member's profile. `listed` with `consent`: listed, the consent
    recorded (when, and the wording shown); `listed` false: withdrawn from every public list."""
    if not eligible(member):
        raise _not_eligible()
    cleaned = _cleaned(data)
    listed = bool(data.get("listed"))
    with transaction.atomic():
        # The member's row first: two saves at once (two tabs) take turns, the second one
        # changing the profile the first created instead of failing on the one-to-one.
        Member.objects.select_for_update().filter(pk=member.pk).first()
        profile = InterpreterProfile.objects.select_for_update().filter(member=member).first()
        if profile is None:
            profile = InterpreterProfile(member=member)
        for name, value in cleaned.items():
            setattr(profile, name, value)
        wording = consent_wording()
        if listed:
            if profile.consent_at is None or profile.consent_text != wording:
                profile.consent_at, profile.consent_text = timezone.now(), wording
        else:
            profile.consent_at, profile.consent_text = None, ""
        was_listed = profile.pk is not None and profile.listed
        profile.listed = listed
        profile.save()
        # Named as the trail names the member (their number): never the name, which outlives an erasure.
        audit_record(
            "interpreter.profile_saved",
            object_type="interpreter",
            object_id=profile.pk,
            label=profile.member.trail_label,
            changes={"listed": (was_listed, listed)},
        )
        _changed(profile.pk)
    return profile


def _own_profile(member: Member) -> InterpreterProfile:
    profile = InterpreterProfile.objects.filter(member=member).first()
    if profile is None:
        raise NotFound(_("Fill in your interpreter profile first."))
    return profile


def my_photo_set(*, member: Member, upload) -> InterpreterProfile:
    if not eligible(member):
        raise _not_eligible()
    profile = _own_profile(member)
    if upload is None:
        message = _("Choose an image to upload.")
        raise ValidationFailed(message, fields={"photo": message})
    try:
        name = photos.store(profile.pk, upload)
    except photos.ImageRefused as refused:
        raise ValidationFailed(str(refused), fields={"photo": str(refused)}) from None
    old = profile.photo
    with transaction.atomic():
        InterpreterProfile.objects.filter(pk=profile.pk).update(photo=name, updated_at=timezone.now())
        _changed(profile.pk)
        if old and old != name:
            transaction.on_commit(lambda: photos.delete(profile.pk, old))
    profile.photo = name
    return profile


def my_photo_remove(*, member: Member) -> InterpreterProfile:
    profile = _own_profile(member)
    old = profile.photo
    with transaction.atomic():
        InterpreterProfile.objects.filter(pk=profile.pk).update(photo="", updated_at=timezone.now())
        _changed(profile.pk)
        if old:
            transaction.on_commit(lambda: photos.delete(profile.pk, old))
    profile.photo = ""
    return profile


@receiver(post_delete, sender=InterpreterProfile)
def _profile_deleted(sender, instance, **kwargs):
    """A profile goes with its member (an erasure, a purge): its photo goes once that is
    committed, and the public lists forget it."""
    profile_id = instance.pk
    publish(InterpreterProfileChanged(profile_id=profile_id))
    transaction.on_commit(lambda: photos.delete_folder(profile_id))


# --- Staff ---------------------------------------------------------------------------------------


STAFF_STATUSES = ("listed", "unlisted", "hidden", "unverified")


def staff_queryset(*, search: str | None = None, status: str | None = None):
    if status and status not in STAFF_STATUSES:
        message = _("Not one of the values offered: %(values)s.") % {"values": status[:100]}
        raise ValidationFailed(message, fields={"status": message})
    queryset = InterpreterProfile.objects.select_related("member", "verified_by", "hidden_by")
    if search:
        queryset = queryset.filter(Q(display_name__icontains=search) | Q(member__full_name__icontains=search))
    if status == "listed":
        queryset = queryset.listed()
    elif status == "unlisted":
        queryset = queryset.filter(listed=False)
    elif status == "hidden":
        queryset = queryset.filter(hidden_at__isnull=False)
    elif status == "unverified":
        queryset = queryset.filter(verified_at__isnull=True)
    return queryset.order_by("display_name", "pk")


def staff_payload(profile: InterpreterProfile) -> dict[str, Any]:
    return {
        **public_payload(profile),
        "member_id": profile.member_id,
        "member_name": profile.member.full_name,
        "listed": profile.listed,
        "consent_at": profile.consent_at,
        "public": is_public(profile),
        "verified_at": profile.verified_at,
        "verified_by": profile.verified_by.username if profile.verified_by else None,
        "hidden_at": profile.hidden_at,
        "hidden_by": profile.hidden_by.username if profile.hidden_by else None,
        "show_phone": profile.show_phone,
        "show_email": profile.show_email,
    }


def _staff_action(member_id: int, verb: str, change) -> InterpreterProfile:
    with transaction.atomic():
        profile = (
            InterpreterProfile.objects.select_for_update(of=("self",))
            .select_related("member", "verified_by", "hidden_by")
            .filter(member_id=member_id)
            .first()
        )
        if profile is None:
            raise NotFound(_("This member has no interpreter profile."))
        changes = change(profile)
        profile.save()
        label = profile.member.trail_label
        audit_record(verb, object_type="interpreter", object_id=profile.pk, label=label, changes=changes)
        _changed(profile.pk)
    return profile


def profile_verify(*, member_id: int, by) -> InterpreterProfile:
    def change(profile):
        before = profile.verified_at is not None
        profile.verified_at, profile.verified_by = timezone.now(), by
        return {"verified": (before, True), "certification_level": profile.certification_level}

    return _staff_action(member_id, "interpreter.verified", change)


def profile_hide(*, member_id: int, by) -> InterpreterProfile:
    def change(profile):
        before = profile.hidden_at is not None
        if not before:
            profile.hidden_at, profile.hidden_by = timezone.now(), by
        return {"hidden": (before, True)}

    return _staff_action(member_id, "interpreter.hidden", change)


def profile_unhide(*, member_id: int, by) -> InterpreterProfile:
    def change(profile):
        before = profile.hidden_at is not None
        profile.hidden_at, profile.hidden_by = None, None
        return {"hidden": (before, False)}

    return _staff_action(member_id, "interpreter.unhidden", change)
