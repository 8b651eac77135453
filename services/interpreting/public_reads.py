"""The public directory's reads as HTTP answers: JSON bytes from the shared cache (public_cache),
with an ETag. Filters are checked and written as in reference.py before anything is cached, so
"gasabo" and "Gasabo" share one entry and a bad value answers the envelope."""

from collections import Counter
from urllib.parse import quote

from django.http import HttpResponse
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from services.core.errors import ValidationFailed, envelope
from services.core.paging import paginate
from services.core.public_cache import json_bytes

from . import directory, public_cache, reference

PAGE_SIZES = (12, 24, 48)
DEFAULT_PAGE_SIZE = 12
PAGE_MAX = 10_000  # past the end shows the last page; a bound keeps the cache's names few


def _filter_value(field: str, value: str | None, allowed) -> str | None:
    if value is None or value == "":
        return None
    name = reference.normalise(value, allowed)
    if name is None:
        message = _("Not one of the values offered: %(values)s.") % {"values": value[:100]}
        raise ValidationFailed(message, fields={field: message})
    return name


def list_response(request, *, language, district, setting, page, page_size) -> HttpResponse:
    language = _filter_value("language", language, reference.LANGUAGES)
    district = _filter_value("district", district, reference.DISTRICT_NAMES)
    setting = _filter_value("setting", setting, reference.SETTINGS)
    size = page_size or DEFAULT_PAGE_SIZE
    if size not in PAGE_SIZES:
        raise ValidationFailed(
            _("Page size must be one of %(sizes)s.") % {"sizes": ", ".join(str(n) for n in PAGE_SIZES)},
            fields={"page_size": _("Not one of the allowed values.")},
        )
    if page is not None and not 1 <= page <= PAGE_MAX:
        raise ValidationFailed(_("Page must be 1 or more."), fields={"page": _("This value is too small.")})

    def build():
        queryset = directory.public_queryset().serving(language=language, district=district, setting=setting)
        found = paginate(queryset, page=page, page_size=size, sizes=PAGE_SIZES)
        body = {
            "results": [directory.public_payload(profile) for profile in found.results],
            "count": found.count,
            "page": found.page,
            "page_size": found.page_size,
            "total_pages": found.total_pages,
        }
        return json_bytes(body), 200

    name = quote(f"list:{language}:{district}:{setting}:{page or 1}:{size}", safe=":")  # no spaces in a key
    return public_cache.response(request, name, build)


def _districts_body():
    counts: Counter[str] = Counter()
    for districts in directory.public_queryset().values_list("districts", flat=True):
        counts.update(set(districts or []))
    rows = [
        {
            "district": name,
            "province": province,
            "latitude": lat,
            "longitude": lon,
            "interpreters": counts[name],
        }
        for name, province, lat, lon in reference.DISTRICTS
    ]
    return json_bytes(rows), 200


def districts_response(request) -> HttpResponse:
    return public_cache.response(request, "districts", _districts_body)


def detail_response(request, *, profile_id: int) -> HttpResponse:
    def build():
        profile = directory.public_queryset().filter(pk=profile_id).first()
        if profile is None:
            message = _("This interpreter is not in the directory.")
            return envelope(404, message, code="not_found").content, 404
        return json_bytes(directory.public_payload(profile)), 200

    return public_cache.response(request, f"detail:{profile_id}:{get_language()}", build)
