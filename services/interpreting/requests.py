"""Requests for an interpreter, the offers staff make for them, and what follows (docs/interpreting.md,
Requests): the rules a professional applies (a team of two past two hours, urgent under 24 hours
ahead), single-use offer links whose first acceptances fill the request under its row's lock, the
requester's cancel link, completion (the interpreters' hours) and unfilled with a reason.

Every e-mail is queued in the transaction that decides it: one decision, one e-mail."""

import hashlib
import secrets
import string
from dataclasses import dataclass
from datetime import date as Date
from datetime import datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from services.accounts.selectors import staff_language
from services.audit.recording import audit_action
from services.core.errors import ApplicationError, Conflict, NotFound, ValidationFailed
from services.core.phones import normalise_phone
from services.core.text import email_address_problem, person_name_problem
from services.members.models import Member
from services.notifications.languages import language_code
from services.notifications.services import notification_queue
from services.outbox.services import publish

from .domain_events import InterpreterRequestSubmitted
from .models import InterpreterOffer, InterpreterProfile, InterpreterRequest, InterpretingHours
from .reference import DISTRICT_NAMES, LANGUAGES, SETTINGS, normalise, normalise_all

Status = InterpreterRequest.Status
OfferStatus = InterpreterOffer.Status

MIN_MINUTES, MAX_MINUTES = 15, 8 * 60
TEAM_AFTER_MINUTES = 120  # over two hours: a team of two, who take turns
URGENT_HOURS = 24
MAX_DAYS_AHEAD = 366
MAX_DEAF_COUNT = 500
TOKEN_MAX_CHARS = 200  # a real one is 43 or 64
OPEN = (Status.NEW, Status.OFFERED)  # offers may still be made and accepted
ACTIVE = (Status.NEW, Status.OFFERED, Status.ASSIGNED)  # may be cancelled or marked unfilled
ACKNOWLEDGEMENT = "interpreter_request_received"
STAFF_NOTICE = "interpreter_request_notice"
_REFERENCE_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "0O1I")


class InvalidLink(ApplicationError):
    status = 400
    code = "invalid_token"

    def __init__(self):
        super().__init__(_("This link is not valid. Please use the link from your latest e-mail."))


class OfferFilled(Conflict):
    code = "offer_filled"

    def __init__(self):
        super().__init__(_("Thank you: this request has already been filled, or it was cancelled."))


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _frontend(path: str) -> str:
    return f"{settings.FRONTEND_URL}{path}"


def cancel_token(request: InterpreterRequest) -> str:
    """The cancel link's token: an HMAC of the request's own salt, so every e-mail to the
    requester carries the same link while the database keeps only its hash."""
    return salted_hmac("services.interpreting.cancel", request.cancel_salt, algorithm="sha256").hexdigest()


def cancel_link(request: InterpreterRequest) -> str:
    return _frontend(f"/interpreter-request/cancel#token={cancel_token(request)}")


# --- The request -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    starts_at: datetime
    ends_at: datetime
    urgent: bool
    interpreters_needed: int


def timing(day: Date, start: time, minutes: int, *, now: datetime | None = None) -> Timing:
    """When it starts and ends (Kigali time), and the rules: a team past two hours, urgent
    under 24 hours ahead."""
    now = now or timezone.now()
    starts_at = timezone.make_aware(datetime.combine(day, start), timezone.get_default_timezone())
    return Timing(
        starts_at=starts_at,
        ends_at=starts_at + timedelta(minutes=minutes),
        urgent=starts_at - now < timedelta(hours=URGENT_HOURS),
        interpreters_needed=2 if minutes > TEAM_AFTER_MINUTES else 1,
    )


def _text(data: dict, name: str, limit: int, errors: dict, *, required: bool = False) -> str:
    value = data.get(name)
    value = value.strip() if isinstance(value, str) else ""
    if required and not value:
        errors[name] = _("This field is required.")
    elif len(value) > limit:
        errors[name] = _("Please keep this under %(limit)d characters.") % {"limit": limit}
    return value


