"""The public directory (list, districts, one interpreter), cached (services/core/public_cache.py):
the worker changes the version whenever a profile changes (handlers.py); entries expire after
PUBLIC_EVENTS_CACHE_SECONDS whatever happens, so a withdrawn consent leaves every list within a
minute even when its event could not reach the worker."""

from services.core.public_cache import CachedBody, PublicCache

__all__ = ["CachedBody", "cached", "invalidate", "response"]

_cache = PublicCache("interpreters:public")
cached = _cache.cached
invalidate = _cache.invalidate
response = _cache.response
