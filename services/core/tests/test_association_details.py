"""With DJANGO_DEBUG off nothing starts on invented payment details, contact details, fees or
links: `manage.py check`, the web (WSGI) and the worker and beat each refuse, naming the variable.
With it on (`make run`) demo values stand in, marked as demo."""

import os
import subprocess
import sys

import pytest
from django.conf import settings as django_settings

from conftest import ROOT
from services.core import details

NAMES = (*details.REQUIRED, "FRONTEND_URL")
REAL = {name: os.environ[name] for name in NAMES}  # conftest: .ci/details.env + a test address


def env_of(**env: str) -> dict[str, str]:
    """This machine's environment without any of the details, DEBUG off, plus `env`."""
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {*NAMES, "DJANGO_DEBUG", "DATABASE_URL", "DJANGO_SETTINGS_MODULE"}
    }
    return {**base, "SECRET_KEY": "test-only-secret-key-of-at-least-32-bytes", **env}


def run(args: list[str], env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)


def check(env: dict[str, str]) -> subprocess.CompletedProcess:
    return run([sys.executable, "manage.py", "check"], env)


def test_check_refuses_to_start_naming_every_unset_variable(tmp_path):
    result = check(env_of(DATA_DIR=str(tmp_path)))
    assert result.returncode != 0
    for name in NAMES:
        assert f"{name} is not set" in result.stderr


def test_check_refuses_placeholders_and_names_each(tmp_path):
    placeholders = {
        "ASSOCIATION_EMAIL": "CHANGE-ME@rnslia.org.rw",
        "ASSOCIATION_PHONE": "+250 788 000 000",  # the invented default of old
        "ASSOCIATION_ADDRESS": "KG 7 Ave, Kigali, Rwanda",
        "PAYMENT_MOBILE_MONEY_NUMBER": details.DEMO["PAYMENT_MOBILE_MONEY_NUMBER"],
        "PAYMENT_MOBILE_MONEY_NAME": "change-me",
        "PAYMENT_BANK_NAME": "Demo Bank",
        "PAYMENT_BANK_ACCOUNT": "00040-0000000-00",
        "PAYMENT_BANK_ACCOUNT_NAME": "CHANGE-ME account holder",
        "MEMBERSHIP_FEE_INDIVIDUAL": "CHANGE-ME",
        "MEMBERSHIP_FEE_INSTITUTIONAL": "fifty thousand",
        "FRONTEND_URL": "https://portal.example.org",
    }
    result = check(env_of(DATA_DIR=str(tmp_path), **placeholders))
    assert result.returncode != 0
    for name in NAMES:
        fee = name.startswith("MEMBERSHIP_FEE_")
        problem = "is not a whole number of Rwf" if fee else "is still a placeholder"
        assert f"{name} {problem}" in result.stderr


@pytest.mark.parametrize("name", NAMES)
def test_one_missing_variable_is_named_alone(name):
    from services.core.checks import details_errors

    errors = details_errors({other: REAL[other] for other in NAMES if other != name})
    assert [error.msg for error in errors] == [f"{name} is not set."]
    assert details_errors(REAL) == []


SHOW = (
    "import django; django.setup(); from django.conf import settings as s; "
    "from django.core.management import call_command; call_command('check'); "
    "print(s.DETAILS_DEMO, s.PAYMENT_DETAILS['bank_name'], s.MEMBERSHIP_FEES['Individual'], s.FRONTEND_URL)"
)


def test_real_details_start_and_debug_accepts_demo_values(tmp_path):
    assert check(env_of(DATA_DIR=str(tmp_path), **REAL)).returncode == 0
    debug = env_of(DATA_DIR=str(tmp_path), DJANGO_DEBUG="1", DJANGO_SETTINGS_MODULE="services.settings")
    demo = run([sys.executable, "-c", SHOW], debug)
    assert demo.returncode == 0, demo.stderr
    shown = demo.stdout.splitlines()[-1].split()
    assert shown == ["True", "Demo", "Bank", "10000", django_settings.DEMO_FRONTEND_URL]
    # Every value given with DEBUG on: nothing is marked demo.
    given = run([sys.executable, "-c", SHOW], {**debug, **REAL})
    assert given.stdout.splitlines()[-1].split()[0] == "False"


def test_the_web_refuses_to_start_without_the_details(tmp_path):
    env = env_of(DATA_DIR=str(tmp_path), **{**REAL, "PAYMENT_BANK_ACCOUNT": ""})
    result = run([sys.executable, "-c", "import services.wsgi"], env)
    assert result.returncode != 0
    assert "PAYMENT_BANK_ACCOUNT is not set" in result.stderr
    assert run([sys.executable, "-c", "import services.wsgi"], {**env, **REAL}).returncode == 0


@pytest.mark.parametrize("command", ["worker", "beat"])
def test_the_worker_and_beat_refuse_to_start_without_the_details(tmp_path, command):
    env = env_of(DATA_DIR=str(tmp_path), **{**REAL, "MEMBERSHIP_FEE_INSTITUTIONAL": "CHANGE-ME"})
    result = run(
        [sys.executable, "-m", "celery", "-A", "worker", command, "--loglevel", "INFO"]
        + (["--pidfile", "", "--schedule", str(tmp_path / "beat-schedule")] if command == "beat" else []),
        env,
    )
    assert result.returncode != 0
    assert "MEMBERSHIP_FEE_INSTITUTIONAL is not a whole number of Rwf" in result.stderr


def test_the_site_s_address_never_comes_from_the_process_s_port(tmp_path):
    """honcho hands the worker PORT+100: its e-mail links still name the web's own address."""
    code = "import django; django.setup(); from django.conf import settings as s; print(s.FRONTEND_URL)"
    env = env_of(DATA_DIR=str(tmp_path), DJANGO_DEBUG="1", DJANGO_SETTINGS_MODULE="services.settings")
    given = run(
        [sys.executable, "-c", code], {**env, "PORT": "8100", "FRONTEND_URL": "http://127.0.0.1:8000/"}
    )
    assert given.stdout.strip() == "http://127.0.0.1:8000"
    unset = run([sys.executable, "-c", code], {**env, "PORT": "8100"})
    assert "8100" not in unset.stdout
