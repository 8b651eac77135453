"""The System page's report and its two retry buttons (GET /api/management/system/ and the POSTs
under it), with a real worker process stopped at the end."""

import os
import time
from datetime import timedelta
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from django_celery_beat.models import PeriodicTask
from kombu import Producer

from services.accounts.tests.factories import make_user
from services.accounts.tokens import token_pair_issue
from services.notifications.models import Notification
from services.notifications.selectors import mask_email
from services.ops import checks
from services.ops import workers as ops_workers
from services.ops.models import WorkerPresence
from services.ops.services import worker_presence_start
from services.ops.tasks import mark_stopped, stamp_when_ready
from services.outbox.models import Delivery, OutboxMessage
from worker.app import app
from worker.filesystem_broker import CONTROL_MESSAGE_MAX_AGE_SECONDS

SYSTEM = "/api/management/system/"
RUN_AGAIN = "/api/management/system/deliveries/{}/run-again/"
RETRY = "/api/management/system/emails/{}/retry/"


@pytest.fixture(autouse=True)
def _fresh_memos(monkeypatch):
    """Each test asks the broker afresh (the processes' short-lived memos would carry over)."""
    monkeypatch.setattr(checks, "_broker_memo", {"url": None, "at": 0.0, "check": None})
    monkeypatch.setattr(ops_workers, "_inspect_memo", {"url": None, "at": 0.0, "answer": None})


@pytest.fixture
def workers_answer(monkeypatch):
    """The workers' answer over the broker, set by the test ({node: queues}, or an exception)."""
    answer: dict = {"value": {}}

    def inspect(*, expected):
        if isinstance(answer["value"], Exception):
            raise answer["value"]
        return answer["value"]

    monkeypatch.setattr(ops_workers, "inspect_workers", inspect)
    return answer


@pytest.fixture
def private_folder_broker(tmp_path):
    """The embedded broker on a folder of this test's own (no other worker takes from it), also
    when the run's broker is Redis."""
    folder = tmp_path / "broker"
    for sub in ("out", "processed", "control"):
        (folder / sub).mkdir(parents=True)
    original_url = app.conf.broker_url
    app.conf.broker_url = "atomicfs://"
    original = app.conf.broker_transport_options
    app.conf.broker_transport_options = {
        **original,
        "data_folder_in": str(folder / "out"),
        "data_folder_out": str(folder / "out"),
        "processed_folder": str(folder / "processed"),
        "control_folder": str(folder / "control"),
    }
    yield folder / "out"
    app.conf.broker_transport_options = original
    app.conf.broker_url = original_url


def dead_delivery(handler="services.content.handlers.send_contact_emails", error="KeyError: 'name'"):
    message = OutboxMessage.objects.create(topic="contact.received", relayed_at=timezone.now())
    return Delivery.objects.create(
        message=message,
        handler=handler,
        status=Delivery.Status.DEAD,
        attempts=8,
        last_error=error,
        next_attempt_at=timezone.now(),
    )


def email(status=Notification.Status.SENT, **fields):
    defaults = {
        "template": "contact_acknowledgement",
        "recipient": "aline.uwase@example.org",
        "context": {"name": "Aline"},
        "status": status,
        "sent_at": timezone.now() if status == Notification.Status.SENT else None,
    }
    return Notification.objects.create(**{**defaults, **fields})


# --- Who may see and press ---------------------------------------------------------------


@pytest.mark.django_db
def test_only_staff_see_the_page_and_press_its_buttons(client):
    delivery = dead_delivery()
    failed = email(Notification.Status.FAILED)
    calls = [("get", SYSTEM), ("post", RUN_AGAIN.format(delivery.pk)), ("post", RETRY.format(failed.pk))]
    for method, url in calls:
        response = getattr(client, method)(url, content_type="application/json")
        assert (response.status_code, response.json()["code"]) == (401, "not_authenticated"), url

    member = make_user("member", staff=False)
    bearer = f"Bearer {token_pair_issue(user=member).access}"
    for method, url in calls:
        response = getattr(client, method)(url, content_type="application/json", HTTP_AUTHORIZATION=bearer)
        assert response.status_code == 403, url
    delivery.refresh_from_db()
    failed.refresh_from_db()
    assert (delivery.status, failed.status) == (Delivery.Status.DEAD, Notification.Status.FAILED)


