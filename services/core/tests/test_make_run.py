"""`make run`'s processes, as its recipe starts them (honcho through worker/run_all.py, the
Procfile, DJANGO_DEBUG on, FRONTEND_URL the web's own address): Ctrl-C stops all three cleanly."""

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from conftest import ROOT, free_port, wait_for

pytestmark = pytest.mark.worker


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def test_ctrl_c_stops_web_worker_and_beat_without_an_error(tmp_path):
    port = free_port()
    bin_dir = str(Path(sys.executable).parent)
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "FRONTEND_URL"}
    }
    env.update(
        DATA_DIR=str(tmp_path),
        DJANGO_DEBUG="1",
        HOST="127.0.0.1",
        PORT=str(port),
        FRONTEND_URL=f"http://127.0.0.1:{port}",
        PATH=f"{bin_dir}:{env.get('PATH', '')}",
        PYTHONUNBUFFERED="1",
    )
    for name in [n for n in env if n.startswith(("PAYMENT_", "ASSOCIATION_", "MEMBERSHIP_FEE_"))]:
        del env[name]  # the demo values of `make run`
    migrate = [sys.executable, "manage.py", "migrate", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True, timeout=120)
    log = tmp_path / "run.log"
    with log.open("wb") as out:
        runner = subprocess.Popen(
            [sys.executable, "-m", "worker.run_all", "start", "-f", "Procfile"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, as a terminal's foreground job
        )
    try:
        wait_for(lambda: "ready." in log.read_text(errors="replace"), timeout=90, what="the worker")
        wait_for(lambda: answers(f"http://127.0.0.1:{port}/api/health/"), timeout=60, what="the web")
        time.sleep(1)
        os.killpg(runner.pid, signal.SIGINT)  # what Ctrl-C does
        assert runner.wait(timeout=40) == 130  # the Makefile takes it as a normal end
    finally:
        if runner.poll() is None:
            os.killpg(runner.pid, signal.SIGKILL)
    text = log.read_text(errors="replace")
    assert "SIGINT received" in text and "Warm shutdown" in text
    for bad in ("ERROR", "Traceback", "SIGKILL"):
        assert bad not in text, text[-3000:]
