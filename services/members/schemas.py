from datetime import date, datetime
from typing import Annotated, Any, Literal

from django.utils import timezone
from ninja import Field, Schema
from pydantic import BeforeValidator

from services.core.cpd import CPD_CATEGORIES
from services.core.openapi import one_of

from .cleaning import GENDERS, PAYMENT_METHODS
from .models import CpdCredit, Member, Renewal, RenewalNotice
from .selectors import ORDERINGS
from .standing import STANDINGS, member_standing

_STANDING_BY_KEY = {value.lower(): value for value in STANDINGS}


def _standing_word(value: Any) -> Any:
    """ "expiring", "EXPIRING": Expiring; anything else is left for the enum to refuse."""
    return _STANDING_BY_KEY.get(value.strip().lower(), value) if isinstance(value, str) else value


# A standing as a filter takes it: any capitals.
StandingIn = Annotated[one_of(STANDINGS), BeforeValidator(_standing_word)]


class MemberApplicationIn(Schema):
    """The public form's fields (SPEC §3: the transaction id is never filled in there). Every
    field optional: the service answers the rule each missing or wrong one breaks."""

    full_name: str | None = None
    email: str | None = None
    phone: str | None = None
    date_of_birth: str | None = None
    gender: str | None = None
    nationality: str | None = None
    address: str | None = None
    occupation: str | None = None
    organization: str | None = None
    contact_person_name: str | None = None
    contact_person_role: str | None = None
    experience_years: int | str | None = None
    membership_type: str | None = None
    preferred_communication_language: str | None = None
    reason_for_joining: str | None = None
    skills: str | None = None
    areas_of_interest: list[Any] | None = None
    certifications: str | None = None
    payment_method: str | None = None
    agree_to_terms: bool | None = None


class MemberIn(MemberApplicationIn):
    """Staff's create and edit: the application's fields, the payment and the statuses."""

    transaction_id: str | None = None
    approval_status: str | None = None
    is_active_member: bool | None = None
    id: int | None = None  # SPEC §7: the edit form sends it; the path decides


class MemberFilters(Schema):
    search: str | None = None
    approval_status: list[one_of(Member.Approval)] = Field(default_factory=list)
    membership_type: list[one_of(Member.MembershipType)] = Field(default_factory=list)
    active: bool | None = None
    # Several allowed, any capitals: Active, Expiring, Grace, Lapsed (services/members/standing.py).
    standing: list[StandingIn] = Field(default_factory=list)
    ordering: Literal[ORDERINGS] | None = None  # default -created_at
    page: int | None = None
    page_size: int | None = None


class RenewalNoticeOut(Schema):
    kind: one_of(RenewalNotice.Kind)
    sent_at: datetime  # when its e-mail was queued


class MemberOut(Schema):
    id: int
    full_name: str
    email: str
    phone: str
    date_of_birth: date | None
    # The admin's reading (Non-binary and Prefer Not to Say read as Other) and as chosen; both
    # blank for an institution.
    gender: one_of("", Member.GENDER_READINGS, "Other")
    gender_declared: one_of("", GENDERS)
    nationality: str
    address: str
    occupation: str
    organization: str
    contact_person_name: str
    contact_person_role: str
    experience_years: int
    membership_type: one_of(Member.MembershipType)
    preferred_communication_language: str
    reason_for_joining: str
    skills: str
    areas_of_interest: list[str]
    certifications: str
    payment_method: one_of(PAYMENT_METHODS)
    transaction_id: str
    agree_to_terms: bool
    terms_accepted_at: datetime | None
    approval_status: one_of(Member.Approval)
    is_active_member: bool
    membership_number: str | None
    approved_at: datetime | None
    created_at: datetime
    # The membership year: the latest period's last day, and the standing today (null: not an
    # Approved member with a period).
    membership_end: date | None
    standing: one_of(STANDINGS) | None
    # When the member asked from their own page to close the membership and erase their data
    # (null: never); staff confirm by erasing.
    closure_requested_at: datetime | None

    @staticmethod
    def resolve_standing(obj):
        return member_standing(obj.approval_status, obj.membership_end, timezone.localdate())

    @staticmethod
    def resolve_gender(obj):
        return obj.gender_reading

    @staticmethod
    def resolve_gender_declared(obj):
        return obj.gender

    @staticmethod
    def row_body(row: dict[str, Any], today: date) -> dict[str, Any]:
        """A row of `.values(*MEMBER_COLUMNS)`, the database's own types, as this schema answers
        it, taken without validation or a model: for the list's pages, where ninja's
        attribute-by-attribute validation, then pydantic's model building, cost more CPU than
        the queries (issue 26). The same answer as the validated one (a test compares them)."""
        gender = row["gender"]
        reading = Member.GENDER_READINGS.get(gender, "Other") if gender else ""
        standing = member_standing(row["approval_status"], row["membership_end"], today)
        return {**row, "gender": reading, "gender_declared": gender, "standing": standing}


# The Member columns a MemberOut shows (gender_declared is the gender column as chosen; the
# standing is computed from the end date).
MEMBER_COLUMNS = tuple(name for name in MemberOut.model_fields if name not in ("gender_declared", "standing"))


class MemberRecordOut(MemberOut):
    """One member as staff open or change it: the row, and the renewal notices that went out,
    the first first (docs/members.md, Renewal notices). The list's rows leave them out: a page
    stays one round trip."""

    renewal_notices: list[RenewalNoticeOut]

    @staticmethod
    def resolve_renewal_notices(obj):
        return obj.renewal_notices.all()


