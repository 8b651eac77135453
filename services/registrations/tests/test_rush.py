"""Hundreds of visitors want the last seats at once. A real gunicorn server (2 processes x 8
threads) takes parallel HTTP requests, on PostgreSQL and on the embedded SQLite file: exactly
the number of seats is accepted, every other answer is a 4xx envelope, never a 500."""

import json
import subprocess
import sys
import urllib.error
import urllib.request
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import ROOT, free_port, port_open, process_env, stop, wait_for
from services.core.tests.children import database, in_child, manage

SEATS = 30
VISITORS = 200


@contextmanager
def server(env):
    port = free_port()
    log = Path(env["DATA_DIR"]) / "gunicorn.log"
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "services.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "2",
            "--threads",
            "8",
            "--graceful-timeout",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("ab"),
        stderr=subprocess.STDOUT,
    )
    try:
        wait_for(lambda: process.poll() is not None or port_open(port), timeout=60, what="gunicorn to listen")
        assert process.poll() is None, log.read_text()[-3000:]
        yield f"http://127.0.0.1:{port}"
    finally:
        stop(process)


def post(url: str, payload: dict) -> tuple[int, dict]:
    request = urllib.request.Request(
        url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_parallel_sign_ups_never_overbook(engine, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with database(engine, tmp_path) as url:
        env = process_env(
            DATABASE_URL=url,
            DATA_DIR=str(data_dir),  # its own broker folder and cache: no worker sees these rows
            REDIS_URL="",
            REGISTRATION_RATE="100000/h",
            ALLOWED_HOSTS="127.0.0.1",
        )
        manage(env, "migrate", "--noinput", "-v0")
        (event_id,) = in_child(
            env,
            "import datetime; from services.events.models import Event; "
            "print(Event.objects.create(title='Last seats', location='Kigali', status='Published', "
            f"maximum_attendees={SEATS}, date=datetime.date.today() + datetime.timedelta(days=9)).pk)",
        )
        with server(env) as base:
            endpoint = f"{base}/api/management/events/{event_id}/register/"
            visitors = [
                {
                    "full_name": f"Visitor {i}",
                    "email": f"v{i}@example.org",
                    "phone": f"+25072{i:07d}",
                    "preferred_language": "English",
                    "disability": "None",
                    "agree_to_terms": True,
                }
                for i in range(VISITORS)
            ]
            with ThreadPoolExecutor(max_workers=48) as pool:
                answers = list(pool.map(lambda visitor: post(endpoint, visitor), visitors))
            with urllib.request.urlopen(f"{base}/api/management/public-events/{event_id}/") as response:
                public = json.loads(response.read())

    statuses = Counter(status for status, _ in answers)
    assert statuses[201] == SEATS, statuses
    assert statuses[409] == VISITORS - SEATS, statuses
    assert all(body.get("code") == "event_full" for status, body in answers if status == 409)
    # The counter the public pages read was written from the rows under the same lock.
    assert (public["total_registrations_count"], public["open_seats"]) == (SEATS, 0)
