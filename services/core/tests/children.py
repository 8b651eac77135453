"""Django in child processes, for tests of what several processes do to one database at once
(a rush of sign-ups, two beats, two door phones): each child is `manage.py shell -c` against the
environment given (conftest.process_env)."""

import os
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import ROOT, need

# Before the code a child runs together with others: it says it is ready, then waits for the file
# named by GO, so that every child has paid for its start-up before any of them begins.
_GATE = """
import os as _os, pathlib as _pathlib, time as _time
print('ready', flush=True)
_go = _pathlib.Path(_os.environ['GO'])
while not _go.exists():
    _time.sleep(0.002)
"""


def manage(env, *args) -> str:
    result = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


def in_child(env, code: str) -> list[str]:
    """Run Python with Django set up against `env`'s database; its printed words."""
    return manage(env, "shell", "--no-imports", "-c", code).split()


def released_together(code: str, envs: list[dict[str, str]], go: Path) -> list[list[str]]:
    """Run `code` in one child per environment, all released at the same moment; each child's
    printed words, in the order of `envs`."""
    children = [
        subprocess.Popen(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", _GATE + code],
            cwd=ROOT,
            env={**env, "GO": str(go)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for env in envs
    ]
    for child in children:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()[-3000:]
    go.touch()
    words = []
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err[-3000:]
        words.append(out.split())
    return words


@contextmanager
def postgres_database(name: str):
    psycopg = pytest.importorskip("psycopg")
    try:
        admin = psycopg.connect(
            "postgresql://postgres@127.0.0.1:5432/postgres", autocommit=True, connect_timeout=3
        )
    except psycopg.OperationalError:
        need(False, "PostgreSQL is not running on 127.0.0.1:5432")
    with admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
        try:
            yield f"postgres://postgres@127.0.0.1:5432/{name}"
        finally:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def database(engine: str, tmp_path: Path):
    """A fresh database of the engine for the test's children: a file, or a PostgreSQL database
    of its own (dropped afterwards)."""
    if engine == "sqlite":
        yield f"sqlite:///{tmp_path / 'children.sqlite3'}"
    else:
        with postgres_database(f"children_{os.getpid()}_{tmp_path.name[-12:]}".lower()) as url:
            yield url
