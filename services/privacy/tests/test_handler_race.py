"""A handler that writes e-mails about a person and an erasure of that person, interleaved on
purpose: the handler has read its row and is about to write; the erasure runs. Whichever commits
second must see the other's work: the erasure waits for the handler's lock and deletes its
e-mails, or the handler finds nobody. Without the handler's lock the erasure would commit first
and the handler would write the person's name and address back (PostgreSQL: row locks)."""

import threading

import pytest
from django.db import connection, connections

from conftest import wait_for
from services.content.handlers import send_contact_emails
from services.content.services import contact_message_erase, contact_message_submit
from services.core import queue
from services.events.tests.factories import make_event
from services.members.handlers import send_member_applied
from services.members.services import member_apply, member_erase
from services.members.tests.helpers import APPLICATION
from services.notifications.models import Notification
from services.outbox.deliveries import delivery_run
from services.outbox.models import OutboxMessage
from services.outbox.services import message_relay
from services.registrations.erasure import registration_erase
from services.registrations.handlers import send_registration_received
from services.registrations.signup import registration_submit
from services.registrations.tests.helpers import person

pytestmark = pytest.mark.django_db(transaction=True)


def registration_case():
    registration = registration_submit(event_id=make_event().pk, data=person(1))
    return (
        "services.registrations.handlers",
        send_registration_received,
        lambda: registration_erase(registration_id=registration.pk),
        "p1@example.org",
    )


def member_case():
    member = member_apply(data=APPLICATION)
    return (
        "services.members.handlers",
        send_member_applied,
        lambda: member_erase(member_id=member.pk),
        APPLICATION["email"],
    )


def contact_case():
    contact = contact_message_submit(name="Aline Uwase", email="aline@example.org", message="Hello")
    return (
        "services.content.handlers",
        send_contact_emails,
        lambda: contact_message_erase(contact_message_id=contact.pk),
        "aline@example.org",
    )


def blocked_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        return cursor.fetchone()[0] > 0


def in_thread(work, done: threading.Event, errors: list) -> threading.Thread:
    def run():
        try:
            work()
        except Exception as error:
            errors.append(error)
        finally:
            connections.close_all()
            done.set()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


@pytest.mark.parametrize("case", [registration_case, member_case, contact_case])
def test_an_erasure_during_a_handler_leaves_nothing_of_the_person(case, monkeypatch):
    if connection.vendor != "postgresql":  # not a missing service: the race cannot happen there
        pytest.skip("SQLite takes one writer at a time: a handler and an erasure cannot interleave")
    monkeypatch.setattr(queue.app, "send_task", lambda *args, **kwargs: None)  # no broker here
    module, handler, erase, email = case()
    message = OutboxMessage.objects.get()
    message_relay(message_id=message.pk)

    loaded, go = threading.Event(), threading.Event()
    real_queue = __import__(module, fromlist=["notification_queue"]).notification_queue

    def held_queue(**kwargs):
        loaded.set()  # the row is read (and locked): hold the write until the erasure has run
        go.wait(timeout=30)
        return real_queue(**kwargs)

    monkeypatch.setattr(f"{module}.notification_queue", held_queue)
    errors: list = []
    handler_done, erasure_done = threading.Event(), threading.Event()
    name = f"{handler.__module__}.{handler.__name__}"
    handling = in_thread(
        lambda: delivery_run(message_id=str(message.pk), handler_name=name, handler=handler),
        handler_done,
        errors,
    )
    wait_for(loaded.is_set, what="the handler to read its row")
    erasing = in_thread(erase, erasure_done, errors)
    # The erasure either waits for the handler's lock, or (without the lock) has finished.
    wait_for(lambda: erasure_done.is_set() or blocked_on_a_lock(), what="the erasure to run or wait")
    go.set()
    handling.join(30)
    erasing.join(30)

    assert errors == []
    left = Notification.objects.filter(recipient__iexact=email) | Notification.objects.filter(
        context__email__iexact=email
    )
    assert list(left.values_list("template", flat=True)) == []
