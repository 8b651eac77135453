"""The broker may fail; the site does not. Real processes only: a redis-server of the test (broker
and cache) that it kills with -9, freezes with SIGSTOP (the kernel still accepts connections,
nobody reads them), stops and starts again on the same port; gunicorn; a `celery worker` and
`celery beat`; and a database that is not there."""

import json
import time
import urllib.error
import urllib.request
from datetime import date, timedelta
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django_celery_beat.models import IntervalSchedule, PeriodicTask

from conftest import free_port, mails_to, process_env, start_beat, start_web, start_worker, stop, wait_for
from services.events.tests.factories import make_event
from services.outbox.models import OutboxMessage
from services.registrations.models import Registration
from services.registrations.tests.helpers import person

pytestmark = [pytest.mark.worker]

# Before the fix a request waited 5 to 60 s on a dead or frozen Redis; one that does not wait
# answers in milliseconds. This bound only tells the two apart on a busy two-core machine (the
# figures themselves are for `make bench`).
STALLED = 3.0
HEALTH_TOKEN = "monitoring-token-of-the-outage-tests"
UNAVAILABLE = {"detail": "The service is temporarily unavailable.", "code": "service_unavailable"}


def call(base: str, method: str, path: str, body=None, *, token: str = "", language: str = "en"):
    """(status, JSON answer, seconds) of one request, as a browser or a probe makes it."""
    headers = {"Content-Type": "application/json", "Accept-Language": language}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=90) as response:
            status, text = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, text = error.code, error.read()
    elapsed = time.monotonic() - started
    assert b"Traceback" not in text
    return status, json.loads(text), elapsed


def outage_env(redis_url: str, **overrides: str) -> dict[str, str]:
    return process_env(
        REDIS_URL=redis_url,
        HEALTH_TOKEN=HEALTH_TOKEN,
        PUBLIC_FORM_CHALLENGE="0",  # a script signs up here, as pytest's own client does
        # Every public read asks Redis for the cache version (not once a second), so that none of
        # them can pass the outage on a copy held in memory.
        PUBLIC_EVENTS_RECHECK_SECONDS="0",
        **overrides,
    )


