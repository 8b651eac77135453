"""The two hottest reads of the site (the public list and an event's page) answered from a cache.

The JSON bytes are kept in the Django cache (Redis in production) under a version that the
worker changes whenever an event changes (`handlers.py`, through the domain events). Each web
process also keeps the bytes in memory and looks at the shared version at most every
PUBLIC_EVENTS_RECHECK_SECONDS, so a hit costs no network round trip; entries also expire after
PUBLIC_EVENTS_CACHE_SECONDS, which covers the date rolling over ("upcoming") and a change whose
event could not reach the worker yet. Any cache failure falls back to the database."""

import hashlib
import logging
import threading
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from time import monotonic

from django.conf import settings
from django.core.cache import cache

logger = logging.getLogger(__name__)
VERSION_KEY = "events:public:version"


@dataclass(frozen=True)
class CachedBody:
    body: bytes
    etag: str
    status: int = 200


_lock = threading.Lock()
_local: dict[str, tuple[str, float, CachedBody]] = {}
_version: dict[str, object] = {"value": None, "checked": 0.0}


def _shared_version() -> str:
    now = monotonic()
    if _version["value"] is not None and now - _version["checked"] < settings.PUBLIC_EVENTS_RECHECK_SECONDS:
        return _version["value"]
    version = cache.get(VERSION_KEY)
    if version is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, timeout=None)
        version = cache.get(VERSION_KEY)
    _version.update(value=version, checked=now)
    return version


def cached(name: str, build: Callable[[], tuple[bytes, int]]) -> CachedBody:
    try:
        version = _shared_version()
    except Exception:
        logger.warning("Public events cache unavailable; answering from the database", exc_info=True)
        return _make(build)
    now = monotonic()
    local = _local.get(name)
    if local and local[0] == version and now - local[1] < settings.PUBLIC_EVENTS_CACHE_SECONDS:
        return local[2]
    key = f"events:public:{version}:{name}"
    try:
        entry = cache.get(key)
    except Exception:
        entry = None
    if entry is None:
        entry = _make(build)
        try:
            cache.set(key, entry, timeout=settings.PUBLIC_EVENTS_CACHE_SECONDS)
        except Exception:
            logger.warning("Could not store %s in the cache", name, exc_info=True)
    with _lock:
        if len(_local) > 1000:  # event ids are unbounded: keep memory bounded too
            _local.clear()
        _local[name] = (version, now, entry)
    return entry


def _make(build: Callable[[], tuple[bytes, int]]) -> CachedBody:
    body, status = build()
    return CachedBody(
        body=body, etag=f'"{hashlib.md5(body, usedforsecurity=False).hexdigest()}"', status=status
    )


def invalidate() -> None:
    """A new version: every process rebuilds on its next look (within the recheck interval)."""
    cache.set(VERSION_KEY, uuid.uuid4().hex, timeout=None)
    _version.update(value=None, checked=0.0)
