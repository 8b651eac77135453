from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from django_celery_beat.models import PeriodicTask

from services.ops.models import Heartbeat
from services.ops.services import heartbeat_stamp
from services.outbox.models import Delivery, OutboxMessage
from worker.schedule import BEAT_SCHEDULE


@pytest.mark.django_db
def test_healthy_when_every_part_answers(staff_client):
    heartbeat_stamp()
    response = staff_client.get("/api/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert {name: check["ok"] for name, check in body["checks"].items()} == {
        "database": True,
        "broker": True,
        "worker": True,
        "outbox": True,
        "deliveries": True,
    }
    assert body["checks"]["outbox"] == {"ok": True, "pending": 0, "oldest_age_seconds": None}


@pytest.mark.django_db
def test_anonymous_callers_get_only_the_status(client, staff_tokens, settings):
    heartbeat_stamp()
    assert client.get("/api/health/").json() == {"status": "ok"}
    Heartbeat.objects.all().delete()
    # The status found a moment ago serves anonymous callers for a few seconds...
    assert client.get("/api/health/").json() == {"status": "ok"}
    settings.HEALTH_STATUS_SECONDS = 0  # ...then the checks run again
    response = client.get("/api/health/")
    assert (response.status_code, response.json()) == (503, {"status": "unhealthy"})
    wrong = client.get("/api/health/", HTTP_AUTHORIZATION="Bearer not-the-token")
    assert wrong.json() == {"status": "unhealthy"}

    settings.HEALTH_TOKEN = "monitoring-token-of-the-probes"
    probe = client.get("/api/health/", HTTP_AUTHORIZATION="Bearer monitoring-token-of-the-probes")
    assert probe.json()["checks"]["worker"]["ok"] is False
    staff = client.get("/api/health/", HTTP_AUTHORIZATION=f"Bearer {staff_tokens.access}")
    assert set(staff.json()["checks"]) == {"database", "broker", "worker", "outbox", "deliveries"}


@pytest.mark.django_db
def test_a_missing_or_stale_heartbeat_is_503(staff_client, settings):
    response = staff_client.get("/api/health/")
    assert response.status_code == 503
    assert response.json()["checks"]["worker"] == {"ok": False, "last_heartbeat": None, "age_seconds": None}

    Heartbeat.objects.create(name="worker", beat_at=timezone.now() - timedelta(minutes=5))
    response = staff_client.get("/api/health/")
    assert response.status_code == 503
    assert response.json()["checks"]["worker"]["age_seconds"] >= 299


@pytest.mark.django_db
def test_an_old_outbox_backlog_is_503_with_count_and_age(staff_client):
    heartbeat_stamp()
    OutboxMessage.objects.create(topic="contact.received")
    old = OutboxMessage.objects.create(topic="contact.received")
    OutboxMessage.objects.filter(pk=old.pk).update(created_at=timezone.now() - timedelta(minutes=10))

    response = staff_client.get("/api/health/")
    assert response.status_code == 503
    outbox = response.json()["checks"]["outbox"]
    assert outbox["ok"] is False and outbox["pending"] == 2 and outbox["oldest_age_seconds"] >= 599


@pytest.mark.django_db
def test_a_dead_delivery_degrades_health_without_failing_it(staff_client):
    heartbeat_stamp()
    message = OutboxMessage.objects.create(topic="contact.received", relayed_at=timezone.now())
    Delivery.objects.create(message=message, handler="h", status="dead", next_attempt_at=timezone.now())
    response = staff_client.get("/api/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "degraded"
    assert body["checks"]["deliveries"] == {"ok": False, "dead": 1}
    assert body["checks"]["outbox"]["pending"] == 0  # a dead one waits for ops, not for a worker


@pytest.mark.django_db
def test_an_unreachable_broker_is_503(staff_client, settings):
    from worker.app import app

    heartbeat_stamp()
    original = app.conf.broker_url
    app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    try:
        response = staff_client.get("/api/health/")
    finally:
        app.conf.broker_url = original
    assert response.status_code == 503
    assert response.json()["checks"]["broker"]["ok"] is False


@pytest.mark.django_db
def test_periodic_tasks_are_written_from_code_idempotently():
    call_command("setup_periodic_tasks")
    call_command("setup_periodic_tasks")
    tasks = {task.name: task for task in PeriodicTask.objects.all()}
    assert set(tasks) == set(BEAT_SCHEDULE)
    assert tasks["outbox-sweep"].interval.every == 30
    assert tasks["ops-heartbeat"].interval.every == 30
    assert tasks["outbox-purge"].crontab.hour == "3"


def test_config_gives_the_map_tile_url_and_association_contacts(client, settings):
    settings.MAP_TILE_URL = "https://tiles.example.org/{z}/{x}/{y}.png"
    body = client.get("/api/config/").json()
    assert body["map_tile_url"] == "https://tiles.example.org/{z}/{x}/{y}.png"
    assert body["association"]["email"] == settings.ASSOCIATION["email"]
    assert body["resource_upload_max_mb"] == settings.RESOURCE_UPLOAD_MAX_MB
    assert (body["signed_video_max_mb"], body["signed_video_chunk_max_mb"]) == (300, 16)


@pytest.mark.parametrize("hours", [72.0, 0.5, None])
def test_config_gives_the_default_payment_deadline_the_event_form_states(client, settings, hours):
    settings.REGISTRATION_PAYMENT_DEADLINE_HOURS = hours
    assert client.get("/api/config/").json()["registration_payment_deadline_hours"] == hours


@pytest.mark.django_db
def test_the_broker_answer_is_reused_briefly_then_checked_again(client, monkeypatch, settings):
    from services.ops import checks

    heartbeat_stamp()
    settings.HEALTH_STATUS_SECONDS = 0  # every anonymous call runs the checks
    calls = []
    real = checks.Check
    monkeypatch.setattr(checks, "_broker_memo", {"url": None, "at": 0.0, "check": None})

    def counting_check(ok, detail=None):
        if detail and "transport" in detail:
            calls.append(ok)
        return real(ok, detail or {})

    monkeypatch.setattr(checks, "Check", counting_check)
    client.get("/api/health/")
    client.get("/api/health/")
    assert len(calls) == 1
    monkeypatch.setattr(checks, "BROKER_CHECK_SECONDS", 0)
    client.get("/api/health/")
    assert len(calls) == 2


@pytest.mark.django_db
def test_a_detailed_check_also_refreshes_the_anonymous_status(staff_tokens):
    anonymous = Client()
    heartbeat_stamp()
    assert anonymous.get("/api/health/").json() == {"status": "ok"}
    Heartbeat.objects.all().delete()
    staff = anonymous.get("/api/health/", HTTP_AUTHORIZATION=f"Bearer {staff_tokens.access}")
    assert staff.status_code == 503 and staff.json()["checks"]["worker"]["ok"] is False
    response = anonymous.get("/api/health/")
    assert (response.status_code, response.json()) == (503, {"status": "unhealthy"})