def _choice(data: dict, name: str, choices, errors: dict) -> str:
    value = data.get(name)
    value = value.strip().casefold() if isinstance(value, str) else ""
    if value not in {choice.value for choice in choices}:
        errors[name] = _("Please choose one of the options.") if value else _("This field is required.")
    return value


def _parse_date(value: Any, errors: dict) -> Date | None:
    try:
        return Date.fromisoformat(value) if isinstance(value, str) else None
    except ValueError:
        pass
    errors["date"] = _("Please enter a valid date.")
    return None


def _parse_time(value: Any, errors: dict) -> time | None:
    try:
        parsed = time.fromisoformat(value) if isinstance(value, str) and len(value) <= 8 else None
        if parsed is not None:
            return parsed.replace(second=0, microsecond=0)
    except ValueError:
        pass
    errors["start_time"] = _("Please enter a valid time.")
    return None


def _whole(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _web_link(value: str) -> bool:
    return value.startswith(("https://", "http://")) and " " not in value and "." in value


def request_fields(data: dict, *, now: datetime | None = None) -> dict:
    """The request's fields from a form's body, every rule checked; ValidationFailed naming each
    field that is wrong."""
    now = now or timezone.now()
    errors: dict[str, str] = {}
    fields: dict[str, Any] = {
        "requester_type": _choice(data, "requester_type", InterpreterRequest.RequesterType, errors),
        "contact_preference": _choice(data, "contact_preference", InterpreterRequest.Contact, errors),
        "mode": _choice(data, "mode", InterpreterRequest.Mode, errors),
    }
    name = _text(data, "full_name", 200, errors, required=True)
    if name and "full_name" not in errors and (problem := person_name_problem(name)):
        errors["full_name"] = problem
    fields["full_name"] = name
    email = _text(data, "email", 254, errors)
    if email and email_address_problem(email):
        errors["email"] = _("Please enter a valid e-mail address.")
    phone = _text(data, "phone", 40, errors)
    if phone and normalise_phone(phone) is None:
        errors["phone"] = _("Please enter a valid phone number.")
    if not email and not phone:
        errors["email"] = _("Please give an e-mail address or a phone number.")
    elif not email and fields["contact_preference"] == "email":
        errors["email"] = _("Please give the e-mail address you want us to write to.")
    elif not phone and fields["contact_preference"] in ("phone", "sms", "whatsapp"):
        errors["phone"] = _("Please give the phone number you want us to use.")
    fields["email"], fields["phone"] = email, phone

    day = _parse_date(data.get("date"), errors)
    start = _parse_time(data.get("start_time"), errors)
    minutes = _whole(data.get("duration_minutes"))
    if minutes is None or not MIN_MINUTES <= minutes <= MAX_MINUTES:
        errors["duration_minutes"] = _("An assignment lasts from 15 minutes to 8 hours.")
    if day is not None and start is not None:
        if day > timezone.localdate(now) + timedelta(days=MAX_DAYS_AHEAD):
            errors["date"] = _("Please choose a date within the next year.")
        elif timing(day, start, MIN_MINUTES, now=now).starts_at <= now:
            errors["date"] = _("Please choose a date and time in the future.")

    district = normalise(data.get("district"), DISTRICT_NAMES)
    raw_district = data.get("district")
    address = _text(data, "address", 300, errors)
    video_link = _text(data, "video_link", 500, errors)
    if fields["mode"] == "in_person":
        if district is None:
            errors["district"] = _("Please choose the district.")
        if not address and "address" not in errors:
            errors["address"] = _("Please give the address where the interpreter should go.")
        video_link = ""
    else:
        if raw_district not in (None, "") and district is None:
            errors["district"] = _("Please choose the district.")
        if video_link and not _web_link(video_link):
            errors["video_link"] = _("Please enter a web address starting with https://.")
        address = ""
    fields.update(district=district or "", address=address, video_link=video_link)

    setting = normalise(data.get("setting"), SETTINGS)
    if setting is None:
        errors["setting"] = _("Please choose the setting.")
    languages, unknown = normalise_all(data.get("languages") or [], LANGUAGES)
    if unknown or not isinstance(data.get("languages"), list):
        errors["languages"] = _("Please choose languages from the list.")
    elif not languages:
        errors["languages"] = _("Please choose at least one language.")
    deaf_count = _whole(data.get("deaf_count", 1))
    if deaf_count is None or not 1 <= deaf_count <= MAX_DEAF_COUNT:
        errors["deaf_count"] = _("Please give a number from 1 to %(most)d.") % {"most": MAX_DEAF_COUNT}
    fields.update(setting=setting or "", languages=languages, deaf_count=deaf_count or 1)
    fields["deafblind_needs"] = _text(data, "deafblind_needs", 1000, errors)
    fields["notes"] = _text(data, "notes", 2000, errors)

    preferred = data.get("preferred_interpreter_id")
    fields["preferred_interpreter"] = None
    if preferred not in (None, ""):
        profile_id = _whole(preferred)
        listed = InterpreterProfile.objects.listed()
        profile = listed.filter(pk=profile_id).first() if profile_id is not None else None
        if profile is None:
            errors["preferred_interpreter_id"] = _("This interpreter is not in the directory.")
        fields["preferred_interpreter"] = profile

    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)
    fields.update(date=day, start_time=start, duration_minutes=minutes)
    return fields


