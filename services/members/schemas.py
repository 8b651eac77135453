from datetime import date, datetime
from typing import Any

from ninja import Field, Schema

from services.core.openapi import one_of

from .cleaning import GENDERS, PAYMENT_METHODS
from .models import Member


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
    page: int | None = None
    page_size: int | None = None


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

    @staticmethod
    def resolve_gender(obj):
        return obj.gender_reading

    @staticmethod
    def resolve_gender_declared(obj):
        return obj.gender

    @staticmethod
    def row_body(row: dict[str, Any]) -> dict[str, Any]:
        """A row of `.values(*MEMBER_COLUMNS)`, the database's own types, as this schema answers
        it, taken without validation or a model: for the list's pages, where ninja's
        attribute-by-attribute validation, then pydantic's model building, cost more CPU than
        the queries (issue 26). The same answer as the validated one (a test compares them)."""
        gender = row["gender"]
        reading = Member.GENDER_READINGS.get(gender, "Other") if gender else ""
        return {**row, "gender": reading, "gender_declared": gender}


# The Member columns a MemberOut shows (gender_declared is the gender column as chosen).
MEMBER_COLUMNS = tuple(name for name in MemberOut.model_fields if name != "gender_declared")


class MemberPageOut(Schema):
    results: list[MemberOut]
    count: int
    page: int
    page_size: int
    total_pages: int

    @staticmethod
    def page_body(page) -> dict[str, Any]:
        """A page of `.values(*MEMBER_COLUMNS)` rows (services.core.paging.Page), as answered."""
        return {
            "results": [MemberOut.row_body(row) for row in page.results],
            "count": page.count,
            "page": page.page,
            "page_size": page.page_size,
            "total_pages": page.total_pages,
        }


class AppliedOut(Schema):
    member: MemberOut
    message: str
