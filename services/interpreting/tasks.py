from celery import shared_task

from . import sweeps


@shared_task(name="interpreting.send_reminders", acks_late=True)
def send_reminders() -> int:
    return sweeps.reminders_send()


@shared_task(name="interpreting.erase_requesters", acks_late=True)
def erase_requesters() -> int:
    return sweeps.requesters_erase()
