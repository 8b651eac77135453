from datetime import date, datetime
from typing import Any

from ninja import Schema

from services.signed_videos.schemas import SignedVideoPublicOut

from .files import download_name, extension_of


class ContactIn(Schema):
    # Missing fields arrive as "" so that the service answers SPEC's 'Please fill out all fields.'
    name: str = ""
    email: str = ""
    message: str = ""


class ContactMessageOut(Schema):
    id: int
    name: str
    email: str
    message: str
    language: str
    created_at: datetime


class ContactMessagePageOut(Schema):
    results: list[ContactMessageOut]
    count: int
    page: int
    page_size: int
    total_pages: int


class ContactMessageFilters(Schema):
    search: str | None = None
    page: int | None = None
    page_size: int | None = None


class ContentFilters(Schema):
    """The lists' query: without page or page_size the answer is SPEC's plain list."""

    search: str | None = None
    page: int | None = None
    page_size: int | None = None


class ResourceIn(Schema):
    """The form fields of a multipart create or edit (the file travels beside them). Missing
    fields arrive as "" so that the service answers with its own messages."""

    title: str = ""
    description: str = ""
    url: str = ""


def resource_file_url(resource_id: int) -> str:
    return f"/api/resources/{resource_id}/file/"


class ResourceOut(Schema):
    id: int
    title: str
    description: str
    # SPEC §3: the URL that opens the document: the download of an uploaded file, else the link.
    file: str
    # The link staff gave ("" for an uploaded file).
    url: str
    # An uploaded file's download name, checked type and size in bytes ("", "", null for a link).
    file_name: str
    file_type: str
    file_size: int | None
    created_at: datetime
    updated_at: datetime

    @staticmethod
    def resolve_file(obj) -> str:
        return resource_file_url(obj.pk) if obj.upload else obj.url

    @staticmethod
    def resolve_file_name(obj) -> str:
        return download_name(obj.title, extension_of(obj.upload.name)) if obj.upload else ""

    @staticmethod
    def resolve_file_type(obj) -> str:
        return obj.content_type if obj.upload else ""

    @staticmethod
    def resolve_file_size(obj) -> int | None:
        return obj.size if obj.upload else None


class ResourcePageOut(Schema):
    results: list[ResourceOut]
    count: int
    page: int
    page_size: int
    total_pages: int


class NewsItemIn(Schema):
    """Every field as text: the service checks them with its own messages."""

    title: str = ""
    date: str = ""
    description: str = ""
    link: str = ""


class NewsItemOut(Schema):
    id: int
    title: str
    date: date
    description: str
    link: str
    created_at: datetime
    # Its version in Rwandan Sign Language (services/signed_videos), or null.
    signed_video: SignedVideoPublicOut | None = None


class NewsItemPageOut(Schema):
    results: list[NewsItemOut]
    count: int
    page: int
    page_size: int
    total_pages: int


def resource_payload(resource) -> dict[str, Any]:
    """As the API answers it (core.public_cache.json_bytes writes the dates)."""
    return ResourceOut.from_orm(resource).model_dump()


def news_item_payload(update) -> dict[str, Any]:
    return NewsItemOut.from_orm(update).model_dump()
