"""Resumable uploads: the core of tus 1.0 (https://tus.io/protocols/resumable-upload) with its
creation and termination extensions, small enough to keep here (django-tus, last released in
2020, was not). The browser (tus-js-client) creates an upload with its length, then sends it in
chunks of a few MB, each its own short request, and after a cut asks how far the server got and
goes on from there. The parts live under DATA_DIR until the whole file is there and staff post
its key to /api/management/signed-videos/ (services.signed_video_create), or the beat's sweep
deletes them SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS after they began."""

import base64
import binascii
import fcntl
import json
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse, UnreadablePostError
from django.utils.translation import gettext as _

from services.core.errors import ApplicationError, Conflict, NotFound, ValidationFailed

from .pending import folder

VERSION = "1.0.0"
EXTENSIONS = "creation,termination"
_KEY = set("0123456789abcdef")


@dataclass(frozen=True)
class Upload:
    key: str
    length: int
    user_id: int
    created: float
    filename: str

    @property
    def part(self) -> Path:
        return folder("uploads") / f"{self.key}.part"

    @property
    def offset(self) -> int:
        return self.part.stat().st_size if self.part.exists() else 0

    @property
    def complete(self) -> bool:
        return self.offset == self.length


def max_bytes() -> int:
    return settings.SIGNED_VIDEO_MAX_MB * 1024 * 1024


def _info_path(key: str) -> Path:
    return folder("uploads") / f"{key}.json"


def tus_response(status: int, **headers: str) -> HttpResponse:
    response = HttpResponse(status=status)
    response["Tus-Resumable"] = VERSION
    response["Cache-Control"] = "no-store"
    for name, value in headers.items():
        response[name.replace("_", "-")] = value
    return response


def version_checked(request) -> None:
    if request.headers.get("Tus-Resumable") != VERSION:
        raise ApplicationError(
            _("This server speaks tus 1.0.0."), code="tus_version", status=412, extra={"tus_version": VERSION}
        )


def _metadata(header: str) -> dict[str, str]:
    """Upload-Metadata: comma-separated `key base64value` pairs."""
    values = {}
    for pair in filter(None, (part.strip() for part in header.split(","))):
        name, _space, encoded = pair.partition(" ")
        try:
            values[name] = base64.b64decode(encoded, validate=True).decode("utf-8") if encoded else ""
        except (binascii.Error, UnicodeDecodeError):
            raise ValidationFailed(_("Upload-Metadata is not valid.")) from None
    return values


def upload_create(*, length_header: str | None, metadata_header: str, user_id: int) -> Upload:
    if not (length_header or "").isdigit():
        raise ValidationFailed(_("Upload-Length is missing or not a number."))
    length = int(length_header)
    if length > max_bytes():
        raise ApplicationError(
            _("This video is too large. The limit is %(limit)d MB.")
            % {"limit": settings.SIGNED_VIDEO_MAX_MB},
            code="request_too_large",
            status=413,
            fields={"file": _("The limit is %(limit)d MB.") % {"limit": settings.SIGNED_VIDEO_MAX_MB}},
        )
    if length == 0:
        raise ValidationFailed(_("This file is empty."), fields={"file": _("This file is empty.")})
    filename = _metadata(metadata_header or "").get("filename", "")[:200]
    upload = Upload(secrets.token_hex(16), length, user_id, time.time(), filename)
    upload.part.touch(mode=0o600)
    _info_path(upload.key).write_text(
        json.dumps({"length": length, "user_id": user_id, "created": upload.created, "filename": filename})
    )
    return upload


def upload_get(key: str, *, user_id: int) -> Upload:
    """The caller's own unexpired upload, or NotFound (tus: 404 means start again)."""
    gone = NotFound(_("This upload does not exist or has expired. Start it again."))
    if len(key) != 32 or not set(key) <= _KEY:
        raise gone
    try:
        info = json.loads(_info_path(key).read_text())
    except (OSError, ValueError):
        raise gone from None
    upload = Upload(key, int(info["length"]), int(info["user_id"]), float(info["created"]), info["filename"])
    if upload.user_id != user_id or _expired(upload.created):
        raise gone
    return upload


def _expired(created: float) -> bool:
    return time.time() - created > settings.SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS * 3600


def upload_append(upload: Upload, *, offset_header: str | None, stream, content_length: int) -> int:
    """Appends the request's body at Upload-Offset; the new offset. 409 when the offset is not
    where the server is (the client asks with HEAD and resumes from there) or another request is
    writing this upload."""
    if not (offset_header or "").isdigit():
        raise ValidationFailed(_("Upload-Offset is missing or not a number."))
    limit = settings.SIGNED_VIDEO_CHUNK_MAX_MB
    if content_length > limit * 1024 * 1024:
        raise ApplicationError(
            _("Send the upload in chunks of at most %(limit)d MB.") % {"limit": limit},
            code="request_too_large",
            status=413,
        )
    with upload.part.open("ab") as part:
        try:
            fcntl.flock(part.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise Conflict(_("This upload is being written by another request.")) from None
        offset = part.tell()
        if int(offset_header) != offset:
            raise Conflict(_("Upload-Offset does not match the upload's size."), extra={"offset": offset})
        if offset + content_length > upload.length:
            raise ValidationFailed(_("The data goes beyond the upload's length."))
        remaining = content_length
        # What arrived before a cut connection stays: the client resumes after it.
        while remaining:
            try:
                chunk = stream.read(min(remaining, 1024 * 1024))
            except (OSError, UnreadablePostError):
                break  # the client went away
            if not chunk:
                break
            part.write(chunk)
            remaining -= len(chunk)
        part.flush()
        return part.tell()


def upload_delete(upload: Upload) -> None:
    upload.part.unlink(missing_ok=True)
    _info_path(upload.key).unlink(missing_ok=True)


def upload_taken(upload: Upload) -> Path:
    """The finished upload's file, no longer an upload (the caller moves it)."""
    _info_path(upload.key).unlink(missing_ok=True)
    return upload.part


def uploads_expire() -> int:
    """Deletes the uploads that began more than SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS ago (and parts
    without their description); how many."""
    removed = 0
    uploads = folder("uploads")
    for info in uploads.glob("*.json"):
        try:
            created = float(json.loads(info.read_text())["created"])
        except (OSError, ValueError, KeyError):
            created = info.stat().st_mtime
        if _expired(created):
            (uploads / f"{info.stem}.part").unlink(missing_ok=True)
            info.unlink(missing_ok=True)
            removed += 1
    for part in uploads.glob("*.part"):
        if not (uploads / f"{part.stem}.json").exists() and _expired(part.stat().st_mtime):
            part.unlink(missing_ok=True)
            removed += 1
    return removed
