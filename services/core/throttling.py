"""One named rate limit per public action (DESIGN §3), each with its own counter and window.

The rates live in settings.RATE_LIMITS and are read on every request; the counter of an action is
keyed by that action and the client address (services.core.client.client_ip), so ten contact
messages never eat into a password-reset request, and a short window never cuts a long one short."""

import logging

from django.conf import settings
from django.core.cache.backends.locmem import LocMemCache
from ninja.throttling import SimpleRateThrottle

from .breaker import CircuitBreakerError
from .client import client_ip

logger = logging.getLogger(__name__)

# Used when the shared cache (Redis) is down, for the actions that must not go unlimited:
# each process then counts on its own, which is weaker than a shared count but far from none.
_process_local = LocMemCache("throttle-fallback", {"MAX_ENTRIES": 10_000})


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
