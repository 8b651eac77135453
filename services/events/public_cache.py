"""The public events list and event pages, cached (services/core/public_cache.py): the worker
changes the version whenever an event or its registrations change (`handlers.py`)."""

from services.core.public_cache import CachedBody, PublicCache

__all__ = ["CachedBody", "cached", "invalidate", "response"]

_cache = PublicCache("events:public")
cached = _cache.cached
invalidate = _cache.invalidate
response = _cache.response
