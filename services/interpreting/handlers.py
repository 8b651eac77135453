"""What the worker does when a request comes in: the requester's acknowledgement (once per
message whatever the redeliveries), with the request's reference and its cancel link."""

from services.outbox.registry import subscribe

from .domain_events import InterpreterRequestSubmitted
from .models import InterpreterRequest
from .requests import ACKNOWLEDGEMENT, _to_requester


@subscribe(InterpreterRequestSubmitted.topic)
def send_request_received(event: InterpreterRequestSubmitted, message) -> None:
    # Locked until the e-mail is written: an erasure either waits for it, or this finds nobody.
    request = InterpreterRequest.objects.select_for_update().filter(pk=event.request_id).first()
    if request is None:
        return
    _to_requester(request, ACKNOWLEDGEMENT, source_message=message)
