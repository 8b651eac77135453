import logging

from ninja.throttling import AnonRateThrottle

logger = logging.getLogger(__name__)


class VisitorRateThrottle(AnonRateThrottle):
    """Per-address limit for public forms. It fails open: with the cache (Redis) down, a visitor's
    message still goes through rather than answering a 500."""

    def allow_request(self, request) -> bool:
        try:
            return super().allow_request(request)
        except Exception:
            logger.warning("Rate-limit cache unavailable; request allowed", exc_info=True)
            return True
