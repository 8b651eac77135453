"""One named rate limit per public action (DESIGN §3), each with its own counter and window.

The rates live in settings.RATE_LIMITS and are read on every request; the counter of an action is
keyed by that action and the client address (services.core.client.client_ip), so ten contact
messages never eat into a password-reset request, and a short window never cuts a long one short."""

import itertools
import logging
import os

from django.conf import settings
from django.core.cache.backends.locmem import LocMemCache
from ninja.throttling import SimpleRateThrottle

from .breaker import CircuitBreakerError
from .client import client_ip

logger = logging.getLogger(__name__)

# Used when the shared cache (Redis) is down, for the actions that must not go unlimited:
# each process then counts on its own, which is weaker than a shared count but far from none.
_process_local = LocMemCache("throttle-fallback", {"MAX_ENTRIES": 10_000})

# ninja's sliding window (the time of each request let through, forgotten `duration` later), kept
# in Redis as a sorted set that one script trims, counts and adds to: one round trip per request
# instead of a read and a write (issue 26). ARGV: now, duration, limit, a member of its own.
# Returns [let through (1/0), requests in the window, the oldest one's time].
_WINDOW = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1] - ARGV[2])
local count = redis.call('ZCARD', KEYS[1])
if count >= tonumber(ARGV[3]) then
  return {0, count, redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')[2]}
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('EXPIRE', KEYS[1], ARGV[2])
return {1, count + 1, ARGV[1]}
"""
_members = itertools.count()  # with the process id: two requests in the same microsecond stay two


class ActionThrottle(SimpleRateThrottle):
    """The limit of one action. `fail_open` actions (the contact form, decided in
    docs/decisions.md) let a visitor through when the cache is down; the others fall back to a
    per-process count."""

    cache_format = "throttle:%(scope)s:%(ident)s"

    def __init__(self, action: str, *, fail_open: bool = False):
        if action not in settings.RATE_LIMITS:
            raise KeyError(f"No rate limit named {action!r} in settings.RATE_LIMITS")
        self.scope = action
        self.fail_open = fail_open
        super().__init__(settings.RATE_LIMITS[action])

    def get_cache_key(self, request) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}

    def allow_request(self, request) -> bool:
        # Read the rate each time, so that a changed setting takes effect without a restart.
        self.rate = settings.RATE_LIMITS[self.scope]
        self.num_requests, self.duration = self.parse_rate(self.rate)
        self.cache = SimpleRateThrottle.cache
        try:
            if hasattr(self.cache, "run_script"):  # Redis (the embedded mode's file cache: ninja's way)
                return self._allow_in_redis(request)
            return super().allow_request(request)
        except Exception as exc:
            # Redis down or frozen costs at most REDIS_TIMEOUT_SECONDS, then nothing for a few
            # seconds (the breaker, services/core/breaker.py): its refusals need no traceback.
            trace = not isinstance(exc, CircuitBreakerError)
            if self.fail_open:
                logger.warning("Rate-limit cache unavailable; %s allowed", self.scope, exc_info=trace)
                return True
            logger.warning("Rate-limit cache unavailable; %s counted per process", self.scope, exc_info=trace)
            self.cache = _process_local
            return super().allow_request(request)

    def _allow_in_redis(self, request) -> bool:
        self.key = self.get_cache_key(request)
        self.now = self.timer()
        allowed, count, oldest = self.cache.run_script(
            _WINDOW,
            f"{self.key}:window",  # not the key of ninja's list (a value of another type)
            repr(self.now),
            self.duration,
            self.num_requests,
            f"{self.now!r}:{os.getpid()}:{next(_members)}",
        )
        # What ninja's wait() reads (the Retry-After): as many requests as counted, the oldest first.
        self.history = [float(oldest)] * int(count) if not allowed else []
        return bool(allowed)