# --- Figures -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_outbox_figures_count_waiting_messages_pending_and_dead_deliveries(staff_client, workers_answer):
    old = OutboxMessage.objects.create(topic="member.applied")
    OutboxMessage.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(minutes=7))
    OutboxMessage.objects.create(topic="member.applied")
    relayed = OutboxMessage.objects.create(topic="contact.received", relayed_at=timezone.now())
    Delivery.objects.create(message=relayed, handler="a", next_attempt_at=timezone.now())
    Delivery.objects.create(message=relayed, handler="b", status="done", next_attempt_at=timezone.now())
    dead_delivery()

    outbox = staff_client.get(SYSTEM).json()["outbox"]
    # The message with a dead delivery waits for ops, not for a worker: counted as dead only.
    assert {key: outbox[key] for key in ("backlog", "pending_deliveries", "dead_deliveries")} == {
        "backlog": 3,
        "pending_deliveries": 1,
        "dead_deliveries": 1,
    }
    assert 420 <= outbox["oldest_age_seconds"] < 480


@pytest.mark.django_db
def test_queue_depths_count_the_embedded_brokers_message_files(
    staff_client, workers_answer, private_folder_broker
):
    for n in range(3):
        (private_folder_broker / f"{n}_m{n}.mail.msg").write_text("{}")
    (private_folder_broker / "9_d.default.msg").write_text("{}")
    (private_folder_broker / "8_c.celery@gone.celery.pidbox.msg").write_text("{}")  # not a queue of ours
    body = staff_client.get(SYSTEM).json()
    assert body["broker"] == {"ok": True, "transport": "atomicfs"}
    assert body["queues"] == [{"name": "default", "depth": 1}, {"name": "mail", "depth": 3}]


@pytest.mark.django_db
def test_queue_depths_are_the_lengths_of_the_redis_lists(staff_client, workers_answer, private_redis):
    import redis

    client = redis.Redis.from_url(private_redis.url)
    client.rpush("mail", "a", "b")
    client.rpush("default", *"abcde")
    original = app.conf.broker_url
    app.conf.broker_url = private_redis.url
    try:
        body = staff_client.get(SYSTEM).json()
    finally:
        app.conf.broker_url = original
    assert body["broker"] == {"ok": True, "transport": "redis"}
    assert body["queues"] == [{"name": "default", "depth": 5}, {"name": "mail", "depth": 2}]


@pytest.mark.django_db
def test_depths_are_unknown_not_zero_when_the_broker_is_down_and_workers_come_from_their_records(
    staff_client, workers_answer
):
    now = timezone.now()
    WorkerPresence.objects.create(
        hostname="celery@alive",
        queues=["default", "mail"],
        started_at=now,
        seen_at=now - timedelta(seconds=20),
    )
    WorkerPresence.objects.create(
        hostname="celery@silent", queues=["mail"], started_at=now, seen_at=now - timedelta(minutes=5)
    )
    original = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        body = staff_client.get(SYSTEM).json()
    finally:
        app.conf.broker_url = original
    assert body["broker"] == {"ok": False, "transport": "redis"}
    assert body["queues"] == [{"name": "default", "depth": None}, {"name": "mail", "depth": None}]
    workers = body["workers"]
    assert (workers["source"], workers["source_reason"]) == ("records", "broker_unreachable")
    assert [(w["hostname"], w["state"]) for w in workers["items"]] == [
        ("celery@alive", "online"),
        ("celery@silent", "offline"),
    ]


@pytest.mark.django_db
def test_a_transport_that_cannot_be_counted_shows_unknown_depths(staff_client, workers_answer, monkeypatch):
    monkeypatch.setattr(checks, "broker", lambda: checks.Check(True, {"transport": "sqs"}))
    body = staff_client.get(SYSTEM).json()
    assert [queue["depth"] for queue in body["queues"]] == [None, None]


