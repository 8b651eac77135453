from django.http import HttpResponse, JsonResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from ninja import Query, Router, Status

from services.core.api import ErrorOut, MessageOut, rendered
from services.core.challenge import challenge_required
from services.core.errors import Conflict, NotFound
from services.core.prepared import PreparedValues
from services.core.throttling import ActionThrottle

from . import cpd, exports, my_membership, renewals, selectors, services, verification
from .cards import membership_card_pdf
from .certificates import certificate_pdf, statement_pdf
from .models import Member
from .schemas import (
    MEMBER_COLUMNS,
    AppliedOut,
    CertificateVerificationOut,
    CpdCreditIn,
    CpdRevokeIn,
    CpdStatementQuery,
    EmailChangedOut,
    EmailChangeIn,
    MemberApplicationIn,
    MemberFilters,
    MemberIn,
    MemberOut,
    MemberPageOut,
    MemberRecordOut,
    MemberSessionOut,
    MyMembershipIn,
    MyMembershipOut,
    RenewalConfirmedOut,
    RenewalConfirmIn,
    RenewalOut,
    RenewalStateOut,
    RenewIn,
    SignInLinkIn,
    SignInTokenIn,
    StaffCpdCreditOut,
    VerificationOut,
)
from .throttling import EmailThrottle, MemberThrottle

router = Router(tags=["members"])  # mounted at management/
public_router = Router(tags=["members"])  # mounted at users/
verify_router = Router(tags=["verification"])  # mounted at the root
# Mounted at my-membership/: a member session's token, never a staff one (my_membership.MemberAuth).
my_router = Router(tags=["my membership"], auth=my_membership.member_auth)
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


@router.post(
    "renewals/{int:renewal_id}/confirm/",
    response={200: RenewalConfirmedOut, **ERRORS},
    summary="Confirm a renewal's payment: the next period, and the new card e-mailed",
)
def renewal_confirm(request, renewal_id: int, payload: RenewalConfirmIn):
    return renewals.renewal_confirm(renewal_id=renewal_id, data=payload.dict(), by=request.auth)


@router.get("approved-members/", response={200: list[MemberOut], **ERRORS}, summary="Approved members")
def approved_members(request):
    return list(selectors.approved_members())


def data_response(data: dict, filename: str) -> JsonResponse:
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 2})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@router.get(
    "members/{int:member_id}/export/",
    response={200: None, **ERRORS},
    summary="All of one member's data as JSON (what the member downloads from their own page)",
)
def member_data_export(request, member_id: int):
    member = selectors.member_detail(member_id=member_id)
    data = my_membership.my_data_export(member=member, verb="member.exported")
    return data_response(data, f"member-{member.pk}.json")


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


# --- CPD (docs/members.md, CPD hours and certificates) ------------------------------------------


@router.get(
    "members/{int:member_id}/cpd-credits/",
    response={200: list[StaffCpdCreditOut], **ERRORS},
    summary="A member's CPD credits, revoked ones too",
)
def member_cpd_credits(request, member_id: int):
    return cpd.member_cpd_credits(member_id=member_id)


@router.post(
    "members/{int:member_id}/cpd-credits/",
    response={201: StaffCpdCreditOut, **ERRORS},
    summary="Credit a member CPD hours by hand (an event held elsewhere)",
)
def member_cpd_credit_add(request, member_id: int, payload: CpdCreditIn):
    credit = cpd.cpd_credit_add(member_id=member_id, data=payload.dict(), by=request.auth)
    return Status(201, _staff_credit(credit))


@router.post(
    "cpd-credits/{int:credit_id}/revoke/",
    response={200: StaffCpdCreditOut, **ERRORS},
    summary="Revoke a CPD credit, with a reason",
)
def cpd_credit_revoke(request, credit_id: int, payload: CpdRevokeIn):
    credit = cpd.cpd_credit_revoke(credit_id=credit_id, reason=payload.reason, by=request.auth)
    return _staff_credit(credit)


def _staff_credit(credit) -> dict:
    rows = cpd.member_cpd_credits(member_id=credit.member_id)
    return next(row for row in rows if row["id"] == credit.pk)


@verify_router.get(
    "verify/{code}/",
    auth=None,
    response={200: VerificationOut | CertificateVerificationOut, 404: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("verify")],
    summary="What a card's or a CPD certificate's code verifies: its kind and the facts it shows",
)
def verify(request, code: str, response: HttpResponse):
    response["Cache-Control"] = "no-store"  # the standing is today's, and a person's name
    return verification.verification_answer(code)


# --- A member's own page (docs/members.md, A member's own page) --------------------------------

MY_ERRORS = {400: ErrorOut, 401: ErrorOut, 429: ErrorOut}


@my_router.post(
    "sign-in-link/",
    auth=None,
    response={200: MessageOut, **MY_ERRORS},
    throttle=[ActionThrottle("member_sign_in"), EmailThrottle("member_sign_in_email")],
    summary="E-mail a member a sign-in link (the same answer for any address)",
)
@challenge_required
def my_sign_in_link(request, payload: SignInLinkIn):
    my_membership.sign_in_request(email=payload.email)
    return {
        "message": _(
            "If this address belongs to a member, a sign-in link is on its way. It works for 15 minutes."
        )
    }


