"""E-mails in a rush, the worker side of `make bench` (.ci/bench calls it once per mode).

    python bench_flow.py LABEL BASE_URL MAIL_DIR WORK_DIR

Starts every Celery worker line of the Procfile as it stands (same command, same queues and
concurrency; no beat, as in the other worker runs), then:
  1. steady: 10 sign-ups a second for BENCH_FLOW_STEADY s (30) on an unlimited event, each on its own
     thread: the time from each answer (its commit) to the registrant's .eml file, p50 / p95 / max;
  2. rush: sign-ups at the highest rate the load generator sends (.ci/bench_loadgen.py, the SIGNUP
     body of bench_http.py, BENCH_CONNECTIONS connections) for BENCH_FLOW_RUSH s (60): e-mails
     written per 10 s window (min / median, and each), counted from the .eml files' mtimes;
  3. drain: after the rush, the e-mails/s until the backlog is gone or BENCH_FLOW_DRAIN s (60)
     have passed, beside the workers' rate with nobody signing up (the last window's).
Then stops the workers. One sign-up makes one e-mail (the registrant's link; the organisers hear
of it once the link is opened), so e-mails/s is sign-ups served by the workers per second.
"""

import http.client
import json
import os
import shlex
import signal
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from email.parser import BytesHeaderParser
from pathlib import Path

from bench_loadgen import SIGNUP
from bench_mail import emls, pct  # sets Django up
from bench_registrations import new_event

from services.registrations.models import Registration

ROOT = Path(__file__).resolve().parent.parent
STEADY = float(os.environ.get("BENCH_FLOW_STEADY", "30"))
RUSH = float(os.environ.get("BENCH_FLOW_RUSH", "60"))
DRAIN = float(os.environ.get("BENCH_FLOW_DRAIN", "60"))
CONNECTIONS = os.environ.get("BENCH_CONNECTIONS", "8")
WINDOW = 10
TICK = os.sysconf("SC_CLK_TCK")
RUN = f"{int(time.time()) % 100000}"


def procfile_workers() -> list[tuple[str, list[str]]]:
    """(name, argv) of every Procfile line that starts a Celery worker."""
    found = []
    for line in (ROOT / "Procfile").read_text().splitlines():
        name, _, command = line.partition(":")
        argv = shlex.split(command)
        if "celery" not in argv:
            continue
        rest = argv[argv.index("celery") + 1 :]
        while rest and rest[0] in ("-A", "--app"):  # the app's name ("worker") is not the command
            rest = rest[2:]
        if rest[:1] == ["worker"]:
            found.append((name.strip(), argv))
    return found