def _new_reference() -> str:
    return "IR-" + "".join(secrets.choice(_REFERENCE_ALPHABET) for _n in range(6))


def request_submit(data: dict, *, now: datetime | None = None) -> InterpreterRequest:
    """Store a request (the rules decide the team and the urgency) and queue the requester's
    acknowledgement, in the site's language at the time."""
    now = now or timezone.now()
    fields = request_fields(data, now=now)
    when = timing(fields["date"], fields["start_time"], fields["duration_minutes"], now=now)
    for _attempt in range(5):
        try:
            with transaction.atomic():
                request = InterpreterRequest.objects.create(
                    **fields,
                    reference=_new_reference(),
                    language=language_code(get_language()),
                    starts_at=when.starts_at,
                    ends_at=when.ends_at,
                    urgent=when.urgent,
                    interpreters_needed=when.interpreters_needed,
                    cancel_salt=secrets.token_hex(32),
                )
                request.cancel_token_hash = token_hash(cancel_token(request))
                request.save(update_fields=["cancel_token_hash"])
                publish(InterpreterRequestSubmitted(request_id=request.pk))
            return request
        except IntegrityError:  # the reference was taken: draw another
            continue
    raise Conflict(_("Please try again."))


def _request_context(request: InterpreterRequest) -> dict:
    return {
        "request_id": request.pk,
        "reference": request.reference,
        "date": request.date.isoformat(),
        "start_time": request.start_time.strftime("%H:%M"),
        "duration_minutes": request.duration_minutes,
        "mode": request.mode,
        "district": request.district,
        "setting": request.setting,
        "languages": ", ".join(request.languages),
        "interpreters_needed": request.interpreters_needed,
        "urgent": request.urgent,
    }


def _to_requester(request: InterpreterRequest, template: str, *, source_message=None, **context) -> None:
    """An e-mail to the requester (when they gave an address), with the cancel link."""
    if not request.email or request.erased_at is not None:
        return
    notification_queue(
        template=template,
        recipient=request.email,
        language=language_code(request.language),
        context={
            **_request_context(request),
            "name": request.full_name,
            "cancel_link": cancel_link(request),
            "_secret": ["cancel_link"],
            **context,
        },
        source_message=source_message,
    )


def to_staff(request: InterpreterRequest, *, source_message=None) -> None:
    """The association's inbox hears of a new request: its facts and the dashboard's address, none
    of the requester's details (staff read those on the dashboard, and an erasure finds them there)."""
    inbox = settings.ASSOCIATION["email"]
    notification_queue(
        template=STAFF_NOTICE,
        recipient=inbox,
        language=staff_language(email=inbox),
        context={**_request_context(request), "dashboard_link": _frontend("/dashboard/interpreting")},
        source_message=source_message,
    )