class MemberPageOut(Schema):
    results: list[MemberOut]
    count: int
    page: int
    page_size: int
    total_pages: int

    @staticmethod
    def page_body(page) -> dict[str, Any]:
        """A page of `.values(*MEMBER_COLUMNS)` rows (services.core.paging.Page), as answered."""
        today = timezone.localdate()
        return {
            "results": [MemberOut.row_body(row, today) for row in page.results],
            "count": page.count,
            "page": page.page,
            "page_size": page.page_size,
            "total_pages": page.total_pages,
        }


class AppliedOut(Schema):
    member: MemberOut
    message: str


class VerificationOut(Schema):
    """What a membership card's code verifies: what the card prints and the standing today;
    nothing else of the member. A certificate of attendance will add its own kind beside it."""

    kind: Literal["membership"]
    name: str
    membership_number: str
    membership_type: one_of(Member.MembershipType)
    standing: one_of(STANDINGS)
    valid_until: date


class CertificateVerificationOut(Schema):
    """What a certificate of attendance's code verifies: what the certificate prints, nothing
    else of the member. A revoked certificate is not found."""

    kind: Literal["cpd_certificate"]
    name: str
    title: str
    date: date
    hours: float
    category: one_of(CPD_CATEGORIES)


# --- A member's own page (services/members/my_membership.py) ----------------------------------


class SignInLinkIn(Schema):
    email: str = ""


class SignInTokenIn(Schema):
    token: str = ""


class EmailChangeIn(Schema):
    email: str = ""


class EmailChangedOut(Schema):
    email: str
    message: str


class MemberSessionOut(Schema):
    access: str
    expires_at: datetime


class PeriodOut(Schema):
    start: date
    end: date


class ConsentsOut(Schema):
    # The only consent the membership asks: the terms, required to be a member (withdrawing it
    # is closing the membership).
    terms: bool
    terms_accepted_at: datetime | None


CpdCategory = one_of(CPD_CATEGORIES)


class CpdYearOut(Schema):
    year: int
    hours: float
    by_category: dict[str, float]  # every category, 0 included


class CpdCreditOut(Schema):
    id: int
    event_id: int | None  # null: credited by hand
    title: str
    date: date
    hours: float
    category: CpdCategory
    certificate_url: str  # the member session's download of its certificate (PDF)


class CpdOut(Schema):
    years: list[CpdYearOut]
    credits: list[CpdCreditOut]


class CpdCreditIn(Schema):
    """A credit by hand; every field checked by the service (its own messages)."""

    hours: float | str | None = None
    category: str | None = None
    activity: str | None = None
    date: str | None = None
    note: str | None = None


class CpdRevokeIn(Schema):
    reason: str | None = None


class StaffCpdCreditOut(Schema):
    id: int
    event_id: int | None
    title: str
    date: date
    hours: float
    category: CpdCategory
    source: one_of(CpdCredit.Source)
    note: str
    created_at: datetime
    created_by: str  # the staff user's username; empty: credited for an event
    revoked_at: datetime | None
    revoked_by: str
    revoked_reason: str


class CpdStatementQuery(Schema):
    year: int | str | None = None


class MyMembershipOut(Schema):
    standing: one_of(STANDINGS) | None
    membership_end: date | None
    membership_number: str | None
    membership_type: one_of(Member.MembershipType)
    periods: list[PeriodOut]
    full_name: str
    email: str
    # A new address asked for, waiting for its link to be opened (null: none); `email` stays.
    pending_email: str | None
    phone: str
    address: str
    language: str  # the language of the association's e-mails to the member
    preferred_communication_language: str
    consents: ConsentsOut
    closure_requested_at: datetime | None
    card_verify_url: str | None  # what the card's QR code opens; null without a card
    cpd: CpdOut


class MyMembershipIn(Schema):
    """What the member may change; a field left out keeps its value."""

    phone: str | None = None
    address: str | None = None
    language: str | None = None
    preferred_communication_language: str | None = None


# --- Renewal (docs/members.md, Renewal) -------------------------------------------------------


class RenewIn(Schema):
    membership_type: str = ""  # empty: the member's own type
    payment_method: str = ""


class RenewalOut(Schema):
    """A renewal and how to pay it, like an event registration's answer."""

    id: int
    reference: str
    status: one_of(Renewal.Status)
    amount: float
    amount_text: str
    currency: str
    membership_type: one_of(Member.MembershipType)
    payment_method: one_of(PAYMENT_METHODS)
    methods: dict[str, str]
    next_steps: str
    demo: bool
    contact_message: str
    contact_email: str
    contact_phone: str
    created_at: datetime


class RenewalFeeOut(Schema):
    membership_type: one_of(Member.MembershipType)
    amount: float | None  # null: no fee set, so that type cannot be renewed online


class RenewalStateOut(Schema):
    open: bool
    opens_on: date | None  # E-60
    membership_type: one_of(Member.MembershipType)
    payment_method: str
    fees: list[RenewalFeeOut]
    pending: RenewalOut | None


class RenewalConfirmIn(Schema):
    transaction_id: str = ""
    payment_method: str = ""


class RenewalConfirmedOut(Schema):
    id: int
    reference: str
    status: one_of(Renewal.Status)
    transaction_id: str
    payment_method: str
    confirmed_at: datetime | None
    member_id: int
    period: PeriodOut | None
