"""Shared pytest fixtures: real Celery worker processes against the test database, the mail
folder, and the rule that a missing service skips only when REQUIRE_SERVICES is not set."""

import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache

ROOT = Path(__file__).resolve().parent
REQUIRE_SERVICES = os.environ.get("REQUIRE_SERVICES") == "1"
# The tests run as production does (DJANGO_DEBUG off), which refuses to start without the
# association's real details and the site's address: the real-looking ones of .ci/details.env,
# for this process (whose settings pytest-django loaded before this file) and every web and worker
# process a test starts, which inherit the environment.
TEST_FRONTEND_URL = "https://portal.rnslia.test"


if os.environ.get("PYTEST_XDIST_WORKER") and "services.core.tests.parallel" not in sys.modules:
    # Without it the processes share one data folder and Redis db, and take each other's e-mails.
    raise pytest.UsageError("pytest -n needs -p services.core.tests.parallel (the Makefile's test-backend)")


def _test_details() -> None:
    from services.core import details

    for line in (ROOT / ".ci" / "details.env").read_text().splitlines():
        name, sep, value = line.partition("=")
        if sep and not name.startswith("#"):
            os.environ.setdefault(name.strip(), value.strip().strip('"'))
    os.environ.setdefault("FRONTEND_URL", TEST_FRONTEND_URL)
    for name, value in details.details(os.environ, debug=settings.DEBUG).items():
        setattr(settings, name, value)


_test_details()


def need(condition: bool, reason: str) -> None:
    """Skip with a printed reason, or fail when the run promised every service (CI)."""
    if condition:
        return
    if REQUIRE_SERVICES:
        pytest.fail(f"REQUIRE_SERVICES=1 but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session", autouse=True)
def _compiled_catalogues():
    """The server's translations compiled, as `make compilemessages` leaves them (the .mo files are
    built from the .po sources, not kept in git): the worker processes of the tests read them too."""
    from services.core.catalogues import compile_catalogues

    compile_catalogues()


@pytest.fixture(autouse=True)
def _test_settings(settings):
    cache.clear()  # throttling counters must not leak between tests
    from services.core.breaker import broker_breaker, cache_breaker

    cache_breaker.reset()  # nor a Redis that one test made unreachable for the process
    broker_breaker.reset()
    from services.ops.health import health_status_forget

    health_status_forget()  # nor the health status another test found
    from services.members.selectors import MEMBER_TOTALS

    MEMBER_TOTALS.stale()  # nor the members list's totals another test's rows made (rolled back silently)
    # Django's own advice for tests: the real hasher spends ~0.4 s of CPU per password by design, and
    # hundreds of tests make a staff user or sign in. Production keeps PBKDF2 (test_passwords checks).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Admin pages without a collectstatic manifest in this run's fresh DATA_DIR.
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    # The public forms' bot challenge is off, as with DJANGO_DEBUG; services/core/tests/test_challenge.py
    # switches it on and proves it on every form.
    settings.PUBLIC_FORM_CHALLENGE = False
    yield


@pytest.fixture
def mail_dir() -> Iterator[Path]:
    folder = Path(settings.EMAIL_FILE_PATH)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True, exist_ok=True)
    yield folder


def wait_for(
    predicate: Callable[[], object], *, timeout: float = 30, interval: float = 0.2, what: str = "it"
):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    raise AssertionError(f"Timed out after {timeout:.0f} s waiting for {what}")


def mails_to(mail_dir: Path, address: str) -> list:
    """The e-mail files (.eml, parsed) written to `address`, oldest first."""
    from email import message_from_bytes, policy

    found = []
    for path in sorted(mail_dir.glob("*.eml"), key=lambda p: p.stat().st_mtime_ns):
        mail = message_from_bytes(path.read_bytes(), policy=policy.default)
        if mail["To"] == address:
            found.append(mail)
    return found


def child_database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{db['NAME']}"
    return (
        f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    )