def _to_interpreter(offer: InterpreterOffer, template: str, *, contact: bool = False, **context) -> None:
    """An e-mail to an interpreter; the requester's contact only once they accepted (`contact`)."""
    member = offer.member
    request = offer.request
    notification_queue(
        template=template,
        recipient=member.email,
        language=language_code(member.preferred_communication_language, default=member.language),
        context={
            **_request_context(request),
            "offer_id": offer.pk,
            "name": member.full_name,
            "address": request.address,
            "video_link": request.video_link,
            "deaf_count": request.deaf_count,
            "deafblind_needs": request.deafblind_needs,
            "notes": request.notes,
            **(
                {
                    "requester_name": request.full_name,
                    "requester_phone": request.phone,
                    "requester_email": request.email,
                }
                if contact
                else {}
            ),
            **context,
        },
    )


def _locked(request_id: int) -> InterpreterRequest:
    request = InterpreterRequest.objects.select_for_update().filter(pk=request_id).first()
    if request is None:
        raise NotFound(_("Interpreter request not found."))
    return request


def _close_open_offers(request: InterpreterRequest, now: datetime) -> None:
    request.offers.filter(status=OfferStatus.OFFERED).update(status=OfferStatus.CLOSED, answered_at=now)


# --- The requester's cancel link -----------------------------------------------------------------


def request_cancel(*, token: str) -> InterpreterRequest:
    if not isinstance(token, str) or not token or len(token) > TOKEN_MAX_CHARS:
        raise InvalidLink()
    found = InterpreterRequest.objects.filter(cancel_token_hash=token_hash(token))
    request_id = next(iter(found.values_list("pk", flat=True)), None)
    if request_id is None:
        raise InvalidLink()
    now = timezone.now()
    with transaction.atomic():
        request = _locked(request_id)
        if request.status == Status.CANCELLED:
            return request  # the same link twice: already done
        if request.status not in ACTIVE or request.ends_at <= now:
            raise Conflict(_("This request can no longer be cancelled."), code="request_closed")
        accepted = list(
            request.offers.select_related("member", "request").filter(status=OfferStatus.ACCEPTED)
        )
        _close_open_offers(request, now)
        request.status = Status.CANCELLED
        request.closed_at = now
        request.save(update_fields=["status", "closed_at"])
        for offer in accepted:
            _to_interpreter(offer, "interpreter_assignment_cancelled")
        _to_requester(request, "interpreter_request_cancelled")
    return request


# --- Staff: suggestions and offers -----------------------------------------------------------------


def request_get(request_id: int) -> InterpreterRequest:
    request = InterpreterRequest.objects.select_related("preferred_interpreter").filter(pk=request_id).first()
    if request is None:
        raise NotFound(_("Interpreter request not found."))
    return request


def clashing(request: InterpreterRequest):
    """Accepted offers of other live requests whose times overlap this one's."""
    return InterpreterOffer.objects.filter(
        status=OfferStatus.ACCEPTED,
        request__status__in=ACTIVE,
        request__starts_at__lt=request.ends_at,
        request__ends_at__gt=request.starts_at,
    ).exclude(request=request)


def suggestions(request: InterpreterRequest):
    """Every approved member with a profile (listed or not) serving the request's languages,
    district (in person) and setting, without an accepted assignment at an overlapping time."""
    profiles = InterpreterProfile.objects.filter(member__approval_status=Member.Approval.APPROVED)
    for language in request.languages:
        profiles = profiles.serving(language=language)
    profiles = profiles.serving(
        district=request.district if request.mode == InterpreterRequest.Mode.IN_PERSON else None,
        setting=request.setting,
    )
    offered = InterpreterOffer.objects.filter(request=request, member=OuterRef("member_id"))
    return (
        profiles.exclude(Exists(clashing(request).filter(member=OuterRef("member_id"))))
        .select_related("member")
        .annotate(
            offer_status=offered.values("status")[:1],
        )
        .order_by("display_name", "pk")
    )