@pytest.mark.django_db
def test_workers_are_online_when_they_answer_and_offline_or_stopped_when_they_do_not(
    staff_client, workers_answer
):
    now = timezone.now()
    for hostname in ("celery@one", "celery@dead"):
        WorkerPresence.objects.create(
            hostname=hostname, queues=["default", "mail"], started_at=now, seen_at=now
        )
    WorkerPresence.objects.create(
        hostname="celery@done", queues=["mail"], started_at=now, seen_at=now, stopped_at=now
    )
    WorkerPresence.objects.create(  # seen two days ago: no longer listed
        hostname="celery@old", queues=["mail"], started_at=now, seen_at=now - timedelta(days=2)
    )
    workers_answer["value"] = {"celery@one": ["default", "mail"], "celery@new": ["mail"]}

    workers = staff_client.get(SYSTEM).json()["workers"]
    assert (workers["source"], workers["source_reason"]) == ("broker", None)
    assert [(w["hostname"], w["state"], w["queues"]) for w in workers["items"]] == [
        ("celery@dead", "offline", ["default", "mail"]),
        ("celery@done", "stopped", ["mail"]),
        ("celery@one", "online", ["default", "mail"]),
        ("celery@new", "online", ["mail"]),
    ]

    # A broker that cannot carry the question: the records decide, and the page says so.
    workers_answer["value"] = NotImplementedError("no fanout")
    workers = staff_client.get(SYSTEM).json()["workers"]
    assert (workers["source"], workers["source_reason"]) == ("records", "no_broadcast")
    assert {w["hostname"]: w["state"] for w in workers["items"]} == {
        "celery@dead": "online",  # its last stamp is fresh: the records cannot tell
        "celery@done": "stopped",
        "celery@one": "online",
    }
    workers_answer["value"] = ValueError("Expecting value")  # a garbled reply
    assert staff_client.get(SYSTEM).json()["workers"]["source_reason"] == "inspect_failed"


@pytest.mark.django_db(transaction=True)  # the worker's hooks refresh their database connection
def test_a_ready_worker_records_itself_stamps_on_its_own_timer_and_records_a_clean_stop(settings):
    settings.WORKER_PRESENCE_SECONDS = 30

    class Timer:
        def __init__(self):
            self.entries = []

        def call_repeatedly(self, seconds, function, args):
            entry = SimpleNamespace(seconds=seconds, run=lambda: function(*args), canceled=False)
            entry.cancel = lambda: setattr(entry, "canceled", True)
            self.entries.append(entry)
            return entry

    tasks = SimpleNamespace(queues=[SimpleNamespace(name="mail"), SimpleNamespace(name="default")])
    consumer = SimpleNamespace(hostname="celery@web1", timer=Timer(), task_consumer=tasks)
    stamp_when_ready(sender=consumer)
    presence = WorkerPresence.objects.get()
    assert (presence.queues, presence.stopped_at) == (["default", "mail"], None)
    [entry] = consumer.timer.entries
    assert entry.seconds == 30

    WorkerPresence.objects.update(seen_at=timezone.now() - timedelta(minutes=5))
    entry.run()
    assert timezone.now() - WorkerPresence.objects.get().seen_at < timedelta(seconds=5)

    stamp_when_ready(sender=consumer)  # the consumer restarted: one timer, not two
    assert [e.canceled for e in consumer.timer.entries] == [True, False]

    mark_stopped(sender=SimpleNamespace(hostname="celery@web1"))
    assert WorkerPresence.objects.get().stopped_at is not None


@pytest.mark.django_db
def test_beat_tasks_show_their_last_run_and_are_late_past_their_schedule(staff_client, workers_answer):
    call_command("setup_periodic_tasks")
    now = timezone.now()
    PeriodicTask.objects.filter(name="ops-heartbeat").update(last_run_at=now - timedelta(minutes=10))
    PeriodicTask.objects.filter(name="outbox-sweep").update(last_run_at=now - timedelta(seconds=5))
    PeriodicTask.objects.filter(name="events-complete-past").update(last_run_at=now - timedelta(days=2))
    PeriodicTask.objects.filter(name="outbox-purge").update(last_run_at=now - timedelta(minutes=1))
    PeriodicTask.objects.filter(name="members-purge-rejected").update(
        enabled=False, last_run_at=now - timedelta(days=9)
    )

    beat = {task["name"]: task for task in staff_client.get(SYSTEM).json()["beat"]}
    assert len(beat) == PeriodicTask.objects.count()
    heartbeat = beat["ops-heartbeat"]
    assert (heartbeat["task"], heartbeat["every_seconds"], heartbeat["crontab"]) == (
        "ops.heartbeat",
        30,
        None,
    )
    assert heartbeat["late"] is True and 500 < heartbeat["overdue_seconds"] < 600
    assert beat["outbox-sweep"]["late"] is False
    assert beat["outbox-sweep"]["overdue_seconds"] == 0
    daily = beat["events-complete-past"]
    assert (daily["crontab"], daily["timezone"], daily["late"]) == ("10 0 * * *", "Africa/Kigali", True)
    assert beat["outbox-purge"]["late"] is False  # ran a minute ago: next due tomorrow
    assert (beat["members-purge-rejected"]["enabled"], beat["members-purge-rejected"]["late"]) == (
        False,
        False,
    )
    # Never run, set up just now: not due yet.
    never = beat["accounts-purge-reset-tokens"]
    assert (never["last_run_at"], never["late"]) == (None, False)


