"""What the worker does for the directory and the requests: the public directory's cache cleared
when a profile changes (or its member leaves), and the requester's acknowledgement (once per
message whatever the redeliveries), with the request's reference and its cancel link, and the
association inbox's notice of the new request."""

from services.outbox.registry import subscribe

from . import public_cache
from .domain_events import InterpreterProfileChanged, InterpreterRequestSubmitted
from .models import InterpreterRequest
from .requests import ACKNOWLEDGEMENT, _to_requester, to_staff


def _invalidate(event, message) -> None:
    public_cache.invalidate()


# A profile's change, and a member's leaving (rejected, erased: the profile goes with them).
for _topic in (InterpreterProfileChanged.topic, "member.rejected", "member.erased"):
    subscribe(_topic, name=f"interpreting.invalidate_public_cache.{_topic}")(_invalidate)


@subscribe(InterpreterRequestSubmitted.topic)
def send_request_received(event: InterpreterRequestSubmitted, message) -> None:
    # Locked until the e-mail is written: an erasure either waits for it, or this finds nobody.
    request = InterpreterRequest.objects.select_for_update().filter(pk=event.request_id).first()
    if request is None:
        return
    _to_requester(request, ACKNOWLEDGEMENT, source_message=message)
    to_staff(request, source_message=message)