def offers_make(*, request_id: int, member_ids: list[int], by) -> list[InterpreterOffer]:
    """Offer an open request to some of its suggested interpreters: each gets an e-mail with
    single-use Accept and Decline links. Members already offered it are skipped."""
    if not member_ids or len(member_ids) > 50:
        raise ValidationFailed(
            _("Please choose the interpreters to offer it to."), fields={"member_ids": _("Choose 1 to 50.")}
        )
    now = timezone.now()
    with transaction.atomic():
        request = _locked(request_id)
        if request.status not in OPEN:
            raise Conflict(_("This request is no longer open for offers."), code="request_closed")
        if request.starts_at <= now:
            raise Conflict(_("This request has already started."), code="request_closed")
        chosen = suggestions(request).filter(member_id__in=member_ids)
        suggested = {profile.member_id: profile for profile in chosen}
        if missing := [pk for pk in member_ids if pk not in suggested]:
            raise ValidationFailed(
                _("Only suggested interpreters can be offered this request."),
                fields={"member_ids": _("Not suggested: %(ids)s") % {"ids": ", ".join(map(str, missing))}},
            )
        expires = min(now + timedelta(hours=settings.INTERPRETER_OFFER_HOURS), request.starts_at)
        made = []
        for member_id in dict.fromkeys(member_ids):
            profile = suggested[member_id]
            if profile.offer_status is not None:
                continue
            accept = secrets.token_urlsafe(32)
            offer = InterpreterOffer.objects.create(
                request=request,
                member=profile.member,
                token_hash=token_hash(accept),
                offered_at=now,
                expires_at=expires,
            )
            made.append(offer)
            link = _frontend(f"/interpreter-offer#token={accept}")
            _to_interpreter(
                offer,
                "interpreter_offer",
                accept_link=f"{link}&answer=accept",
                decline_link=f"{link}&answer=decline",
                expires_at=timezone.localtime(expires).strftime("%Y-%m-%d %H:%M"),
                _secret=["accept_link", "decline_link"],
            )
        if made and request.status == Status.NEW:
            request.status = Status.OFFERED
            request.first_offered_at = now
            with audit_action("interpreter_request.offered"):
                request.save(update_fields=["status", "first_offered_at"])
    return made


# --- The interpreter's answer --------------------------------------------------------------------


def _offer_for(token: str) -> tuple[int, int]:
    if not isinstance(token, str) or not token or len(token) > TOKEN_MAX_CHARS:
        raise InvalidLink()
    found = InterpreterOffer.objects.filter(token_hash=token_hash(token))
    row = found.values_list("pk", "request_id").first()
    if row is None:
        raise InvalidLink()
    return row


def offer_answer(*, token: str, accept: bool, now: datetime | None = None) -> InterpreterOffer:
    """Accept or decline an offer. The request's row is locked first: of interpreters accepting
    at once, the first ones fill it (one, or two for a team), the others get OfferFilled."""
    offer_id, request_id = _offer_for(token)
    now = now or timezone.now()
    with transaction.atomic():
        request = _locked(request_id)
        offer = InterpreterOffer.objects.select_related("member").get(pk=offer_id)
        offer.request = request
        if offer.status in (OfferStatus.ACCEPTED, OfferStatus.DECLINED):
            if (offer.status == OfferStatus.ACCEPTED) == accept:
                return offer  # the same answer again (a second click)
            raise Conflict(_("You have already answered this offer."), code="offer_answered")
        if offer.status == OfferStatus.CLOSED or request.status not in OPEN:
            raise OfferFilled()
        if offer.expires_at <= now:
            offer.status = OfferStatus.CLOSED
            offer.save(update_fields=["status"])
            raise Conflict(_("This offer has expired."), code="offer_expired")
        offer.answered_at = now
        if not accept:
            offer.status = OfferStatus.DECLINED
            offer.save(update_fields=["status", "answered_at"])
            return offer
        accepted = request.offers.filter(status=OfferStatus.ACCEPTED).count()
        if accepted >= request.interpreters_needed:
            raise OfferFilled()
        if clashing(request).filter(member_id=offer.member_id).exists():
            raise Conflict(
                _("You have accepted another assignment at an overlapping time."), code="offer_clash"
            )
        offer.status = OfferStatus.ACCEPTED
        offer.save(update_fields=["status", "answered_at"])
        if accepted + 1 >= request.interpreters_needed:
            request.status = Status.ASSIGNED
            request.assigned_at = now
            request.save(update_fields=["status", "assigned_at"])
            _close_open_offers(request, now)
            team = list(
                request.offers.filter(status=OfferStatus.ACCEPTED)
                .select_related("member__interpreter_profile")
                .order_by("answered_at", "pk")
            )
            _to_requester(request, "interpreter_request_assigned", interpreters=coming(team))
    return offer