@pytest.mark.django_db
def test_failed_emails_and_dead_deliveries_are_listed_with_their_errors(staff_client, workers_answer):
    failed = email(
        Notification.Status.FAILED, recipient="jean@example.rw", error="SMTPServerDisconnected", attempts=5
    )
    email(Notification.Status.FAILED, template="password_reset", context={"_secret": ["link"], "link": "x"})
    delivery = dead_delivery(error="KeyError: 'name'")

    body = staff_client.get(SYSTEM).json()
    assert body["failed_emails"]["count"] == 2
    first = body["failed_emails"]["items"][1]
    assert {key: first[key] for key in ("id", "recipient", "subject", "error", "attempts", "retryable")} == {
        "id": failed.pk,
        "recipient": "j***@example.rw",
        "subject": "We received your message – RNSLIA",
        "error": "SMTPServerDisconnected",
        "attempts": 5,
        "retryable": True,
    }
    assert body["failed_emails"]["items"][0]["retryable"] is False  # its single-use link is gone
    assert body["dead_deliveries"] == [
        {
            "id": delivery.pk,
            "handler": "services.content.handlers.send_contact_emails",
            "topic": "contact.received",
            "attempts": 8,
            "last_error": "KeyError: 'name'",
            "updated_at": body["dead_deliveries"][0]["updated_at"],
        }
    ]


@pytest.mark.django_db
def test_the_last_50_emails_newest_first_masked_with_subject_language_and_status(
    staff_client, workers_answer
):
    for n in range(52):
        email(recipient=f"person{n}@example.org")
    email(Notification.Status.QUEUED, recipient="marie@example.fr", language="fr")

    recent = staff_client.get(SYSTEM).json()["recent_emails"]
    assert len(recent) == 50
    newest = recent[0]
    assert {
        key: newest[key] for key in ("recipient", "subject", "template", "language", "status", "sent_at")
    } == {
        "recipient": "m***@example.fr",
        "subject": "Nous avons reçu votre message – RNSLIA",  # in the e-mail's language
        "template": "contact_acknowledgement",
        "language": "fr",
        "status": "queued",
        "sent_at": None,
    }
    assert recent[1]["recipient"] == "p***@example.org" and recent[1]["status"] == "sent"
    assert all(row["recipient"][1:].startswith("***@") for row in recent)


def test_addresses_are_masked_to_their_first_letter_and_domain():
    assert mask_email("jane.doe@example.org") == "j***@example.org"
    assert mask_email("not-an-address") == "n***"


@pytest.mark.django_db
def test_the_query_count_does_not_grow_with_the_rows(staff_client, workers_answer):
    call_command("setup_periodic_tasks")

    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert staff_client.get(SYSTEM).status_code == 200
        return len(captured)

    dead_delivery()
    email()
    email(Notification.Status.FAILED)
    worker_presence_start(hostname="celery@a", queues=["default"])
    few = queries()
    for n in range(20):
        dead_delivery(handler=f"handler.{n}")
        email(recipient=f"r{n}@example.org")
        email(Notification.Status.FAILED, recipient=f"f{n}@example.org")
        worker_presence_start(hostname=f"celery@w{n}", queues=["mail"])
    assert queries() == few
    # auth, then: outbox backlog, delivery counts, workers, beat, dead deliveries, failed e-mails
    # (count and rows), the latest e-mails.
    assert few <= 9


# --- The retry buttons -------------------------------------------------------------------