@my_router.post(
    "session/",
    auth=None,
    response={200: MemberSessionOut, **MY_ERRORS},
    throttle=[ActionThrottle("member_sign_in_link")],
    summary="Open the e-mailed link (token in the body): answers the member's access token",
)
def my_session(request, payload: SignInTokenIn):
    access, expires_at = my_membership.session_open(token=payload.token)
    return {"access": access, "expires_at": expires_at}


@my_router.post(
    "sign-out/", response={200: MessageOut, **MY_ERRORS}, summary="End every session of the member"
)
def my_sign_out(request):
    my_membership.sessions_end(member=request.auth)
    return {"message": _("You have been signed out.")}


@my_router.get("", response={200: MyMembershipOut, **MY_ERRORS}, summary="The signed-in member's membership")
def my_membership_view(request):
    return my_membership.my_membership(member=request.auth)


@my_router.patch("", response={200: MyMembershipOut, **MY_ERRORS}, summary="Change one's contact details")
def my_membership_update(request, payload: MyMembershipIn):
    member = my_membership.my_membership_update(member=request.auth, data=payload.dict(exclude_unset=True))
    return my_membership.my_membership(member=member)


@my_router.post(
    "email-change/",
    response={200: MyMembershipOut, **MY_ERRORS},
    throttle=[ActionThrottle("member_email_change"), EmailThrottle("member_email_change_email")],
    summary="Ask to change one's e-mail address: a link goes to the new address, nothing changes yet",
)
def my_email_change(request, payload: EmailChangeIn):
    my_membership.email_change_request(member=request.auth, email=payload.email)
    return my_membership.my_membership(member=request.auth)


@my_router.post(
    "email-change/confirm/",
    auth=None,
    response={200: EmailChangedOut, 409: ErrorOut, **MY_ERRORS},
    throttle=[ActionThrottle("member_email_confirm")],
    summary="Open the link e-mailed to the new address (token in the body): the address changes",
)
def my_email_confirm(request, payload: SignInTokenIn):
    member = my_membership.email_change_confirm(token=payload.token)
    return {
        "email": member.email,
        "message": _("The e-mail address of your membership is now %(email)s.") % {"email": member.email},
    }


@my_router.get("export/", response={200: None, **MY_ERRORS}, summary="All the member's data as JSON")
def my_membership_export(request):
    return data_response(my_membership.my_data_export(member=request.auth), "my-membership.json")


@my_router.get(
    "card.pdf",
    response={200: None, 409: ErrorOut, **MY_ERRORS},
    openapi_extra={"responses": {200: {"description": "PDF", "content": {"application/pdf": {}}}}},
    summary="The signed-in member's membership card (PDF)",
)
def my_membership_card(request):
    member = request.auth
    if my_membership.my_card_url(member) is None:
        raise Conflict(_("Only an approved member has a membership card."), code="no_card")
    return pdf_response(membership_card_pdf(member), "membership-card.pdf")


@my_router.get(
    "cpd-credits/{int:credit_id}/certificate.pdf",
    response={200: None, 404: ErrorOut, **MY_ERRORS},
    openapi_extra={"responses": {200: {"description": "PDF", "content": {"application/pdf": {}}}}},
    summary="The certificate of attendance of one of the member's CPD credits (PDF)",
)
def my_cpd_certificate(request, credit_id: int):
    credit = cpd.my_credit(member=request.auth, credit_id=credit_id)
    return pdf_response(certificate_pdf(credit, request.auth), f"cpd-certificate-{credit.pk}.pdf")


@my_router.get(
    "cpd-statement.pdf",
    response={200: None, **MY_ERRORS},
    openapi_extra={"responses": {200: {"description": "PDF", "content": {"application/pdf": {}}}}},
    summary="The member's CPD statement of a year (?year=, default this year; PDF)",
)
def my_cpd_statement(request, query: Query[CpdStatementQuery]):
    year = cpd.statement_year(query.year)
    credits = cpd.statement_credits(member=request.auth, year=year)
    return pdf_response(statement_pdf(request.auth, year, credits), f"cpd-statement-{year}.pdf")


@my_router.post("close/", response={200: MyMembershipOut, **MY_ERRORS}, summary="Ask to close and erase")
def my_membership_close(request):
    return my_membership.my_membership(member=my_membership.closure_request(member=request.auth))


@my_router.get("renew/", response={200: RenewalStateOut, **MY_ERRORS}, summary="Whether renewal is open")
def my_renewal(request):
    return renewals.renewal_state(member=request.auth)


@my_router.post(
    "renew/",
    response={200: RenewalOut, 409: ErrorOut, **MY_ERRORS},
    # Each change of type or method e-mails the member again.
    throttle=[MemberThrottle("member_renew")],
    summary="Renew: answers the payment reference and the amount (asking again answers the same one)",
)
def my_renew(request, payload: RenewIn):
    renewal = renewals.renewal_request(member=request.auth, data=payload.dict())
    return renewals.renewal_answer(renewal)