def coming(offers: list[InterpreterOffer]) -> list[str]:
    """Who is coming, as the requester is told: a listed interpreter's display name (their
    listing consent covers it), else "an interpreter of the association"."""
    listed = set(
        InterpreterProfile.objects.listed()
        .filter(member_id__in=[offer.member_id for offer in offers])
        .values_list("member_id", flat=True)
    )
    names = []
    for offer in offers:
        profile = getattr(offer.member, "interpreter_profile", None)
        if offer.member_id in listed and profile is not None:
            names.append(profile.display_name)
        else:
            names.append(str(_("an interpreter of the association")))
    return names


# --- Staff: completed, unfilled -----------------------------------------------------------------


def request_complete(*, request_id: int, now: datetime | None = None) -> InterpreterRequest:
    """After the assignment: completed, each interpreter's hours recorded (once)."""
    now = now or timezone.now()
    with transaction.atomic():
        request = _locked(request_id)
        if request.status != Status.ASSIGNED:
            raise Conflict(_("Only an assigned request can be marked completed."), code="not_assigned")
        if timezone.localdate(now) <= request.date and request.ends_at > now:
            raise Conflict(_("A request can be marked completed only after its date."), code="not_yet")
        members = list(request.offers.filter(status=OfferStatus.ACCEPTED).values_list("member_id", flat=True))
        InterpretingHours.objects.bulk_create(
            [
                InterpretingHours(
                    member_id=member_id, request=request, date=request.date, minutes=request.duration_minutes
                )
                for member_id in members
            ],
            ignore_conflicts=True,
        )
        request.status = Status.COMPLETED
        request.closed_at = now
        with audit_action("interpreter_request.completed"):
            request.save(update_fields=["status", "closed_at"])
    return request


def request_unfilled(*, request_id: int, reason: str, now: datetime | None = None) -> InterpreterRequest:
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if not reason:
        raise ValidationFailed(_("Please give the reason."), fields={"reason": _("This field is required.")})
    if len(reason) > 500:
        message = _("Please keep this under %(limit)d characters.") % {"limit": 500}
        raise ValidationFailed(message, fields={"reason": message})
    now = now or timezone.now()
    with transaction.atomic():
        request = _locked(request_id)
        if request.status not in ACTIVE:
            raise Conflict(_("This request is already closed."), code="request_closed")
        accepted = list(
            request.offers.select_related("member", "request").filter(status=OfferStatus.ACCEPTED)
        )
        _close_open_offers(request, now)
        request.status = Status.UNFILLED
        request.unfilled_reason = reason
        request.closed_at = now
        with audit_action("interpreter_request.unfilled"):
            request.save(update_fields=["status", "unfilled_reason", "closed_at"])
        for offer in accepted:
            offer.request = request
            _to_interpreter(offer, "interpreter_assignment_cancelled")
        if request.ends_at > now:
            _to_requester(request, "interpreter_request_unfilled")
    return request


def my_assignments(member: Member):
    return (
        InterpreterOffer.objects.filter(member=member, status=OfferStatus.ACCEPTED)
        .select_related("request")
        .filter(~Q(request__status=Status.CANCELLED))
        .order_by("-request__date", "-request__start_time", "-pk")
    )
