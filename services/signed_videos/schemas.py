from datetime import datetime
from typing import Literal

from ninja import Schema

from services.core.openapi import one_of

from . import storage
from .models import LANGUAGES, SignedVideo
from .selectors import captions_payload


class CaptionOut(Schema):
    language: one_of(LANGUAGES)
    src: str


class SignedVideoPublicOut(Schema):
    """What visitors get: the files' addresses change with the files (cached for a year)."""

    id: int
    src: str
    poster: str | None
    captions: list[CaptionOut]
    transcript: str | None


class SignedVideoOut(Schema):
    """Staff's view: also the state of the worker's preparation and the file's facts."""

    id: int
    target: str
    status: one_of(SignedVideo.Status)
    error: str  # why the preparation failed; empty otherwise
    src: str | None
    poster: str | None
    captions: list[CaptionOut]
    transcript: str | None
    size_bytes: int
    duration_seconds: float | None
    content_type: str
    created_at: datetime

    @staticmethod
    def resolve_src(obj: SignedVideo) -> str | None:
        return storage.url(obj.video)

    @staticmethod
    def resolve_poster(obj: SignedVideo) -> str | None:
        return storage.url(obj.poster)

    @staticmethod
    def resolve_captions(obj: SignedVideo) -> list[dict]:
        return captions_payload(obj)

    @staticmethod
    def resolve_transcript(obj: SignedVideo) -> str | None:
        return obj.transcript or None


class SignedVideoTargetQuery(Schema):
    target: str


class TranscriptIn(Schema):
    transcript: str | None = None


class CaptionIn(Schema):
    language: Literal[LANGUAGES]


class SignedVideoIn(Schema):
    target: str
    upload: str | None = None
