"""No key anybody can read, strict transport in production, API docs only where asked."""

import os
import stat
import subprocess
import sys

import pytest

from conftest import ROOT
from services.accounts.tests.factories import make_user
from services.settings import embedded_secret_key


def clean_env(**env: str) -> dict[str, str]:
    """This machine's environment without what selects or loosens the settings, plus `env`."""
    loose = {"SECRET_KEY", "DATABASE_URL", "DJANGO_DEBUG", "API_DOCS_PUBLIC", "DJANGO_SETTINGS_MODULE"}
    base = {k: v for k, v in os.environ.items() if k not in loose and not k.startswith("SECURE_")}
    return {**base, **env}


def django_settings(env: dict[str, str], code: str) -> subprocess.CompletedProcess:
    """Runs `code` after loading the settings in a fresh process with exactly this environment."""
    script = f"import django; django.setup(); from django.conf import settings; {code}"
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env=clean_env(DJANGO_SETTINGS_MODULE="services.settings", **env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_embedded_mode_makes_its_own_private_key_once(tmp_path):
    first = django_settings({"DATA_DIR": str(tmp_path)}, "print(settings.SECRET_KEY)")
    assert first.returncode == 0, first.stderr
    key_file = tmp_path / "secret_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    assert first.stdout.strip() == key_file.read_text().strip() and len(first.stdout.strip()) >= 64
    again = django_settings({"DATA_DIR": str(tmp_path)}, "print(settings.SECRET_KEY)")
    assert again.stdout == first.stdout  # tokens survive a restart
    (tmp_path / "elsewhere").mkdir()
    assert embedded_secret_key(tmp_path / "elsewhere") != first.stdout.strip()  # every install its own


def test_the_embedded_key_is_the_same_for_processes_starting_together(tmp_path):
    keys = {embedded_secret_key(tmp_path) for _ in range(3)}
    assert len(keys) == 1


@pytest.mark.parametrize("secret", ["", "short", "CHANGE-ME-to-64-random-characters-please-do"])
def test_production_refuses_to_start_without_a_real_key(tmp_path, secret):
    result = django_settings(
        {"DATA_DIR": str(tmp_path), "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3", "SECRET_KEY": secret},
        "print(settings.SECRET_KEY)",
    )
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


def test_the_production_settings_pass_the_deploy_check(tmp_path):
    env = {
        "DATA_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3",
        "SECRET_KEY": "a-long-random-production-key-" + "x7Qp9" * 8,
        "ALLOWED_HOSTS": "portal.example.org",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=clean_env(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


@pytest.mark.django_db
def test_api_docs_are_public_only_when_asked(client, settings):
    settings.API_DOCS_PUBLIC = False
    for path in ("/api/docs", "/api/openapi.json"):
        response = client.get(path)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]
    client.force_login(make_user())
    assert client.get("/api/openapi.json").status_code == 200

    client.logout()
    settings.API_DOCS_PUBLIC = True
    assert client.get("/api/openapi.json").status_code == 200


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"DATABASE_URL": "", "REDIS_URL": ""}, "sqlite3 atomicfs://"),  # as compose .env files carry
        ({"DATABASE_URL": "   "}, "sqlite3"),
    ],
)
def test_empty_service_addresses_mean_not_set(tmp_path, env, expected):
    result = django_settings(
        {"DATA_DIR": str(tmp_path), **env},
        "print(settings.DATABASES['default']['ENGINE'].rsplit('.', 1)[1], settings.CELERY_BROKER_URL)",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(expected)


@pytest.mark.parametrize(
    ("env", "sentence"),
    [
        ({"DATABASE_URL": "nonsense", "SECRET_KEY": "k" * 40}, "DATABASE_URL is not a database address"),
        ({"REDIS_URL": "localhost:6379"}, "REDIS_URL is not a Redis address"),
        ({"SIGNED_VIDEO_STORAGE": "{bucket: videos}"}, "SIGNED_VIDEO_STORAGE is not JSON"),
        (
            {"SIGNED_VIDEO_STORAGE": '["storages.backends.s3.S3Storage"]'},
            "SIGNED_VIDEO_STORAGE is a STORAGES entry",
        ),
    ],
)
def test_an_invalid_service_address_fails_at_start_with_one_sentence(tmp_path, env, sentence):
    result = django_settings({"DATA_DIR": str(tmp_path), **env}, "print('started')")
    assert result.returncode != 0 and sentence in result.stderr
    assert "started" not in result.stdout


def test_a_bare_worker_consumes_every_queue_of_the_project():
    from worker.app import app

    declared = {queue.name for queue in app.conf.task_queues}
    assert declared == {"default", "mail"}
    assert app.amqp.router.route({}, "notifications.send")["queue"].name == "mail"
