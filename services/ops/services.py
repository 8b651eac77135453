from django.utils import timezone

from .models import Heartbeat

WORKER = "worker"


def heartbeat_stamp(*, name: str = WORKER) -> Heartbeat:
    beat, _ = Heartbeat.objects.update_or_create(name=name, defaults={"beat_at": timezone.now()})
    return beat