def process_env(**overrides: str) -> dict[str, str]:
    """The environment of a child process that shares this run's database, data folder and broker."""
    env = {
        **os.environ,
        "DATABASE_URL": child_database_url(),
        "DATA_DIR": str(settings.DATA_DIR),
        "SECRET_KEY": settings.SECRET_KEY,
        "PYTHONUNBUFFERED": "1",
        "DB_CONN_MAX_AGE": "0",
        "SECURE_SSL_REDIRECT": "0",  # child servers speak plain HTTP on loopback
        # Off as in the tests themselves (_test_settings); a test that needs it sets it back on.
        "PUBLIC_FORM_CHALLENGE": "0",
    }
    env.update(overrides)
    return env


def start_worker(env: dict[str, str], log: Path, *, name: str | None = None) -> subprocess.Popen:
    """A worker process; `name` (celery's -n, e.g. "probe@%h") keeps it apart from another
    worker on the same broker."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "worker",
        "worker",
        "-Q",
        "default,mail",
        "--concurrency",
        "2",
        "--without-mingle",
        "--without-gossip",
        "--loglevel",
        "INFO",
        "--pool",
        "prefork",
        *(["-n", name] if name else []),
    ]
    # Its own process group, so that a test can kill -9 the worker with its pool children.
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True
    )


def start_beat(env: dict[str, str], log: Path) -> subprocess.Popen:
    """`celery beat` as the Procfile runs it (django-celery-beat's DatabaseScheduler: the periodic
    tasks are the rows `manage.py setup_periodic_tasks` writes in the run's database)."""
    command = [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "worker",
        "beat",
        "--scheduler",
        "django_celery_beat.schedulers:DatabaseScheduler",
        "--loglevel",
        "INFO",
    ]
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT, start_new_session=True
    )


def start_web(env: dict[str, str], log: Path) -> subprocess.Popen:
    """gunicorn as production runs it (one process, a few threads), on a free port of loopback;
    `.url` is its address once it listens."""
    port = free_port()
    command = [
        sys.executable,
        "-m",
        "gunicorn",
        "services.wsgi:application",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        "1",
        "--threads",
        "4",
    ]
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("ab"), stderr=subprocess.STDOUT)
    try:
        wait_for(lambda: process.poll() is not None or port_open(port), timeout=30, what="gunicorn to listen")
    except AssertionError:
        stop(process)
        raise
    if process.poll() is not None:
        raise AssertionError(f"gunicorn exited:\n{log.read_text()[-3000:]}")
    process.url = f"http://127.0.0.1:{port}"
    return process


def kill_hard(process: subprocess.Popen) -> None:
    """kill -9 of the worker and its pool processes: no shutdown, no acknowledgement, nothing."""
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()


_TASK_LINE = re.compile(r"Task [\w.]+\[([0-9a-f-]{36})\] (received|succeeded|raised|retry)")


def worker_idle(log: Path) -> bool:
    """Every task the worker received has finished (succeeded, raised or was retried)."""
    received, finished = set(), set()
    for task_id, what in _TASK_LINE.findall(log.read_text(errors="replace")):
        (received if what == "received" else finished).add(task_id)
    return received <= finished


def drain(log: Path, *, queued: Callable[[], int], timeout: float = 60) -> None:
    """Wait until the broker holds nothing for the worker and the worker is idle, twice in a row
    half a second apart: then a late duplicate would already be visible."""
    calm = 0

    def settled() -> bool:
        nonlocal calm
        calm = calm + 1 if queued() == 0 and worker_idle(log) else 0
        return calm >= 2

    wait_for(settled, timeout=timeout, interval=0.5, what="the worker to drain")


