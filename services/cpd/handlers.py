"""An event that becomes Completed credits its checked-in members their CPD hours."""

from services.events.domain_events import EventStatusChanged
from services.events.models import Event
from services.outbox.registry import subscribe

from .crediting import event_cpd_credit


@subscribe(EventStatusChanged.topic, name="cpd.credit_completed_event")
def credit_completed_event(event: EventStatusChanged, message) -> None:
    if event.new_status == Event.Status.COMPLETED:
        event_cpd_credit(event.event_id)
