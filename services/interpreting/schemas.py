from datetime import datetime

from ninja import Schema


class InterpreterOut(Schema):
    """One card of the public directory: what the interpreter chose to show."""

    id: int
    display_name: str
    photo_url: str | None
    sign_languages: list[str]
    spoken_languages: list[str]
    districts: list[str]
    settings: list[str]
    certification_level: str
    years_of_practice: int
    bio: str
    verified: bool
    phone: str | None
    email: str | None


class InterpreterPageOut(Schema):
    results: list[InterpreterOut]
    count: int
    page: int
    page_size: int
    total_pages: int


class InterpreterFilters(Schema):
    language: str | None = None
    district: str | None = None
    setting: str | None = None
    page: int | None = None
    page_size: int | None = None


class DistrictCountOut(Schema):
    district: str
    province: str
    latitude: float
    longitude: float
    interpreters: int


class InterpreterProfileIn(Schema):
    display_name: str = ""
    sign_languages: list[str] = []
    spoken_languages: list[str] = []
    districts: list[str] = []
    settings: list[str] = []
    certification_level: str = ""
    years_of_practice: int = 0
    bio: str = ""
    show_phone: bool = False
    show_email: bool = False
    listed: bool = False
    consent: bool = False


class MyInterpreterProfileOut(InterpreterOut):
    listed: bool
    public: bool
    hidden: bool
    show_phone: bool
    show_email: bool
    consent_at: datetime | None
    consent_text: str
    verified_at: datetime | None


class MyInterpreterOut(Schema):
    eligible: bool
    consent_wording: str
    profile: MyInterpreterProfileOut | None


class StaffInterpreterOut(InterpreterOut):
    member_id: int
    member_name: str
    listed: bool
    public: bool
    show_phone: bool
    show_email: bool
    consent_at: datetime | None
    verified_at: datetime | None
    verified_by: str | None
    hidden_at: datetime | None
    hidden_by: str | None


class StaffInterpreterPageOut(Schema):
    results: list[StaffInterpreterOut]
    count: int
    page: int
    page_size: int
    total_pages: int


class StaffInterpreterFilters(Schema):
    search: str | None = None
    status: str | None = None
    page: int | None = None
    page_size: int | None = None
