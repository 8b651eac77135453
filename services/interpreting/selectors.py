"""What staff and a member read about requests: queries only (requests.py changes them)."""

from collections import defaultdict
from decimal import Decimal

from django.db.models import Count, F, Q

from services.core.paging import paginate

from . import requests as service
from .models import InterpreterOffer, InterpreterProfile, InterpreterRequest, InterpretingHours

PAGE_SIZES = (10, 20, 50)


def _with_accepted(queryset):
    return queryset.annotate(
        accepted=Count("offers", filter=Q(offers__status=InterpreterOffer.Status.ACCEPTED))
    )


def requests_page(*, status: str | None, page: int, page_size: int) -> dict:
    """A page of requests, urgent first, and how many there are of each status."""
    rows = _with_accepted(InterpreterRequest.objects.all())
    if status:
        rows = rows.filter(status=status)
    found = paginate(
        rows.order_by("-urgent", "date", "start_time", "pk"),
        page=page,
        page_size=page_size,
        sizes=PAGE_SIZES,
    )
    counts = dict.fromkeys(InterpreterRequest.Status.values, 0)
    counts.update(
        InterpreterRequest.objects.values_list("status")
        .annotate(n=Count("pk"))
        .order_by()
        .values_list("status", "n")
    )
    return {**found.__dict__, "counts": counts}


def request_detail(request_id: int) -> dict:
    found = (
        _with_accepted(InterpreterRequest.objects.select_related("preferred_interpreter"))
        .filter(pk=request_id)
        .first()
    )
    if found is None:
        service.request_get(request_id)  # the 404
    offers = [
        {
            "id": offer.pk,
            "member_id": offer.member_id,
            "member_name": offer.member.full_name,
            "display_name": getattr(getattr(offer.member, "interpreter_profile", None), "display_name", ""),
            "status": offer.status,
            "offered_at": offer.offered_at,
            "expires_at": offer.expires_at,
            "answered_at": offer.answered_at,
        }
        for offer in found.offers.select_related("member__interpreter_profile")
    ]
    preferred = found.preferred_interpreter
    return {
        **{
            field.attname: getattr(found, field.attname) for field in InterpreterRequest._meta.concrete_fields
        },
        "accepted": found.accepted,
        "preferred_interpreter_name": preferred.display_name if preferred else "",
        "offers": offers,
    }


def my_interpreting(member) -> dict:
    """A member's interpreting hours per year and their latest 100 assignments."""
    hours = {row.request_id: row for row in InterpretingHours.objects.filter(member=member)}
    years: dict[int, list] = defaultdict(lambda: [0, 0])
    for row in hours.values():
        years[row.date.year][0] += row.minutes
        years[row.date.year][1] += 1
    assignments = [
        {
            "date": offer.request.date,
            "start_time": offer.request.start_time,
            "duration_minutes": offer.request.duration_minutes,
            "mode": offer.request.mode,
            "district": offer.request.district,
            "setting": offer.request.setting,
            "status": offer.request.status,
            "hours": float(Decimal(hours[offer.request_id].minutes) / 60)
            if offer.request_id in hours
            else None,
        }
        for offer in service.my_assignments(member)[:100]
    ]
    return {
        "years": [
            {"year": year, "hours": round(minutes / 60, 2), "assignments": count}
            for year, (minutes, count) in sorted(years.items(), reverse=True)
        ],
        "assignments": assignments,
    }


# What the member's data export leaves out of their profile: keys and staff's bookkeeping.
PROFILE_NOT_EXPORTED = ("id", "member", "tags", "verified_by", "hidden_by")


def member_export(member) -> dict:
    """What the directory and requests hold about a member, for their data export (members'
    `export_part`): the profile, every offer made to them and their recorded hours. Three queries
    whatever the rows; the requesters' own details stay out (they are not the member's)."""
    profile = (
        InterpreterProfile.objects.filter(member=member)
        .values(
            *(
                f.attname
                for f in InterpreterProfile._meta.concrete_fields
                if f.name not in PROFILE_NOT_EXPORTED
            )
        )
        .first()
    )
    offers = list(
        InterpreterOffer.objects.filter(member=member)
        .order_by("offered_at", "pk")
        .values(
            "status",
            "offered_at",
            "expires_at",
            "answered_at",
            reference=F("request__reference"),
            date=F("request__date"),
            start_time=F("request__start_time"),
            duration_minutes=F("request__duration_minutes"),
            mode=F("request__mode"),
            district=F("request__district"),
            setting=F("request__setting"),
        )
    )
    hours = list(
        InterpretingHours.objects.filter(member=member)
        .order_by("date", "pk")
        .values("date", "minutes", "recorded_at", reference=F("request__reference"))
    )
    return {"profile": profile, "offers": offers, "hours": hours}
