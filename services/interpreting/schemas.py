from datetime import date, datetime, time
from typing import Any

from ninja import Schema


class RequestIn(Schema):
    """A request for an interpreter (values of reference.py, any capitals). Every field is read
    and checked by the service, which names each one that is wrong."""

    requester_type: str = ""
    full_name: str = ""
    email: str = ""
    phone: str = ""
    contact_preference: str = ""
    date: str = ""
    start_time: str = ""
    duration_minutes: Any = None
    mode: str = ""
    district: str = ""
    address: str = ""
    video_link: str = ""
    setting: str = ""
    languages: Any = None
    deaf_count: Any = 1
    deafblind_needs: str = ""
    preferred_interpreter_id: Any = None
    notes: str = ""


class RequestReceivedOut(Schema):
    reference: str
    urgent: bool
    interpreters_needed: int
    message: str


class TokenIn(Schema):
    token: str = ""


class CancelledOut(Schema):
    reference: str
    status: str
    message: str


class OfferAnsweredOut(Schema):
    status: str
    date: date
    start_time: time
    message: str


class OffersIn(Schema):
    member_ids: list[int] = []


class UnfilledIn(Schema):
    reason: str = ""


class RequestFilters(Schema):
    status: str | None = None
    page: int | None = None
    page_size: int | None = None


class OfferOut(Schema):
    id: int
    member_id: int
    member_name: str
    display_name: str
    status: str
    offered_at: datetime
    expires_at: datetime
    answered_at: datetime | None


class RequestRowOut(Schema):
    id: int
    reference: str
    status: str
    urgent: bool
    interpreters_needed: int
    requester_type: str
    date: date
    start_time: time
    duration_minutes: int
    mode: str
    district: str
    setting: str
    languages: list[str]
    accepted: int
    created_at: datetime


class RequestOut(RequestRowOut):
    full_name: str
    email: str
    phone: str
    contact_preference: str
    address: str
    video_link: str
    deaf_count: int
    deafblind_needs: str
    notes: str
    preferred_interpreter_id: int | None
    preferred_interpreter_name: str
    unfilled_reason: str
    first_offered_at: datetime | None
    assigned_at: datetime | None
    closed_at: datetime | None
    erased_at: datetime | None
    offers: list[OfferOut]


class RequestPageOut(Schema):
    results: list[RequestRowOut]
    count: int
    page: int
    page_size: int
    total_pages: int
    counts: dict[str, int]


class SuggestionOut(Schema):
    member_id: int
    profile_id: int
    member_name: str
    display_name: str
    listed: bool
    preferred: bool
    sign_languages: list[str]
    spoken_languages: list[str]
    districts: list[str]
    settings: list[str]
    certification_level: str
    offer_status: str | None


class ReportCountsOut(Schema):
    requests: int
    filled: int
    unfilled: int
    cancelled: int
    open: int
    share_filled: float | None


class ReportTotalsOut(ReportCountsOut):
    median_hours_to_assignment: float | None


class ReportMonthOut(ReportCountsOut):
    month: str


class ReportSettingOut(ReportCountsOut):
    setting: str


class ReportDistrictOut(ReportCountsOut):
    district: str


class ReportCellOut(ReportCountsOut):
    month: str
    setting: str
    district: str


class ReportUnfilledOut(Schema):
    reference: str
    date: date
    setting: str
    district: str
    reason: str


class ReportOut(Schema):
    year: int
    totals: ReportTotalsOut
    months: list[ReportMonthOut]
    by_setting: list[ReportSettingOut]
    by_district: list[ReportDistrictOut]
    cells: list[ReportCellOut]
    unfilled: list[ReportUnfilledOut]


class ReportQuery(Schema):
    year: int | None = None
    format: str | None = None


class SummarySettingOut(Schema):
    setting: str
    requests: int


class SummaryYearOut(Schema):
    year: int
    requests: int
    filled: int
    unfilled: int
    share_filled: float | None
    by_setting: list[SummarySettingOut]


class SummaryOut(Schema):
    years: list[SummaryYearOut]
    interpreters_listed: int


class MyYearOut(Schema):
    year: int
    hours: float
    assignments: int


class MyAssignmentOut(Schema):
    date: date
    start_time: time
    duration_minutes: int
    mode: str
    district: str
    setting: str
    status: str
    hours: float | None


class MyInterpretingOut(Schema):
    years: list[MyYearOut]
    assignments: list[MyAssignmentOut]
