"""The database is the source of truth and the broker only a doorbell, tried with real workers
killed with kill -9, on both brokers: the embedded filesystem transport (which deletes a message
when a worker fetches it) and Redis. Everything is published and swept from child processes on
the broker under test; the probe handler's one effect is one e-mail."""

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT, broker_backlog, drain, kill_hard, process_env, start_worker, stop, wait_for
from services.outbox.models import Delivery, OutboxMessage

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
PROBES = "services.outbox.tests.probe_handlers"
PROBE_TASK = f"{PROBES}.probe"
SWEEP = "from services.outbox.services import outbox_sweep; outbox_sweep()"


def in_child(env: dict[str, str], code: str) -> None:
    """Runs `code` in a fresh Django process of `env`, so that it talks to that env's broker."""
    script = f"import django\ndjango.setup()\n{code}"
    subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "services.settings"},
        check=True,
        capture_output=True,
        timeout=60,
    )


def publish_probe(env: dict[str, str], recipient: str, pause_seconds: float = 0) -> None:
    in_child(
        env,
        f"from django.db import transaction\n"
        f"from {PROBES} import ProbeRequested\n"
        f"from services.outbox.services import publish\n"
        f"with transaction.atomic():\n"
        f"    publish(ProbeRequested(recipient={recipient!r}, pause_seconds={pause_seconds}))\n",
    )


def emails_to(env: dict[str, str], recipient: str) -> list[Path]:
    return [p for p in (Path(env["DATA_DIR"]) / "mail").glob("*.eml") if recipient in p.read_text()]


def probe_delivery() -> Delivery | None:
    return Delivery.objects.filter(handler=PROBE_TASK).first()


def probe_env(tmp_path: Path) -> dict[str, str]:
    """A worker environment of its own, on the filesystem broker of its own data folder (never
    the run's Redis, where the session's worker would take tasks it does not know)."""
    env = process_env(
        DATA_DIR=str(tmp_path / "data"),
        WORKER_EXTRA_IMPORTS=PROBES,
        OUTBOX_REDELIVER_AFTER_SECONDS="2",
        OUTBOX_RETRY_BASE_SECONDS="1",
        OUTBOX_HANDLER_MAX_ATTEMPTS="3",
    )
    env.pop("REDIS_URL", None)
    return env


@pytest.fixture(params=["filesystem", "redis"])
def broker_env(request, tmp_path):
    """The probe environment on either broker; Redis is a private server of this test."""
    env = probe_env(tmp_path)
    if request.param == "redis":
        redis = request.getfixturevalue("private_redis")
        env["REDIS_URL"] = redis.url
    return env


def test_a_worker_killed_mid_handler_loses_nothing_and_the_effect_happens_once(broker_env, tmp_path):
    worker = start_worker(broker_env, tmp_path / "first-worker.log")
    try:
        publish_probe(broker_env, "killed@example.org", pause_seconds=6)
        started = Path(broker_env["DATA_DIR"]) / "probe-started-killed@example.org"
        wait_for(started.exists, timeout=60, what="the handler to start")
        kill_hard(worker)  # mid-handler: its transaction never commits, its broker message is gone
    finally:
        stop(worker)
    assert probe_delivery().status == "pending"
    assert emails_to(broker_env, "killed@example.org") == []

    log = tmp_path / "second-worker.log"
    worker = start_worker(broker_env, log)
    try:

        def swept_and_done() -> bool:
            in_child(broker_env, SWEEP)  # what beat does every 30 s
            return probe_delivery().status == "done"

        wait_for(swept_and_done, timeout=120, interval=1, what="the sweep to hand the delivery out again")
        wait_for(lambda: emails_to(broker_env, "killed@example.org"), timeout=60, what="the e-mail")
        drain(log, queued=broker_backlog(broker_env))
    finally:
        stop(worker)
    assert len(emails_to(broker_env, "killed@example.org")) == 1
    assert probe_delivery().attempts == 1
    assert OutboxMessage.objects.get().completed_at is not None


def test_a_handler_failing_past_the_cap_is_dead_then_runs_once_after_the_fix(tmp_path):
    env = probe_env(tmp_path)
    switch = Path(env["DATA_DIR"]) / "probe-fails"
    switch.parent.mkdir(parents=True)
    switch.touch()  # the provider is down, say
    log = tmp_path / "worker.log"
    worker = start_worker(env, log)
    try:
        publish_probe(env, "dead@example.org")

        def swept_and_dead() -> Delivery | None:
            in_child(env, SWEEP)
            return Delivery.objects.filter(handler=PROBE_TASK, status="dead").first()

        dead = wait_for(swept_and_dead, timeout=120, interval=1, what="the delivery to be marked dead")
        assert dead.attempts == 3
        assert dead.last_error == "ConnectionError: the probe was told to fail"
        assert OutboxMessage.objects.get().completed_at is None

        switch.unlink()  # fixed
        in_child(
            env,
            "from services.outbox.models import Delivery\n"
            "from services.outbox.services import delivery_rerun\n"
            f"delivery_rerun(delivery=Delivery.objects.get(pk={dead.pk}))\n",
        )
        wait_for(lambda: emails_to(env, "dead@example.org"), timeout=60, what="the e-mail after the re-run")
        drain(log, queued=broker_backlog(env))
    finally:
        stop(worker)
    assert len(emails_to(env, "dead@example.org")) == 1
    assert probe_delivery().status == "done"
    assert OutboxMessage.objects.get().completed_at is not None
