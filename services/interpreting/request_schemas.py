from datetime import date, datetime, time
from typing import Any

from ninja import Schema


class InterpreterRequestIn(Schema):
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


class InterpreterRequestReceivedOut(Schema):
    reference: str
    urgent: bool
    interpreters_needed: int
    message: str


class InterpreterLinkIn(Schema):
    token: str = ""


class InterpreterRequestCancelledOut(Schema):
    reference: str
    status: str
    message: str


class InterpreterOfferAnsweredOut(Schema):
    status: str
    date: date
    start_time: time
    message: str


class InterpreterOffersIn(Schema):
    member_ids: list[int] = []


class InterpreterUnfilledIn(Schema):
    reason: str = ""


class InterpreterRequestFilters(Schema):
    status: str | None = None
    page: int | None = None
    page_size: int | None = None


class InterpreterOfferOut(Schema):
    id: int
    member_id: int
    member_name: str
    display_name: str
    status: str
    offered_at: datetime
    expires_at: datetime
    answered_at: datetime | None


class InterpreterRequestRowOut(Schema):
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


class InterpreterRequestOut(InterpreterRequestRowOut):
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
    offers: list[InterpreterOfferOut]


class InterpreterRequestPageOut(Schema):
    results: list[InterpreterRequestRowOut]
    count: int
    page: int
    page_size: int
    total_pages: int
    counts: dict[str, int]


class InterpreterSuggestionOut(Schema):
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


class InterpretingReportCountsOut(Schema):
    requests: int
    filled: int
    unfilled: int
    cancelled: int
    open: int
    share_filled: float | None


class InterpretingReportTotalsOut(InterpretingReportCountsOut):
    median_hours_to_assignment: float | None


class InterpretingReportMonthOut(InterpretingReportCountsOut):
    month: str


class InterpretingReportSettingOut(InterpretingReportCountsOut):
    setting: str


class InterpretingReportDistrictOut(InterpretingReportCountsOut):
    district: str


class InterpretingReportCellOut(InterpretingReportCountsOut):
    month: str
    setting: str
    district: str


class InterpretingReportUnfilledOut(Schema):
    reference: str
    date: date
    setting: str
    district: str
    reason: str


class InterpretingReportOut(Schema):
    year: int
    totals: InterpretingReportTotalsOut
    months: list[InterpretingReportMonthOut]
    by_setting: list[InterpretingReportSettingOut]
    by_district: list[InterpretingReportDistrictOut]
    cells: list[InterpretingReportCellOut]
    unfilled: list[InterpretingReportUnfilledOut]


class InterpretingReportQuery(Schema):
    year: int | None = None
    format: str | None = None


class InterpretingSummarySettingOut(Schema):
    setting: str
    requests: int


class InterpretingSummaryYearOut(Schema):
    year: int
    requests: int
    filled: int
    unfilled: int
    share_filled: float | None
    by_setting: list[InterpretingSummarySettingOut]


class InterpretingSummaryOut(Schema):
    years: list[InterpretingSummaryYearOut]
    interpreters_listed: int


class MyInterpretingYearOut(Schema):
    year: int
    hours: float
    assignments: int


class MyInterpretingAssignmentOut(Schema):
    date: date
    start_time: time
    duration_minutes: int
    mode: str
    district: str
    setting: str
    status: str
    hours: float | None


class MyInterpretingOut(Schema):
    years: list[MyInterpretingYearOut]
    assignments: list[MyInterpretingAssignmentOut]
