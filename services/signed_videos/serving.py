"""The files of ready signed videos, served by Django in the embedded mode (compose's nginx
serves the folder itself, with the same headers: compose/nginx.common-server.conf). Range
requests are answered (206 with Content-Range, 416 out of range): browsers seek in a video with
them, and Django's FileResponse does not. One range per answer; several ask for the whole file."""

import re

from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_safe

from . import selectors
from .storage import NAME_PATTERN, signed_video_storage

_RANGE = re.compile(r"^bytes=(\d*)-(\d*)$")
CHUNK = 256 * 1024
HEADERS = {
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Accept-Ranges": "bytes",
}


def _not_found() -> HttpResponse:
    response = HttpResponse(status=404)
    response["Cache-Control"] = "no-cache"
    return response


def _range(header: str, size: int) -> tuple[int, int] | bool | None:
    """(first, last) byte of a single range; None: answer the whole file; False: unsatisfiable."""
    found = _RANGE.match(header.strip())
    if found is None:
        return None  # several ranges, or not bytes: the whole file is a valid answer
    first, last = found.groups()
    if not first and not last:
        return None
    if not first:  # the last N bytes
        length = int(last)
        return (max(0, size - length), size - 1) if length else False
    start = int(first)
    if start >= size:
        return False
    end = min(int(last), size - 1) if last else size - 1
    return (start, end) if end >= start else None


def _part(file, start: int, length: int):
    file.seek(start)
    try:
        while length > 0:
            data = file.read(min(CHUNK, length))
            if not data:
                break
            length -= len(data)
            yield data
    finally:
        file.close()


@require_safe
def signed_video_file(request, name: str):
    if not re.fullmatch(NAME_PATTERN, name):
        return _not_found()
    found = selectors.ready_file(name)
    storage = signed_video_storage()
    if found is None or not storage.exists(name):
        return _not_found()
    _name, content_type = found
    size = storage.size(name)
    wanted = _range(request.headers.get("Range", ""), size) if "Range" in request.headers else None
    if wanted is False:
        response = HttpResponse(status=416)
        response["Content-Range"] = f"bytes */{size}"
        response["X-Content-Type-Options"] = "nosniff"
        return response
    if wanted is None:
        response = FileResponse(storage.open(name, "rb"), content_type=content_type)
        response["Content-Length"] = str(size)
    else:
        start, end = wanted
        response = StreamingHttpResponse(
            _part(storage.open(name, "rb"), start, end - start + 1), status=206, content_type=content_type
        )
        response["Content-Range"] = f"bytes {start}-{end}/{size}"
        response["Content-Length"] = str(end - start + 1)
    for header, value in HEADERS.items():
        response[header] = value
    return response
