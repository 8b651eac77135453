"""An interpreter's photo: checked by decoding it, turned upright, stripped of its metadata and
re-encoded as WebP by the event pictures' own code (services/events/images.py), written under
MEDIA_ROOT/interpreters/<profile id>/ and named by the hash of its bytes."""

import hashlib
import re
import shutil
from pathlib import Path

from django.conf import settings

from services.events.images import ImageRefused, checked_webp, write_atomically

__all__ = ["ImageRefused", "delete", "delete_folder", "path_of", "store", "url"]

WIDTH = 320  # shown at 96 px on a card (3x screens), a narrower upload stays as it is
MIN_SIDE = 160
URL_PREFIX = "/api/media/interpreters/"
NAME_PATTERN = re.compile(r"^[0-9a-f]{20}-[0-9]{2,4}\.webp$")


def folder(profile_id: int) -> Path:
    return Path(settings.MEDIA_ROOT) / "interpreters" / str(int(profile_id))


def url(profile_id: int, name: str) -> str | None:
    return f"{URL_PREFIX}{int(profile_id)}/{name}" if name else None


def store(profile_id: int, upload) -> str:
    """The file's name once checked and written; ImageRefused with a message for the person."""
    ((width, _height, data),) = checked_webp(upload, widths=(WIDTH,), min_width=MIN_SIDE, min_height=MIN_SIDE)
    name = f"{hashlib.sha256(data).hexdigest()[:20]}-{width}.webp"
    write_atomically(folder(profile_id) / name, data)
    return name


def delete(profile_id: int, name: str) -> None:
    if name and NAME_PATTERN.match(name):
        (folder(profile_id) / name).unlink(missing_ok=True)


def delete_folder(profile_id: int) -> None:
    shutil.rmtree(folder(profile_id), ignore_errors=True)


def path_of(profile_id: int, name: str) -> Path | None:
    if not NAME_PATTERN.match(name):
        return None
    path = folder(profile_id) / name
    return path if path.is_file() else None