@pytest.mark.django_db
def test_run_again_puts_a_dead_delivery_back_as_the_admin_action_does(
    staff_client, django_capture_on_commit_callbacks
):
    delivery = dead_delivery()
    with django_capture_on_commit_callbacks() as callbacks:
        response = staff_client.post(RUN_AGAIN.format(delivery.pk), content_type="application/json")
    assert response.status_code == 200
    assert response.json() == {"message": "The delivery was handed to a worker again."}
    assert len(callbacks) == 1  # handed to the broker once the change committed
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts) == (Delivery.Status.PENDING, 0)

    again = staff_client.post(RUN_AGAIN.format(delivery.pk), content_type="application/json")
    assert (again.status_code, again.json()["code"]) == (409, "not_dead")
    missing = staff_client.post(RUN_AGAIN.format(999_999), content_type="application/json")
    assert (missing.status_code, missing.json()["code"]) == (404, "not_found")


@pytest.mark.django_db
def test_retry_queues_a_failed_email_again_as_the_admin_action_does(
    staff_client, django_capture_on_commit_callbacks
):
    failed = email(Notification.Status.FAILED, error="SMTPServerDisconnected", attempts=5)
    with django_capture_on_commit_callbacks() as callbacks:
        response = staff_client.post(RETRY.format(failed.pk), content_type="application/json")
    assert response.json() == {"message": "The e-mail was queued to be sent again."}
    assert len(callbacks) == 1
    failed.refresh_from_db()
    assert (failed.status, failed.attempts, failed.error) == (Notification.Status.QUEUED, 0, "")

    again = staff_client.post(RETRY.format(failed.pk), content_type="application/json")
    assert (again.status_code, again.json()["code"]) == (409, "not_failed")

    reset = email(Notification.Status.FAILED, template="password_reset", context={"_secret": ["link"]})
    refused = staff_client.post(RETRY.format(reset.pk), content_type="application/json")
    assert (refused.status_code, refused.json()["code"]) == (400, "not_retryable")
    assert refused.json()["detail"] == "This e-mail carried a single-use link and cannot be sent again."


# --- The embedded broker and real workers --------------------------------------------------


@pytest.mark.django_db
def test_a_broadcast_removes_control_messages_nobody_will_read(private_folder_broker):
    stale = private_folder_broker / "1_a.celery@killed.celery.pidbox.msg"
    fresh = private_folder_broker / "2_b.celery@busy.celery.pidbox.msg"
    task = private_folder_broker / "3_c.mail.msg"
    for path in (stale, fresh, task):
        path.write_text("{}")
    long_ago = time.time() - CONTROL_MESSAGE_MAX_AGE_SECONDS - 5
    for path in (stale, task):
        os.utime(path, (long_ago, long_ago))

    # A broadcast as celery's control sends it, on a connection of its own (not the app's pool,
    # which would keep this test's folder for later tests).
    control = app.control.mailbox.exchange
    with app.connection_for_write() as conn:
        Producer(conn.default_channel).publish({"method": "ping"}, exchange=control, declare=[control])
    assert not stale.exists()
    assert fresh.exists() and task.exists()  # a task waits however long it takes


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_shows_online_with_its_queues_and_offline_once_killed(
    staff_client, tmp_path, monkeypatch
):
    from conftest import kill_hard, process_env, start_worker, stop, wait_for

    monkeypatch.setattr(ops_workers, "INSPECT_REUSE_SECONDS", 0)
    name = f"system-test-{os.getpid()}@localhost"
    log: Path = tmp_path / "worker.log"
    worker = start_worker(process_env(), log, name=name)

    def state():
        items = staff_client.get(SYSTEM).json()["workers"]["items"]
        return next((item for item in items if item["hostname"] == name), None)

    try:
        online = wait_for(
            lambda: (row := state()) and row["state"] == "online" and row,
            timeout=60,
            what=f"the worker to answer on the System page:\n{log}",
        )
        assert online["queues"] == ["default", "mail"]
        assert WorkerPresence.objects.get(hostname=name).queues == ["default", "mail"]
        kill_hard(worker)
        row = state()
        assert row["state"] == "offline"  # no answer, and it never said it stopped
        assert staff_client.get(SYSTEM).json()["workers"]["source"] == "broker"
    finally:
        stop(worker)
