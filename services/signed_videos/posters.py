"""A video's poster, as WebP without metadata: an uploaded picture judged by decoding it, or a
frame ffmpeg took from the video (in the worker)."""

import io
import warnings

from django.conf import settings
from django.utils.translation import gettext as _
from PIL import Image, ImageOps, UnidentifiedImageError

MAX_WIDTH = 1280
MIN_WIDTH, MIN_HEIGHT = 160, 90
POSTER_MAX_MB = 8
ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP"}


class PosterRefused(Exception):
    pass


def poster_webp(data: bytes) -> bytes:
    """The picture as WebP, at most MAX_WIDTH wide, or PosterRefused with a message for the person."""
    if not data:
        raise PosterRefused(_("This file is empty."))
    if len(data) > POSTER_MAX_MB * 1024 * 1024:
        raise PosterRefused(
            _("This image is too large. The limit is %(limit)d MB.") % {"limit": POSTER_MAX_MB}
        )
    not_an_image = _("This file is not a picture we can use. Upload a JPEG, PNG or WebP image.")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(data))
            if picture.format not in ACCEPTED_FORMATS:
                raise PosterRefused(not_an_image)
            if picture.width * picture.height > settings.EVENT_IMAGE_MAX_MEGAPIXELS * 1_000_000:
                raise PosterRefused(not_an_image)
            picture.load()
            picture = ImageOps.exif_transpose(picture)
    except PosterRefused:
        raise
    except (
        Image.DecompressionBombError,
        Image.DecompressionBombWarning,
        UnidentifiedImageError,
        OSError,
        ValueError,
    ):
        raise PosterRefused(not_an_image) from None
    if picture.width < MIN_WIDTH or picture.height < MIN_HEIGHT:
        raise PosterRefused(
            _("This image is too small. It must be at least %(width)d pixels wide and %(height)d high.")
            % {"width": MIN_WIDTH, "height": MIN_HEIGHT}
        )
    picture = picture.convert("RGB")
    if picture.width > MAX_WIDTH:
        picture = picture.resize(
            (MAX_WIDTH, round(picture.height * MAX_WIDTH / picture.width)), Image.Resampling.LANCZOS
        )
    buffer = io.BytesIO()
    picture.save(buffer, "WEBP", quality=80, method=4)  # nothing of the original's metadata
    return buffer.getvalue()
