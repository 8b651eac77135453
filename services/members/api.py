from django.http import HttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from services.core.api import ErrorOut, rendered
from services.core.challenge import challenge_required
from services.core.errors import Conflict, NotFound
from services.core.prepared import PreparedValues
from services.core.throttling import ActionThrottle

from . import exports, selectors, services, verification
from .cards import membership_card_pdf
from .models import Member
from .schemas import (
    MEMBER_COLUMNS,
    AppliedOut,
    MemberApplicationIn,
    MemberFilters,
    MemberIn,
    MemberOut,
    MemberPageOut,
    MemberRecordOut,
    VerificationOut,
)

router = Router(tags=["members"])  # mounted at management/
public_router = Router(tags=["members"])  # mounted at users/
verify_router = Router(tags=["verification"])  # mounted at the root
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}


@public_router.post(
    "register/",
    auth=None,
    response={201: AppliedOut, 400: ErrorOut, 409: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("membership")],
    summary="Apply for membership (the public five-step form)",
)
@challenge_required
def apply(request, payload: MemberApplicationIn):
    member = services.member_apply(data=payload.dict())
    return Status(
        201,
        {
            "member": member,
            "message": _("Membership Request Submitted! We will e-mail you once it has been reviewed."),
        },
    )


def _filtered(filters: MemberFilters, today=None):
    return selectors.member_list(
        search=filters.search,
        statuses=filters.approval_status,
        types=filters.membership_type,
        active=filters.active,
        standings=filters.standing,
        ordering=filters.ordering,
        today=today,
    )


@router.get("members/", response={200: MemberPageOut, **ERRORS}, summary="Members: search, filters, pages")
def member_list(request, filters: Query[MemberFilters]):
    # The statements are kept per shape of request: the key holds every filter's value, and the
    # day, which the standings' date ranges depend on.
    today = timezone.localdate()
    key = (
        "members",
        (filters.search or "").strip(),
        tuple(filters.approval_status or ()),
        tuple(filters.membership_type or ()),
        filters.active,
        tuple(filters.standing or ()),
        filters.ordering,
        today if filters.standing else None,
    )
    rows = PreparedValues(
        lambda: _filtered(filters, today).values(*MEMBER_COLUMNS), key, selectors.MEMBER_TOTALS
    )
    page = selectors.member_page(rows, page=filters.page, page_size=filters.page_size)
    # Rendered as it is: the rows are the database's values in the schema's shape (row_body).
    return rendered(request, MemberPageOut.page_body(page))


@router.post("members/", response={201: MemberRecordOut, **ERRORS}, summary="Enter an application (staff)")
def member_create(request, payload: MemberIn):
    return Status(201, services.member_apply(data=payload.dict(), by=request.auth))


@router.get("members/export/", response={200: None, **ERRORS}, summary="The filtered members as CSV")
def member_export(request, filters: Query[MemberFilters]):
    return exports.members_csv_response(_filtered(filters))


@router.get("members/{int:member_id}/", response={200: MemberRecordOut, **ERRORS}, summary="One member")
def member_detail(request, member_id: int):
    return services.member_view(member_id=member_id)


@router.put("members/{int:member_id}/", response={200: MemberRecordOut, **ERRORS}, summary="Edit a member")
def member_update(request, member_id: int, payload: MemberIn):
    return services.member_update(member_id=member_id, data=payload.dict(exclude_unset=True), by=request.auth)


@router.delete("members/{int:member_id}/", response={200: dict, **ERRORS}, summary="Erase a member")
def member_delete(request, member_id: int):
    if not services.member_erase(member_id=member_id)["members"]:
        raise NotFound(_("Member not found."))
    return {"message": _("Member deleted successfully")}


@router.post("members/{int:member_id}/approve/", response={200: MemberRecordOut, **ERRORS}, summary="Approve")
def member_approve(request, member_id: int):
    return services.member_decide(member_id=member_id, status=Member.Approval.APPROVED, by=request.auth)


@router.post("members/{int:member_id}/reject/", response={200: MemberRecordOut, **ERRORS}, summary="Reject")
def member_reject(request, member_id: int):
    return services.member_decide(member_id=member_id, status=Member.Approval.REJECTED, by=request.auth)


@router.post(
    "members/{int:member_id}/toggle-active/", response={200: MemberRecordOut, **ERRORS}, summary="Flip Active"
)
def member_toggle_active(request, member_id: int):
    return services.member_toggle_active(member_id=member_id, by=request.auth)


@router.get("approved-members/", response={200: list[MemberOut], **ERRORS}, summary="Approved members")
def approved_members(request):
    return list(selectors.approved_members())


def pdf_response(content: bytes, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"  # a person's card
    return response


@router.get(
    "members/{int:member_id}/card.pdf",
    response={200: None, **ERRORS},
    openapi_extra={"responses": {200: {"description": "PDF", "content": {"application/pdf": {}}}}},
    summary="A member's membership card (PDF), for the desk to print",
)
def member_card(request, member_id: int):
    member = services.member_view(member_id=member_id)  # recorded as a read of their data
    if not member.verify_code_sealed:
        raise Conflict(_("Only an approved member has a membership card."), code="no_card")
    return pdf_response(membership_card_pdf(member), f"membership-card-{member.pk}.pdf")


@verify_router.get(
    "verify/{code}/",
    auth=None,
    response={200: VerificationOut, 404: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("verify")],
    summary="What a card's (later a certificate's) code verifies: its kind and the facts it shows",
)
def verify(request, code: str, response: HttpResponse):
    response["Cache-Control"] = "no-store"  # the standing is today's, and a person's name
    return verification.verification_answer(code)