class Workers:
    def __init__(self, work: Path):
        self.work = work
        self.processes: list[tuple[str, subprocess.Popen, Path]] = []

    def start(self) -> str:
        env = {**os.environ, "PATH": f"{ROOT / '.venv' / 'bin'}:{os.environ.get('PATH', '')}"}
        for name, argv in procfile_workers():
            log = self.work / f"flow-{name}-{RUN}.log"
            handle = open(log, "wb")  # noqa: SIM115 - kept open for the process's life
            process = subprocess.Popen(  # noqa: S603 - the Procfile's own command
                argv, cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
            )
            self.processes.append((name, process, log))
        deadline = time.monotonic() + 90
        for name, process, log in self.processes:
            while b" ready." not in log.read_bytes():
                if process.poll() is not None or time.monotonic() > deadline:
                    tail = log.read_bytes()[-3000:].decode("utf-8", "replace")
                    raise RuntimeError(f"Procfile worker {name!r} did not start:\n{tail}")
                time.sleep(0.1)
        return ", ".join(f"{name}: {shlex.join(argv)}" for name, argv in procfile_workers())

    def cpu_seconds(self) -> float:
        """CPU time (user + system) of the workers' processes so far, their pool children included."""
        children: dict[int, list[int]] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                try:
                    ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                except (OSError, IndexError, ValueError):
                    continue
                children.setdefault(ppid, []).append(int(entry.name))
        total, todo = 0, [process.pid for _name, process, _log in self.processes]
        while todo:
            pid = todo.pop()
            todo.extend(children.get(pid, []))
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += sum(int(value) for value in fields[11:15])  # utime stime cutime cstime
        return total / TICK

    def stop(self) -> None:
        for _name, process, _log in self.processes:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + 20
        for _name, process, _log in self.processes:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def post(base: str, path: str, payload: dict) -> int:
    host, _, port = base.removeprefix("http://").partition(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        connection.request(
            "POST", path, body=json.dumps(payload), headers={"Content-Type": "application/json"}
        )
        response = connection.getresponse()
        response.read()
        return response.status
    except (OSError, http.client.HTTPException):
        return 0
    finally:
        connection.close()


_TO: dict[str, str] = {}  # file name → recipient, read once


def written(mail_dir: Path, before: dict) -> dict[str, tuple[str, int]]:
    """The new .eml files: name → (recipient, the time it was written in ns)."""
    found = {}
    for name, mtime in emls(mail_dir).items():
        if name not in before:
            if name not in _TO:
                with open(mail_dir / name, "rb") as handle:
                    _TO[name] = BytesHeaderParser().parse(handle)["To"]
            found[name] = (_TO[name], mtime)
    return found


def recipients(mail_dir: Path, before: dict) -> dict[str, int]:
    """The new .eml files' recipients, with the time each was written (ns)."""
    return dict(written(mail_dir, before).values())


def ms(values: list[float]) -> str:
    if not values:
        return "none arrived"
    return (
        f"p50 {pct(values, 50) * 1000:.0f} ms, p95 {pct(values, 95) * 1000:.0f} ms,"
        f" max {max(values) * 1000:.0f} ms"
    )


def steady(label: str, base: str, mail_dir: Path) -> str:
    event = new_event("Bench steady", None)
    path = f"/api/management/events/{event.pk}/register/"
    before = emls(mail_dir)
    committed: dict[str, int] = {}
    statuses: Counter = Counter()
    lock = threading.Lock()

    def one(number: int) -> None:
        person = {
            **SIGNUP,
            "email": f"bench.steady.{RUN}.{number}@example.org",
            "phone": f"+2507{number:08d}",
        }
        status = post(base, path, person)
        done = time.time_ns()  # the answer is back: the sign-up is committed
        with lock:
            statuses[status] += 1
            if status == 201:
                committed[person["email"]] = done

    threads = []
    began = time.monotonic()
    count = int(STEADY * 10)
    for number in range(count):
        time.sleep(max(0.0, began + number / 10 - time.monotonic()))  # open loop: 10 a second
        thread = threading.Thread(target=one, args=(number,))
        thread.start()
        threads.append(thread)
    for thread in threads:
        thread.join()
    deadline = time.monotonic() + 60  # the backlog, if any, drains before the rush begins
    while time.monotonic() < deadline:
        if set(committed) <= set(recipients(mail_dir, before)):
            break
        time.sleep(0.5)
    written = recipients(mail_dir, before)
    waits = [max(0, written[email] - at) / 1e9 for email, at in committed.items() if email in written]
    missing = len(committed) - len(waits)
    codes = ", ".join(f"{code or 'no answer'}: {n}" for code, n in sorted(statuses.items()))
    over = sum(wait > 5 for wait in waits)
    return (
        f"{label}, steady 10 sign-ups/s for {STEADY:.0f} s ({codes}): commit → registrant's .eml"
        f" {ms(waits)}; {over} over 5 s"
        + (f"; {missing} without an e-mail 60 s after the last" if missing else "")
    )


def windows(times: list[int], start: int, seconds: float) -> list[int]:
    counts = [0] * max(1, int(seconds // WINDOW))
    for mtime in times:
        index = int((mtime - start) / 1e9 // WINDOW)
        if 0 <= index < len(counts):
            counts[index] += 1
    return counts


def ours(mail_dir: Path, before: dict) -> list[int]:
    """When each of the rush's e-mails was written (not the steady run's late ones), sorted."""
    mails = written(mail_dir, before).values()
    return sorted(mtime for to, mtime in mails if not to.startswith("bench.steady."))


def rush(label: str, base: str, mail_dir: Path, workers: Workers) -> str:
    event = new_event("Bench flow rush", None)
    url = f"{base}/api/management/events/{event.pk}/register/"
    before = emls(mail_dir)
    env = {**os.environ, "BENCH_METHOD": "POST", "BENCH_BODY": json.dumps(SIGNUP)}
    cpu_began = workers.cpu_seconds()
    began = time.time_ns()
    result = subprocess.run(  # noqa: S603
        [sys.executable, str(ROOT / ".ci" / "bench_loadgen.py"), url, str(RUSH), CONNECTIONS],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    ended = time.time_ns()
    fields = dict(part.split("=", 1) for part in result.stdout.split()[1:])
    accepted = Registration.objects.filter(event=event).count()
    signups = int(fields["requests"]) / (int(fields["duration_us"]) / 1e6)
    # The drain: until every accepted sign-up has its e-mail, or DRAIN s.
    drain_deadline = time.monotonic() + DRAIN
    while time.monotonic() < drain_deadline and len(ours(mail_dir, before)) < accepted:
        time.sleep(0.5)
    drain_end = time.time_ns()
    cpu = workers.cpu_seconds() - cpu_began
    times = ours(mail_dir, before)
    during = windows(times, began, RUSH)
    in_rush = sum(during)
    after = [mtime for mtime in times if mtime >= ended]
    drained_all = len(times) >= accepted
    drain_seconds = ((after[-1] if drained_all and after else drain_end) - ended) / 1e9
    drain_rate = len(after) / drain_seconds if drain_seconds > 0 else 0.0
    tail = windows(after, ended, drain_seconds) if drain_seconds >= WINDOW else []
    return (
        f"{label}, rush: {RUSH:.0f} s of sign-ups at full rate ({CONNECTIONS} connections):"
        f" {signups:.0f} sign-ups/s answered (statuses {fields['statuses']}, p99"
        f" {int(fields['p99_us']) / 1000:.0f} ms), {accepted} accepted;"
        f" e-mails per {WINDOW} s window during it: min {min(during) / WINDOW:.1f}/s,"
        f" median {statistics.median(during) / WINDOW:.1f}/s (each: {', '.join(str(n) for n in during)});"
        f" {in_rush} written during the rush\n"
        f"    after the rush: {len(after)} e-mails in {drain_seconds:.1f} s → {drain_rate:.1f} e-mails/s"
        + (f" (per {WINDOW} s: {', '.join(str(n) for n in tail)})" if tail else "")
        + (
            "; backlog gone"
            if drained_all
            else f"; {accepted - len(times)} still waiting after {DRAIN:.0f} s"
        )
        + f"\n    the workers' CPU over the rush and the drain: {cpu:.1f} s,"
        f" {cpu / max(len(times), 1) * 1000:.1f} ms per e-mail written (relay, handlers, send, Celery)"
    )


if __name__ == "__main__":
    label, base, mail_dir, work = sys.argv[1:5]
    workers = Workers(Path(work))
    try:
        started = workers.start()
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        print(f"{label}, workers as the Procfile starts them ({started}), load average {load}", flush=True)
        print(steady(label, base, Path(mail_dir)), flush=True)
        print(rush(label, base, Path(mail_dir), workers), flush=True)
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        print(f"    load average at the end {load}", flush=True)
    finally:
        workers.stop()
