from services.outbox.registry import subscribe

from . import public_cache
from .domain_events import InterpreterProfileChanged


def _invalidate(event, message) -> None:
    public_cache.invalidate()


# A profile's change, and a member's leaving (rejected, erased: the profile goes with them).
for _topic in (InterpreterProfileChanged.topic, "member.rejected", "member.erased"):
    subscribe(_topic, name=f"interpreting.invalidate_public_cache.{_topic}")(_invalidate)
