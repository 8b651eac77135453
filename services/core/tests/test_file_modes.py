"""The embedded mode's data folder holds the database, the secret key, every e-mail sent, the
queue's messages, the cache and staff's uploads: nobody but its owner may read any of it, whichever
of the real processes (migrate, web, worker) made a file first, and whatever umask the machine
gave them (a usual 022 here)."""

import json
import os
import stat
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import ROOT, free_port, port_open, start_worker, stop, wait_for

pytestmark = pytest.mark.worker

OTHERS = stat.S_IRWXG | stat.S_IRWXO


@contextmanager
def usual_umask():
    """Children inherit the umask at their start: give them a machine's usual one, not ours."""
    previous = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(previous)


def embedded_env(data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "SECRET_KEY"}}
    env.update(
        DATA_DIR=str(data_dir),
        PYTHONUNBUFFERED="1",
        SECURE_SSL_REDIRECT="0",
        PUBLIC_FORM_CHALLENGE="0",  # the contact form is posted as a script would
        DJANGO_SUPERUSER_PASSWORD="Modes-Check-Password-7",
    )
    return env


def manage(env, *args):
    with usual_umask():
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
    assert result.returncode == 0, result.stderr[-3000:]


def call(url: str, body: bytes, content_type: str, token: str = "") -> tuple[int, dict]:
    headers = {"Content-Type": content_type, **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def multipart(fields: dict[str, str], filename: str, content: bytes) -> tuple[bytes, str]:
    boundary = "portal-modes-boundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="{filename}"\r\n'
        f"Content-Type: application/pdf\r\n\r\n".encode()
        + content
        + b"\r\n"
    )
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def readable_by_others(root: Path) -> list[str]:
    found = []
    for path in [root, *root.rglob("*")]:
        mode = path.lstat().st_mode
        if mode & OTHERS:
            found.append(f"{path.relative_to(root.parent)} {stat.filemode(mode)}")
    return found


def test_nothing_the_processes_write_under_data_dir_is_readable_by_others(tmp_path):
    data = tmp_path / "data"
    data.mkdir(mode=0o755)  # as an install from before this rule left it
    env = embedded_env(data)
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "createsuperuser", "--noinput", "--username", "modes", "--email", "modes@example.org")

    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with usual_umask():
        web = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "services.wsgi:application", "--bind", f"127.0.0.1:{port}"],
            cwd=ROOT,
            env=env,
            stdout=(tmp_path / "web.log").open("wb"),
            stderr=subprocess.STDOUT,
        )
        worker = start_worker(env, tmp_path / "worker.log")
    try:
        wait_for(lambda: web.poll() is not None or port_open(port), timeout=60, what="gunicorn to listen")
        assert web.poll() is None, (tmp_path / "web.log").read_text()[-3000:]
        status, _ = call(
            f"{base}/api/management/contact-form/",
            json.dumps({"name": "Aline", "email": "aline@example.org", "message": "Hello"}).encode(),
            "application/json",
        )
        assert status == 200
        status, signed_in = call(
            f"{base}/api/users/login/",
            json.dumps({"username": "modes", "password": "Modes-Check-Password-7"}).encode(),
            "application/json",
        )
        assert status == 200
        body, content_type = multipart({"title": "Minutes"}, "minutes.pdf", b"%PDF-1.4\n%%EOF\n")
        status, _ = call(f"{base}/api/resources/", body, content_type, signed_in["access"])
        assert status == 201
        mail = data / "mail"
        wait_for(
            lambda: len(list(mail.glob("*.eml"))) >= 2, timeout=60, what="the worker to write the e-mails"
        )
    finally:
        stop(web)
        stop(worker)

    for made in ("db.sqlite3", "secret_key", "mail", "cache", "broker", "media", "static"):
        assert (data / made).exists(), f"{made} was not made: the test no longer covers it"
    assert list((data / "media").rglob("*.pdf")) and list((data / "cache").rglob("*.djcache"))

    def mode(name):
        return stat.S_IMODE((data / name).stat().st_mode)

    assert [mode(name) for name in ("", "db.sqlite3", "secret_key", "mail")] == [0o700, 0o600, 0o600, 0o700]
    assert {mode(eml) for eml in (data / "mail").glob("*.eml")} == {0o600}
    found = readable_by_others(data)
    assert found == [], "\n".join(found)
