"""The public lists of resources and updates as HTTP answers, from the shared cache
(services/core/public_cache.py): JSON bytes with an ETag; `handlers.py` invalidates them when a
resource or an update changes."""

from django.http import HttpResponse

from services.core.public_cache import PublicCache, json_bytes
from services.signed_videos.selectors import with_signed_videos

from . import selectors
from .schemas import news_item_payload, resource_payload

_cache = PublicCache("content:public")
invalidate = _cache.invalidate


def resource_list_response(request) -> HttpResponse:
    def build():
        return json_bytes([resource_payload(resource) for resource in selectors.resource_list()]), 200

    return _cache.response(request, "resources", build)


def news_item_list_response(request) -> HttpResponse:
    def build():
        updates = with_signed_videos(selectors.news_item_list(), "update")
        return json_bytes([news_item_payload(update) for update in updates]), 200

    return _cache.response(request, "updates", build)
