"""The checked files of signed videos, through Django's storage API (the STORAGES alias
"signed_videos": the disk by default, an S3-compatible store by settings). Each name carries the
video's id and the hash of the file's own bytes, so an address never shows other content and
browsers may keep it for a year."""

import hashlib
from pathlib import Path

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import storages

CHUNK = 1024 * 1024
NAME_PATTERN = r"v[0-9]+-[a-z0-9-]+\.(?:mp4|webm|webp|jpg|vtt)"


def signed_video_storage():
    return storages["signed_videos"]


def digest_of_path(path: Path) -> str:
    sha = hashlib.sha256()
    with path.open("rb") as file:
        while chunk := file.read(CHUNK):
            sha.update(chunk)
    return sha.hexdigest()


def name_for(video_id: int, digest: str, extension: str, *, part: str = "") -> str:
    middle = f"-{part}" if part else ""
    return f"v{int(video_id)}{middle}-{digest[:24]}.{extension}"


def save_path(name: str, path: Path) -> str:
    storage = signed_video_storage()
    if storage.exists(name):  # the same bytes again
        return name
    with path.open("rb") as file:
        return storage.save(name, File(file, name=name))


def save_bytes(name: str, data: bytes) -> str:
    storage = signed_video_storage()
    if storage.exists(name):
        return name
    return storage.save(name, ContentFile(data, name=name))


def delete(*names: str) -> None:
    storage = signed_video_storage()
    for name in names:
        if name:
            storage.delete(name)


def url(name: str) -> str | None:
    return signed_video_storage().url(name) if name else None
