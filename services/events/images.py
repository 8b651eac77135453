"""Event images: a picture staff upload is judged by decoding it (never by its name or the
browser's type), turned upright, stripped of its metadata (EXIF: camera, place, time) and written
as WebP in a few widths under MEDIA_ROOT/events/<event id>/. Each file is named by the hash of its
own bytes, so its address never shows other content and browsers may keep it for a year."""

import hashlib
import io
import os
import re
import shutil
import tempfile
import warnings
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

# The widths the browser chooses from (srcset); a narrower upload stops at its own width.
WIDTHS = (480, 960, 1600)
MIN_WIDTH, MIN_HEIGHT = 400, 200
ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP"}
WEBP_QUALITY = 80
URL_PREFIX = "/api/media/events/"
NAME_PATTERN = re.compile(r"^[0-9a-f]{20}-[0-9]{2,4}\.webp$")


class ImageRefused(Exception):
    """The upload is not a picture we can use; the message says why, for the person."""


@dataclass(frozen=True)
class Variant:
    name: str  # "<hash>-<width>.webp", inside the event's folder
    width: int
    height: int

    def as_json(self) -> dict:
        return {"name": self.name, "width": self.width, "height": self.height}


def folder(event_id: int) -> Path:
    return Path(settings.MEDIA_ROOT) / "events" / str(int(event_id))


def url(event_id: int, name: str) -> str:
    return f"{URL_PREFIX}{int(event_id)}/{name}"


def _decoded(upload, *, min_width: int = MIN_WIDTH, min_height: int = MIN_HEIGHT) -> Image.Image:
    """The picture, upright and decoded, or ImageRefused. Its size is read from the header and
    checked before any pixel is decoded."""
    limit_mb = settings.EVENT_IMAGE_UPLOAD_MAX_MB
    size = getattr(upload, "size", None)
    if size is not None and size > limit_mb * 1024 * 1024:
        raise ImageRefused(_("This image is too large. The limit is %(limit)d MB.") % {"limit": limit_mb})
    if not size:
        raise ImageRefused(_("This file is empty."))
    not_an_image = _("This file is not a picture we can use. Upload a JPEG, PNG or WebP image.")
    upload.seek(0)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(upload)
            if picture.format not in ACCEPTED_FORMATS:
                raise ImageRefused(not_an_image)
            megapixels = settings.EVENT_IMAGE_MAX_MEGAPIXELS
            if picture.width * picture.height > megapixels * 1_000_000:
                raise ImageRefused(
                    _("This image has too many pixels. The limit is %(limit)d megapixels.")
                    % {"limit": megapixels}
                )
            if picture.format == "JPEG":
                # Decode at a reduced scale when the picture is much wider than we keep.
                picture.draft("RGB", (WIDTHS[-1], WIDTHS[-1]))
            picture.seek(0)  # an animated WebP: its first frame
            picture.load()
            picture = ImageOps.exif_transpose(picture)
    except ImageRefused:
        raise
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise ImageRefused(
            _("This image has too many pixels. The limit is %(limit)d megapixels.")
            % {"limit": settings.EVENT_IMAGE_MAX_MEGAPIXELS}
        ) from None
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, EOFError):
        raise ImageRefused(not_an_image) from None
    finally:
        upload.seek(0)
    if picture.width < min_width or picture.height < min_height:
        raise ImageRefused(
            _("This image is too small. It must be at least %(width)d pixels wide and %(height)d high.")
            % {"width": min_width, "height": min_height}
        )
    has_alpha = picture.mode in ("RGBA", "LA", "PA") or "transparency" in picture.info
    return picture.convert("RGBA" if has_alpha else "RGB")


def _encoded(picture: Image.Image, widths_wanted: tuple[int, ...] = WIDTHS) -> list[tuple[int, int, bytes]]:
    widths = sorted({min(width, picture.width) for width in widths_wanted})
    encoded = []
    for width in widths:
        height = max(1, round(picture.height * width / picture.width))
        resized = picture
        if width != picture.width:
            resized = picture.resize((width, height), Image.Resampling.LANCZOS)
        buffer = io.BytesIO()
        # Nothing of the original's metadata is passed on: no EXIF, no XMP, no ICC profile.
        resized.save(buffer, "WEBP", quality=WEBP_QUALITY, method=4)
        encoded.append((width, height, buffer.getvalue()))
    return encoded


def _write_atomically(path: Path, data: bytes) -> None:
    """A reader sees the whole file or none: written aside, then renamed into place."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".upload-")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, settings.FILE_UPLOAD_PERMISSIONS or 0o600)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def checked_webp(
    upload, *, widths: tuple[int, ...], min_width: int, min_height: int
) -> list[tuple[int, int, bytes]]:
    """The same checks and re-encoding for another kind of picture (an interpreter's photo,
    services/interpreting/photos.py): (width, height, WebP bytes without metadata), narrowest
    first. Raises ImageRefused with a message for the person."""
    return _encoded(_decoded(upload, min_width=min_width, min_height=min_height), widths)


write_atomically = _write_atomically  # for the other pictures written under MEDIA_ROOT


def store(event_id: int, upload) -> list[Variant]:
    """Checks, resizes and writes the picture for an event; the variants, narrowest first.
    Raises ImageRefused with a message for the person."""
    picture = _decoded(upload)
    variants = []
    for width, height, data in _encoded(picture):
        name = f"{hashlib.sha256(data).hexdigest()[:20]}-{width}.webp"
        _write_atomically(folder(event_id) / name, data)
        variants.append(Variant(name, width, height))
    return variants


def delete(event_id: int, names: list[str], *, keep: list[str] = ()) -> None:
    """Removes an event's files (those not also in `keep`: the same picture sent again)."""
    for name in set(names) - set(keep):
        if NAME_PATTERN.match(name):
            (folder(event_id) / name).unlink(missing_ok=True)


def delete_folder(event_id: int) -> None:
    shutil.rmtree(folder(event_id), ignore_errors=True)


def path_of(event_id: int, name: str) -> Path | None:
    """The file behind an image address, or None when the name is not one of ours or is gone."""
    if not NAME_PATTERN.match(name):
        return None
    path = folder(event_id) / name
    return path if path.is_file() else None