def broker_backlog(env: dict[str, str]) -> Callable[[], int]:
    """How many task messages wait on the broker of `env` (Redis lists or filesystem files)."""
    if env.get("REDIS_URL"):
        import redis

        client = redis.Redis.from_url(env["REDIS_URL"])
        return lambda: sum(client.llen(queue) for queue in ("default", "mail"))
    folder = Path(env.get("DATA_DIR", settings.DATA_DIR)) / "broker" / "out"
    # Only the task queues: a control reply to a worker that is gone (pidbox) is nobody's work.
    return lambda: sum(len(list(folder.glob(f"*.{queue}.msg"))) for queue in ("default", "mail"))


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# The session's worker, once a test has started it: it goes on taking whatever later tests enqueue.
_session_worker: list[subprocess.Popen] = []


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    """Before a transactional test's database is flushed, the session's worker finishes what the
    test handed it: a handler still locking rows while TRUNCATE runs is a deadlock (seen in CI
    after concurrent member approvals), and the failed flush leaves rows to the next test."""
    marker = item.get_closest_marker("django_db")
    worker = _session_worker[0] if _session_worker else None
    if marker and marker.kwargs.get("transaction") and worker is not None and worker.poll() is None:
        queued = broker_backlog(process_env())
        if queued() or not worker_idle(worker.log):
            drain(worker.log, queued=queued)
    yield


@pytest.fixture(scope="session")
def celery_worker(django_db_setup, django_db_blocker, tmp_path_factory) -> Iterator[subprocess.Popen]:
    """A real `celery worker` process on this run's broker and test database."""
    log = tmp_path_factory.mktemp("worker") / "worker.log"
    process = start_worker(process_env(), log)
    from services.ops.models import Heartbeat
    from services.ops.tasks import heartbeat

    with django_db_blocker.unblock():
        Heartbeat.objects.all().delete()
        heartbeat.delay()
        try:
            wait_for(
                lambda: process.poll() is not None or Heartbeat.objects.exists(),
                timeout=60,
                what="the worker to run its first task",
            )
        except AssertionError:
            stop(process)
            raise AssertionError(f"Worker did not start:\n{log.read_text()[-3000:]}") from None
    if process.poll() is not None:
        raise AssertionError(f"Worker exited:\n{log.read_text()[-3000:]}")
    process.log = log
    _session_worker.append(process)
    yield process
    _session_worker.clear()
    stop(process)


@pytest.fixture
def staff(db):
    from services.accounts.tests.factories import make_user

    return make_user()


@pytest.fixture
def staff_tokens(staff):
    from services.accounts.tokens import token_pair_issue

    return token_pair_issue(user=staff)


@pytest.fixture
def staff_client(client, staff_tokens):
    """The Django test client signed in as a staff user (bearer access token)."""
    client.defaults["HTTP_AUTHORIZATION"] = f"Bearer {staff_tokens.access}"
    return client


@pytest.fixture
def private_redis(tmp_path):
    binary = shutil.which("redis-server")
    need(binary is not None, "redis-server is not installed (needed for the broker outage test)")
    port = free_port()
    command = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--save",
        "",
        "--appendonly",
        "no",
        "--dir",
        str(tmp_path),
    ]

    class Redis:
        """A redis-server of this test, on a port of its own: stopped, killed with -9 or frozen
        (SIGSTOP: the kernel still accepts connections, nobody reads them) and started again on
        the same port."""

        url = f"redis://127.0.0.1:{port}/0"
        process: subprocess.Popen | None = None
        frozen = False

        def start(self):
            self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wait_for(lambda: port_open(port), timeout=10, what="redis-server to listen")

        def stop(self):
            self.thaw()
            stop(self.process)

        def kill(self):
            self.process.kill()
            self.process.wait()
            self.frozen = False

        def freeze(self):
            self.process.send_signal(signal.SIGSTOP)
            self.frozen = True

        def thaw(self):
            if self.frozen and self.process.poll() is None:
                self.process.send_signal(signal.SIGCONT)
            self.frozen = False

    redis = Redis()
    redis.start()
    yield redis
    redis.stop()


def port_open(port: int) -> bool:
    import socket

    with socket.socket() as sock:
        return sock.connect_ex(("127.0.0.1", port)) == 0