def sign_up(base: str, event_id: int, i: int, *, fast: bool = True) -> str:
    """A visitor's sign-up, taken (201); its address. `fast`: within STALLED (the first request
    to a new server, with a worker and beat starting beside it, may be slow for other reasons)."""
    body = person(i)
    status, answer, elapsed = call(base, "POST", f"/api/management/events/{event_id}/register/", body)
    assert status == 201, answer
    assert elapsed < STALLED or not fast, f"the sign-up took {elapsed:.1f} s"
    return body["email"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("outage", ["killed", "frozen"])
def test_while_redis_is_killed_or_frozen_the_site_answers_at_once(
    outage, private_redis, staff_tokens, tmp_path
):
    event = make_event("Deaf Awareness Week", maximum_attendees=50, time="10:00")
    web = start_web(outage_env(private_redis.url), tmp_path / "web.log")
    try:
        base = web.url
        # With Redis up: the cache, the limits and the broker each hold a connection.
        assert call(base, "GET", "/api/management/public-events/")[0] == 200
        sign_up(base, event.pk, 0, fast=False)
        token = staff_tokens.access

        private_redis.kill() if outage == "killed" else private_redis.freeze()

        signed_up = []
        for i in range(1, 4):  # not just the first request: every one
            for path in ("/api/management/public-events/", f"/api/management/public-events/{event.pk}/"):
                status, answer, elapsed = call(base, "GET", path)
                assert status == 200 and elapsed < STALLED, (path, status, f"{elapsed:.1f} s")
            assert answer["id"] == event.pk  # the page itself, from the database
            signed_up.append(sign_up(base, event.pk, i))

            # Staff work: a list, and a change that publishes its event (left for the sweep).
            status, _, elapsed = call(base, "GET", "/api/management/events/?page=1", token=token)
            assert status == 200 and elapsed < STALLED, (status, f"{elapsed:.1f} s")
            new = {"title": f"Outage workshop {i}", "date": str(date.today() + timedelta(days=40))}
            new |= {"location": "Kigali", "time": "09:30", "maximum_attendees": 20}
            status, answer, elapsed = call(base, "POST", "/api/management/events/", new, token=token)
            assert status == 201 and elapsed < STALLED, (answer, f"{elapsed:.1f} s")

            # Health says so at once: the broker is unreachable.
            status, report, elapsed = call(base, "GET", "/api/health/", token=HEALTH_TOKEN)
            assert status == 503 and elapsed < STALLED, (status, f"{elapsed:.1f} s")
            assert report["status"] == "unhealthy"
            assert report["checks"]["broker"]["ok"] is False
            assert report["checks"]["database"]["ok"] is True
    finally:
        private_redis.thaw()
        stop(web)

    # Every sign-up is a row, and its outbox message waits for the sweep to ring the doorbell.
    assert Registration.objects.filter(email__in=signed_up).count() == 3
    assert OutboxMessage.objects.filter(relayed_at__isnull=True).count() >= 3 + 3  # sign-ups, events


def _sweep_every(seconds: int) -> None:
    """The periodic tasks as `make run` writes them, the outbox and e-mail sweeps sooner than their
    30 s so that the test is short (the docs give the worst case with 30 s)."""
    call_command("setup_periodic_tasks", stdout=StringIO())
    every, _ = IntervalSchedule.objects.get_or_create(every=seconds, period=IntervalSchedule.SECONDS)
    sweeps = PeriodicTask.objects.filter(name__in=["outbox-sweep", "notifications-sweep"])
    assert sweeps.update(interval=every) == 2


def _tail(log: Path, lines: int = 60) -> str:
    text = log.read_text(errors="replace").splitlines()[-lines:] if log.exists() else []
    return f"--- {log.name} (last {lines} lines) ---\n" + "\n".join(text)


def _logged(log: Path, text: str) -> bool:
    return log.exists() and text in log.read_text(errors="replace")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("outage", ["restarted", "killed", "frozen"])
def test_the_worker_and_beat_come_back_after_redis_and_the_outage_emails_go_out(
    outage, private_redis, mail_dir, tmp_path
):
    event = make_event("Interpreters Conference", maximum_attendees=50, time="10:00")
    _sweep_every(3)
    env = outage_env(private_redis.url, OUTBOX_SWEEP_AFTER_SECONDS="1")
    worker_log, beat_log = tmp_path / "worker.log", tmp_path / "beat.log"
    web = start_web(env, tmp_path / "web.log")
    worker = start_worker(env, worker_log)
    beat = start_beat(env, beat_log)
    try:
        first = sign_up(web.url, event.pk, 0, fast=False)
        wait_for(lambda: mails_to(mail_dir, first), timeout=60, what="the first e-mail, Redis up")
        wait_for(lambda: _logged(beat_log, "Sending due task"), timeout=60, what="beat to send, Redis up")
        # Load: the worker is busy with these sign-ups when Redis goes. (Their e-mails are the
        # outbox's and the notifications' sweeps' business: a hop lost with Redis is handed out
        # again after 60 s, an e-mail whose send was lost after 2 to 4 minutes.)
        for i in range(1, 4):
            sign_up(web.url, event.pk, i, fast=False)

        go = {"restarted": private_redis.stop, "killed": private_redis.kill, "frozen": private_redis.freeze}
        go[outage]()
        during = [sign_up(web.url, event.pk, i) for i in range(4, 7)]
        # Both noticed: beat failed to send a periodic task; the worker lost its connection (a
        # frozen Redis keeps it open: the worker only waits for its answer).
        wait_for(lambda: _logged(beat_log, "Message Error"), timeout=60, what="beat to fail a send")
        if outage != "frozen":
            wait_for(lambda: _logged(worker_log, "Connection to broker lost"), timeout=60, what="the worker")

        private_redis.thaw() if outage == "frozen" else private_redis.start()
        back = time.monotonic()
        try:
            wait_for(
                lambda: all(mails_to(mail_dir, address) for address in during),
                timeout=60,
                interval=0.5,
                what="the e-mails of the sign-ups made during the outage, within a minute of Redis",
            )
        except AssertionError as failed:  # what the worker and beat did meanwhile says why
            raise AssertionError(f"{failed}\n{_tail(worker_log)}\n{_tail(beat_log)}") from None
        took = time.monotonic() - back
        assert worker.poll() is None and beat.poll() is None, "the worker and beat are still running"
        assert not _logged(worker_log, "Unrecoverable error")
        # And they go on working: a sign-up now is e-mailed as usual.
        after = sign_up(web.url, event.pk, 7)
        wait_for(lambda: mails_to(mail_dir, after), timeout=60, what="an e-mail after the outage")
    finally:
        for process in (beat, worker, web):
            stop(process)
    print(f"e-mails of the outage out {took:.1f} s after Redis came back ({outage})")


@pytest.mark.django_db
@pytest.mark.parametrize(
    "database_url",
    [
        pytest.param(lambda: f"postgres://postgres@127.0.0.1:{free_port()}/portal", id="postgresql-refused"),
        pytest.param(lambda: "sqlite:////nonexistent-folder/portal/db.sqlite3", id="sqlite-unopenable"),
    ],
)
def test_a_database_that_is_down_answers_503_in_the_envelope(database_url, staff_tokens, tmp_path):
    env = process_env(DATABASE_URL=database_url(), HEALTH_TOKEN=HEALTH_TOKEN, PUBLIC_FORM_CHALLENGE="0")
    web = start_web(env, tmp_path / "web.log")
    try:
        base = web.url
        # The server's first request loads the application (seconds on a busy machine): not timed.
        assert call(base, "GET", "/api/config/")[0] == 200
        for method, path, body, token in [
            ("GET", "/api/management/public-events/", None, ""),
            ("GET", "/api/management/public-events/1/", None, ""),
            ("POST", "/api/management/events/1/register/", person(1), ""),
            ("GET", "/api/management/events/?page=1", None, staff_tokens.access),
        ]:
            status, answer, elapsed = call(base, method, path, body, token=token)
            assert (status, answer) == (503, UNAVAILABLE), path
            assert elapsed < STALLED
        status, answer, _ = call(base, "GET", "/api/management/public-events/", language="fr")
        assert (status, answer["detail"]) == (503, "Le service est momentanément indisponible.")

        assert call(base, "GET", "/api/health/")[:2] == (503, {"status": "unhealthy"})
        status, report, _ = call(base, "GET", "/api/health/", token=HEALTH_TOKEN)
        assert status == 503 and report["checks"]["database"]["ok"] is False
        # A staff token cannot be checked without the database: the status alone, still 503.
        assert call(base, "GET", "/api/health/", token=staff_tokens.access)[:2] == (
            503,
            {"status": "unhealthy"},
        )
    finally:
        stop(web)
    assert "Internal Server Error" not in (tmp_path / "web.log").read_text()


def test_closing_a_broken_connection_that_holds_a_delivered_message_does_not_crash_the_worker(
    private_redis,
):
    """The state of a worker whose Redis was killed under load ("Unrecoverable error:
    AttributeError(... 'hostname')", and the worker exited, in this file's tests): a message
    delivered and not yet acknowledged, the channel's pool dropped with the broken connection, and
    kombu's connection details already let go when celery closes the channel. The close may fail,
    but only with a connection error, which celery ignores before it reconnects."""
    from kombu import Connection, Consumer, Producer, Queue
    from kombu.common import ignore_errors

    import worker.app  # noqa: F401 - the project's transports, as every process of it has them

    connection = Connection(private_redis.url)
    queue = Queue("outage-probe")
    channel = connection.default_channel
    Producer(channel).publish({"n": 1}, routing_key=queue.name, declare=[queue])
    delivered = []
    Consumer(channel, [queue], callbacks=[lambda body, message: delivered.append(message)]).consume()
    connection.drain_events(timeout=10)
    assert len(delivered) == 1

    private_redis.kill()
    channel._disconnect_pools()  # as kombu does when the connection breaks
    channel.connection.client = None  # as kombu leaves a transport it let go of
    ignore_errors(connection, channel.close)  # what celery does: anything else escapes and kills it
    assert channel.closed
