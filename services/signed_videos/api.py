"""Signed videos over HTTP: staff's uploads (whole, or resumable through tus: uploads.py),
captions, transcript and deletion under /api/management/signed-videos/, and the public read
/api/signed-videos/?target=... (docs/content.md, docs/api.md)."""

from django.utils.translation import gettext as _
from ninja import File, Form, Query, Router, Status, UploadedFile

from services.accounts.auth import StaffAuth
from services.core.api import ErrorOut, MessageOut
from services.core.errors import ValidationFailed
from services.core.public_cache import json_bytes
from services.core.throttling import ActionThrottle

from . import selectors, services, uploads
from .schemas import (
    CaptionIn,
    SignedVideoIn,
    SignedVideoOut,
    SignedVideoPublicOut,
    SignedVideoTargetQuery,
    TranscriptIn,
)
from .targets import target_parsed, target_public

router = Router(tags=["signed videos"])
public_router = Router(tags=["signed videos"])
ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut}
UPLOAD_ERRORS = {**ERRORS, 409: ErrorOut, 413: ErrorOut, 415: ErrorOut}
UPLOADS = "signed-videos/uploads/"


FORM_SLACK = 1024 * 1024  # the form around the file (target, a poster's headers)


class StaffWithinVideoLimit(StaffAuth):
    """Staff's token, then the size the body announces: a video over SIGNED_VIDEO_MAX_MB is refused
    before Django reads the form into temporary files (the embedded mode has no nginx in front)."""

    def authenticate(self, request, token: str):
        user = super().authenticate(request, token)
        announced = request.META.get("CONTENT_LENGTH") or "0"
        if user is not None and announced.isdigit() and int(announced) > uploads.max_bytes() + FORM_SLACK:
            raise services.too_large()
        return user


def _target(value: str) -> str:
    target = target_parsed(value)
    if target is None:
        message = _("This is not a page, an event or an update.")
        raise ValidationFailed(message, fields={"target": message})
    return target


@public_router.get(
    "signed-videos/",
    auth=None,
    response={200: SignedVideoPublicOut | None, 400: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("signed_video")],
    summary="The signed video of a page, an event or an update (null: none yet)",
)
def public_signed_video(request, query: Query[SignedVideoTargetQuery]):
    target = _target(query.target)

    def build():
        return json_bytes(selectors.public_payload_of(target) if target_public(target) else None), 200

    return services.public_cache.response(request, target, build)


@router.get(
    "signed-videos/",
    response={200: SignedVideoOut | None, **ERRORS},
    summary="The signed video of a target, whatever its state (null: none)",
)
def signed_video_of_target(request, query: Query[SignedVideoTargetQuery]):
    return selectors.signed_video_for_target(target=_target(query.target))


@router.post(
    "signed-videos/",
    auth=StaffWithinVideoLimit(),
    response={202: SignedVideoOut, **UPLOAD_ERRORS},
    summary="Add a signed video: a file, or the key of a finished resumable upload (multipart/form-data)",
)
def signed_video_create(
    request,
    payload: Form[SignedVideoIn],
    file: File[UploadedFile | None] = None,
    poster: File[UploadedFile | None] = None,
):
    video = services.signed_video_create(
        target=payload.target, file=file, upload_key=payload.upload, poster=poster, by=request.auth
    )
    # The worker decodes it whole and makes its poster: status "processing" until then.
    return Status(202, selectors.signed_video_get(video_id=video.pk))


@router.get(
    "signed-videos/{int:video_id}/", response={200: SignedVideoOut, **ERRORS}, summary="One signed video"
)
def signed_video_detail(request, video_id: int):
    return selectors.signed_video_get(video_id=video_id)


@router.delete(
    "signed-videos/{int:video_id}/",
    response={200: MessageOut, **ERRORS},
    summary="Delete a signed video and its files (their addresses answer 404)",
)
def signed_video_delete(request, video_id: int):
    services.signed_video_delete(video_id=video_id)
    return {"message": _("Signed video deleted.")}


@router.post(
    "signed-videos/{int:video_id}/captions/",
    response={200: SignedVideoOut, **UPLOAD_ERRORS},
    summary="Add or replace the captions of one language (WebVTT, multipart/form-data)",
)
def caption_put(request, video_id: int, payload: Form[CaptionIn], file: File[UploadedFile | None] = None):
    services.caption_put(video_id=video_id, language=payload.language, file=file)
    return selectors.signed_video_get(video_id=video_id)


@router.delete(
    "signed-videos/{int:video_id}/captions/{language}/",
    response={200: SignedVideoOut, **ERRORS},
    summary="Remove the captions of one language",
)
def caption_delete(request, video_id: int, language: str):
    services.caption_delete(video_id=video_id, language=language)
    return selectors.signed_video_get(video_id=video_id)


@router.put(
    "signed-videos/{int:video_id}/transcript/",
    response={200: SignedVideoOut, **ERRORS},
    summary="Set the transcript (null or empty clears it)",
)
def transcript_put(request, video_id: int, payload: TranscriptIn):
    services.transcript_put(video_id=video_id, transcript=payload.transcript)
    return selectors.signed_video_get(video_id=video_id)


# --- Resumable uploads (tus 1.0: core, creation, termination) ---------------------------


@router.post(
    UPLOADS,
    response={201: None, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 412: ErrorOut, 413: ErrorOut},
    summary="tus: create a resumable upload (Upload-Length, Upload-Metadata); Location names it",
)
def upload_create(request):
    uploads.version_checked(request)
    upload = uploads.upload_create(
        length_header=request.headers.get("Upload-Length"),
        metadata_header=request.headers.get("Upload-Metadata", ""),
        user_id=request.auth.pk,
    )
    return uploads.tus_response(201, Location=f"{request.path}{upload.key}/", Upload_Offset="0")


@router.api_operation(
    ["HEAD"], f"{UPLOADS}{{key}}/", response={200: None, 404: ErrorOut}, include_in_schema=False
)
def upload_offset(request, key: str):
    upload = uploads.upload_get(key, user_id=request.auth.pk)
    return uploads.tus_response(200, Upload_Offset=str(upload.offset), Upload_Length=str(upload.length))


@router.patch(
    f"{UPLOADS}{{key}}/",
    response={204: None, **UPLOAD_ERRORS, 412: ErrorOut},
    summary="tus: append a chunk at Upload-Offset (application/offset+octet-stream)",
)
def upload_append(request, key: str):
    uploads.version_checked(request)
    if request.content_type != "application/offset+octet-stream":
        raise ValidationFailed(
            _("Send the chunk as application/offset+octet-stream."), status=415, code="unsupported_media_type"
        )
    upload = uploads.upload_get(key, user_id=request.auth.pk)
    offset = uploads.upload_append(
        upload,
        offset_header=request.headers.get("Upload-Offset"),
        stream=request,
        content_length=int(request.META.get("CONTENT_LENGTH") or 0),
    )
    return uploads.tus_response(204, Upload_Offset=str(offset))


@router.delete(
    f"{UPLOADS}{{key}}/", response={204: None, **ERRORS, 412: ErrorOut}, summary="tus: give up an upload"
)
def upload_terminate(request, key: str):
    uploads.version_checked(request)
    uploads.upload_delete(uploads.upload_get(key, user_id=request.auth.pk))
    return uploads.tus_response(204)
