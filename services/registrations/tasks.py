from celery import shared_task

from . import deadlines, erasure, reminders


@shared_task(name="registrations.reconcile_counters", acks_late=True)
def reconcile_counters() -> dict:
    return deadlines.counters_reconcile()


@shared_task(name="registrations.send_payment_reminders", acks_late=True)
def send_payment_reminders() -> int:
    return deadlines.payment_reminders_send()


@shared_task(name="registrations.expire_holds", acks_late=True)
def expire_holds() -> dict:
    return deadlines.holds_expire()


@shared_task(name="registrations.expire_waitlist_offers", acks_late=True)
def expire_waitlist_offers() -> int:
    return deadlines.waitlist_offers_expire()


@shared_task(name="registrations.purge_ended", acks_late=True)
def purge_ended() -> dict:
    return erasure.ended_purge()


@shared_task(name="registrations.send_event_reminders", acks_late=True)
def send_event_reminders() -> int:
    return reminders.event_reminders_send()
