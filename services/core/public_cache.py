"""The site's hottest public reads (the events list and pages, resources, updates) answered from
a cache, as JSON bytes with an ETag.

Each `PublicCache` keeps its bytes in the Django cache (Redis in production) under a version that
the worker changes whenever the data behind them changes (a handler of the domain's events calls
`invalidate`). Each web process also keeps the bytes in memory and looks at the shared version at
most every PUBLIC_EVENTS_RECHECK_SECONDS, so a hit costs no network round trip; entries also
expire after PUBLIC_EVENTS_CACHE_SECONDS, which covers a date rolling over ("upcoming") and a
change whose event could not reach the worker yet. Any cache failure falls back to the database;
the cache itself gives up on Redis after REDIS_TIMEOUT_SECONDS and then leaves it alone for a few
seconds (services/core/breaker.py), so a Redis that is down or frozen never holds a page up."""

import hashlib
import json
import logging
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from time import monotonic
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from ninja.responses import NinjaJSONEncoder

from .breaker import CircuitBreakerError

logger = logging.getLogger(__name__)
LOCAL_ENTRIES_MAX = 1000  # names can be unbounded (one per event id): keep memory bounded too


@dataclass(frozen=True)
class CachedBody:
    body: bytes
    etag: str
    status: int = 200


def json_bytes(data: Any) -> bytes:
    """JSON as the API's own answers write it (ninja's encoder: dates, times to the millisecond),
    so a cached list and a live answer of the same rows are the same bytes."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False, cls=NinjaJSONEncoder).encode()


class PublicCache:
    """One family of cached answers (e.g. "events:public") sharing one version."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.version_key = f"{prefix}:version"
        self._lock = threading.Lock()
        self._local: dict[str, tuple[str, float, CachedBody]] = {}
        self._version: dict[str, Any] = {"value": None, "checked": 0.0}

    def _shared_version(self) -> str:
        now = monotonic()
        known = self._version["value"]
        if known is not None and now - self._version["checked"] < settings.PUBLIC_EVENTS_RECHECK_SECONDS:
            return known
        version = cache.get(self.version_key)
        if version is None:
            cache.add(self.version_key, uuid.uuid4().hex, timeout=None)
            version = cache.get(self.version_key)
        self._version.update(value=version, checked=now)
        return version

    def cached(self, name: str, build: Callable[[], tuple[bytes, int]]) -> CachedBody:
        try:
            version = self._shared_version()
        except Exception as exc:
            logger.warning(
                "Public cache %s unavailable; answering from the database",
                self.prefix,
                exc_info=not isinstance(exc, CircuitBreakerError),  # the breaker: Redis is known down
            )
            return _make(build)
        now = monotonic()
        local = self._local.get(name)
        if local and local[0] == version and now - local[1] < settings.PUBLIC_EVENTS_CACHE_SECONDS:
            return local[2]
        key = f"{self.prefix}:{version}:{name}"
        try:
            entry = cache.get(key)
        except Exception:
            entry = None
        if entry is None:
            entry = _make(build)
            try:
                cache.set(key, entry, timeout=settings.PUBLIC_EVENTS_CACHE_SECONDS)
            except Exception:
                logger.warning("Could not store %s:%s in the cache", self.prefix, name, exc_info=True)
        with self._lock:
            if len(self._local) > LOCAL_ENTRIES_MAX:
                self._local.clear()
            self._local[name] = (version, now, entry)
        return entry

    def invalidate(self) -> None:
        """A new version: every process rebuilds on its next look (within the recheck interval)."""
        cache.set(self.version_key, uuid.uuid4().hex, timeout=None)
        self._version.update(value=None, checked=0.0)

    def response(self, request, name: str, build: Callable[[], tuple[bytes, int]]) -> HttpResponse:
        """The cached bytes as an HTTP answer with their ETag; 304 when the browser has them."""
        entry = self.cached(name, build)
        if entry.status == 200 and entry.etag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
        else:
            response = HttpResponse(entry.body, status=entry.status, content_type="application/json")
        response["ETag"] = entry.etag
        response["Cache-Control"] = "no-cache"  # revalidate each time; a 304 costs almost nothing
        return response


def _make(build: Callable[[], tuple[bytes, int]]) -> CachedBody:
    body, status = build()
    return CachedBody(
        body=body, etag=f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"', status=status
    )
