from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.http import HttpResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt

from .errors import envelope
from .preload import pictures_first, route_hints, with_catalogues, with_page_data, with_prerendered


@csrf_exempt  # every method answers 404: the CSRF check (403) is for views that do something
def api_not_found(request, *args, **kwargs):
    return envelope(404, _("There is no API endpoint at this address."), code="not_found")


@lru_cache(maxsize=4)
def _index_html(path: Path, mtime: float) -> bytes:
    return path.read_bytes()


def spa_index(request, *args, **kwargs):
    """Client-side routes of the React app all load its index.html."""
    index = Path(settings.FRONTEND_DIST) / "index.html"
    if not index.is_file():
        body = _("The frontend is not built yet: run `make build`.")
        return HttpResponse(body, status=503, content_type="text/plain; charset=utf-8")
    body = _index_html(index, index.stat().st_mtime)
    # The page's own chunk, styles and main picture, fetched along with the app (core/preload.py).
    hints = route_hints(index.parent, request.path)
    if hints:
        body = body.replace(b"</head>", hints + b"</head>", 1)
    # Its English texts too, so an English first render waits for no catalogue (core/preload.py).
    body = with_catalogues(body, index.parent, request.path)
    # Its markup, so a phone paints it before the JavaScript has run (core/preload.py).
    body = with_prerendered(body, index.parent, request.path)
    # And the data it reads first, when its domain names it (e.g. the events list).
    body, data = with_page_data(body, index.parent, request)
    # Its top picture first of all, so it is not in the second wave of files (core/preload.py).
    body = pictures_first(body)
    response = HttpResponse(body, content_type="text/html; charset=utf-8")
    # Revalidated each time (a new build's files); a person's own data never kept.
    response["Cache-Control"] = "no-store" if data and data.private else "no-cache"
    return response
