"""A handler the worker-flow tests subscribe through WORKER_EXTRA_IMPORTS: it can be told to take
its time (so that a test kills the worker in the middle) or to fail (until the test fixes it).
Its one effect is one e-mail, so "ran once" is "one .eml file"."""

import time
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings

from services.notifications.services import notification_queue
from services.outbox.domain_event import DomainEvent
from services.outbox.registry import subscribe


@dataclass(frozen=True)
class ProbeRequested(DomainEvent):
    topic = "test.probe"
    recipient: str
    pause_seconds: float = 0.0


def started_marker(recipient: str) -> Path:
    return Path(settings.DATA_DIR) / f"probe-started-{recipient}"


def failure_switch() -> Path:
    return Path(settings.DATA_DIR) / "probe-fails"


@subscribe(ProbeRequested.topic)
def probe(event: ProbeRequested, message) -> None:
    if failure_switch().exists():
        raise ConnectionError("the probe was told to fail")
    started_marker(event.recipient).touch()
    time.sleep(event.pause_seconds)
    notification_queue(
        template="contact_acknowledgement",
        recipient=event.recipient,
        language="en",
        context={"name": "Probe"},
        source_message=message,
    )
