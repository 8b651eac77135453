"""Uploads that are not checked yet live under DATA_DIR, never in the public storage: a whole
file sent in one request, or the parts of a resumable upload (uploads.py). The worker moves a
checked video into the storage and deletes its pending file."""

import uuid
from pathlib import Path

from django.conf import settings

CHUNK = 1024 * 1024


def folder(kind: str) -> Path:
    path = Path(settings.DATA_DIR) / "signed-videos" / kind
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def path_of(name: str) -> Path | None:
    """The pending file `name` (as stored on the row), or None when it is gone."""
    if not name or "/" in name or name.startswith("."):
        return None
    path = folder("pending") / name
    return path if path.is_file() else None


def received(upload) -> Path:
    """A copy of an uploaded file (Django's UploadedFile) under a random pending name."""
    path = folder("pending") / uuid.uuid4().hex
    upload.seek(0)
    try:
        with path.open("wb") as file:
            for chunk in upload.chunks(CHUNK):
                file.write(chunk)
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return path


def adopted(source: Path) -> Path:
    """A finished resumable upload becomes a pending file (a rename, same folder tree)."""
    path = folder("pending") / uuid.uuid4().hex
    source.replace(path)
    return path
