"""The worker half of `make bench`: how fast one worker (started as `make run` starts it) turns
queued e-mails into .eml files, and how long one contact message waits for its e-mails.

    python bench_mail.py latency  LABEL BASE_URL MAIL_DIR WORKER_LOG COUNT
        COUNT contact-form POSTs, one at a time (a pause of 0.2-0.5 s after each one's e-mails),
        each from its own address, so that each makes two e-mails (the association's notice and
        the visitor's acknowledgement). Times from the POST returning (the commit) to the first
        and to the second .eml file under MAIL_DIR: p50 / p95 / max.
    python bench_mail.py queue    LABEL BASE_URL MAIL_DIR WORKER_LOG COUNT
        COUNT e-mails stored and enqueued by services.notifications.services.notification_queue in
        one transaction (as a handler does); time from the commit to the last .eml file.
    python bench_mail.py contacts LABEL BASE_URL MAIL_DIR WORKER_LOG COUNT
        COUNT contact-form POSTs as fast as one connection sends them: 2 x COUNT e-mails through
        the whole path (outbox relay, handler, send); time from the first POST to the last .eml.
    python bench_mail.py backlog
        One line: contact messages stored, relayed, and the e-mails' states (after the HTTP rounds).
    python bench_mail.py quiet SECONDS
        Waits, at most SECONDS, until the running worker has nothing left to do (no unrelayed
        outbox message, no due pending delivery, no due e-mail), so that the next HTTP group is
        measured on a quiet machine; one line: how long it waited and what was left.

Django is set up from the environment (.ci/bench sets DATABASE_URL, REDIS_URL, DATA_DIR, ...), to
enqueue and to count the e-mails' final states. Each command prints its report line(s).

When an e-mail was written is its file's modification time (the backend writes a hidden file and
renames it into place), compared with the wall clock at the commit; the directory is polled only
to know when to stop. A throughput run waits at most BENCH_MAIL_TIMEOUT s (20): then the rate is
what arrived ÷ the time, and the worker's queues are purged so that the next run starts clean.
The task times come from the worker's log ("Task <name>[id] succeeded in <s>s", INFO), read from
where the log stood when the run began.
"""

import contextlib
import http.client
import json
import os
import random
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings")

import django  # noqa: E402

django.setup()

from django.db import transaction  # noqa: E402
from django.db.models import Count  # noqa: E402

from services.notifications.models import Notification  # noqa: E402
from services.notifications.services import notification_queue  # noqa: E402

TIMEOUT = float(os.environ.get("BENCH_MAIL_TIMEOUT", "20"))
TASK_LINE = re.compile(r"Task ([\w.]+)\[[^\]]+\] succeeded in ([0-9.eE-]+)s")
SHORT_NAMES = {"notifications.send": "send", "outbox.relay": "relay"}


def emls(mail_dir: Path) -> dict[str, int]:
    """The .eml files under MAIL_DIR (the backend renames each complete file into place), with
    their modification times in ns: the moment each was written."""
    found = {}
    try:
        with os.scandir(mail_dir) as entries:
            for entry in entries:
                if entry.name.endswith(".eml") and not entry.name.startswith("."):
                    with contextlib.suppress(FileNotFoundError):  # renamed away meanwhile
                        found[entry.name] = entry.stat().st_mtime_ns
    except FileNotFoundError:
        pass
    return found


def eml_count(mail_dir: Path) -> int:
    try:
        return sum(1 for name in os.listdir(mail_dir) if name.endswith(".eml") and not name.startswith("."))
    except FileNotFoundError:
        return 0


def wait_for(mail_dir: Path, target: int, deadline: float, interval: float) -> bool:
    """Poll until MAIL_DIR holds `target` .eml files; False at the deadline (time.monotonic())."""
    while eml_count(mail_dir) < target:
        if time.monotonic() > deadline:
            return False
        time.sleep(interval)
    return True


def purge() -> str:
    """Empty the worker's queues (what a timed-out run left), so that the next run starts clean."""
    from worker.app import app

    purged = 0
    with app.connection_for_write() as connection:
        for queue in ("default", "mail"):
            try:
                purged += connection.default_channel.queue_purge(queue) or 0
            except Exception as exc:
                return f"purge failed: {exc}"
    time.sleep(1)  # the tasks already in flight finish
    return f"{purged} queued tasks purged afterwards"


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))] if ordered else float("nan")


def task_times(log: Path, offset: int) -> str:
    """p50/p95 of each task's run time in the worker's log since `offset`."""
    times: dict[str, list[float]] = defaultdict(list)
    failures = 0
    try:
        with open(log, "rb") as handle:
            handle.seek(offset)
            for raw in handle:
                line = raw.decode("utf-8", "replace")
                if match := TASK_LINE.search(line):
                    times[match.group(1)].append(float(match.group(2)) * 1000)
                elif " raised unexpected" in line or "Retry in" in line or "database is locked" in line:
                    failures += 1
    except FileNotFoundError:
        return "worker log missing"
    if not times:
        return "no task times in the worker log"
    parts = [
        f"{SHORT_NAMES.get(name, name.rsplit('.', 1)[-1])} ×{len(ms)}"
        f" p50 {pct(ms, 50):.0f} ms p95 {pct(ms, 95):.0f} ms"
        for name, ms in sorted(times.items(), key=lambda item: item[0] != "notifications.send")
    ]
    return "task run times: " + "; ".join(parts) + (f"; {failures} failed/retried" if failures else "")


def states() -> str:
    rows = Notification.objects.values("status").annotate(n=Count("pk")).order_by("status")
    return ", ".join(f"{row['n']} {row['status']}" for row in rows) or "no rows"


class Poster:
    def __init__(self, base: str):
        host, _, port = base.removeprefix("http://").rstrip("/").partition(":")
        self.connection = http.client.HTTPConnection(host, int(port or 80), timeout=30)

    def contact(self, tag: str) -> int:
        body = json.dumps(
            {
                "name": "Bench Mail",  # a name is one line of words: no numbers (the tag is in the address)
                "email": f"bench.mail.{tag}@example.org",
                "message": "Hello from make bench: how do I become a member?",
            }
        )
        for attempt in (1, 2):  # gunicorn closes a connection idle for 2 s: then open a new one
            try:
                self.connection.request(
                    "POST",
                    "/api/management/contact-form/",
                    body=body,
                    headers={"Content-Type": "application/json"},
                )
                response = self.connection.getresponse()
                response.read()
                return response.status
            except (ConnectionError, http.client.HTTPException):
                self.connection.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def latency(label: str, base: str, mail_dir: Path, log: Path, count: int) -> str:
    offset = log.stat().st_size if log.exists() else 0
    poster = Poster(base)
    rng = random.Random(7)  # noqa: S311 - pauses, not secrets
    first, both, missed, refused = [], [], 0, 0
    run_tag = f"{int(time.time())}"
    for number in range(count):
        before = emls(mail_dir)
        status = poster.contact(f"lat{run_tag}.{number}")
        committed = time.time_ns()  # the POST has returned: its transaction is committed
        if not 200 <= status < 300:
            refused += 1
            continue
        if not wait_for(mail_dir, len(before) + 2, time.monotonic() + 10, 0.01):
            missed += 1
        written = sorted(mtime for name, mtime in emls(mail_dir).items() if name not in before)
        if written:
            first.append(max(0, written[0] - committed) / 1e9)
        if len(written) >= 2:
            both.append(max(0, written[1] - committed) / 1e9)
        time.sleep(rng.uniform(0.2, 0.5))

    def summary(values: list[float]) -> str:
        if not values:
            return "none arrived"
        p50, p95, top = pct(values, 50) * 1000, pct(values, 95) * 1000, max(values) * 1000
        return f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {top:.0f} ms"

    extra = ""
    if missed:
        extra += f"; {missed} without both e-mails within 10 s"
    if refused:
        extra += f"; {refused} POSTs refused"
    return (
        f"{label}, commit → .eml, {count} single contact messages: first e-mail {summary(first)};"
        f" both e-mails {summary(both)}{extra}\n    {task_times(log, offset)}"
    )


def throughput(
    label: str, what: str, emails: int, mail_dir: Path, before: dict, began: int, enqueued: int
) -> str:
    """`began`/`enqueued`: time.time_ns() of the first commit and of the last enqueue."""
    done = wait_for(
        mail_dir, len(before) + emails, time.monotonic() + TIMEOUT - (time.time_ns() - began) / 1e9, 0.05
    )
    written = sorted(mtime for name, mtime in emls(mail_dir).items() if name not in before)
    delivered = len(written)
    elapsed = ((written[-1] if done and written else time.time_ns()) - began) / 1e9
    rate = delivered / elapsed if elapsed > 0 else 0.0
    first = f"{max(0, written[0] - began) / 1e9:.2f} s" if written else "never"
    tail = "" if done else f" (only {delivered} of {emails} within {TIMEOUT:.0f} s; {purge()})"
    return (
        f"{label}, {what}: {delivered} e-mails in {elapsed:.1f} s → {rate:.1f} e-mails/s{tail}"
        f" [enqueued in {(enqueued - began) / 1e9:.2f} s, first .eml after {first};"
        f" all rows so far: {states()}]"
    )


def queue(label: str, base: str, mail_dir: Path, log: Path, count: int) -> str:
    offset = log.stat().st_size if log.exists() else 0
    before = emls(mail_dir)
    with transaction.atomic():
        for number in range(count):
            notification_queue(
                template="contact_acknowledgement",
                recipient=f"bench.queue.{number}@example.org",
                context={"name": f"Bench Queue {number}"},
                language="en",
            )
        began = time.time_ns()  # the commit, and the enqueues it triggers, start here
    enqueued = time.time_ns()
    line = throughput(
        label,
        f"{count} e-mails queued in one commit (notification_queue)",
        count,
        mail_dir,
        before,
        began,
        enqueued,
    )
    return f"{line}\n    {task_times(log, offset)}"


def contacts(label: str, base: str, mail_dir: Path, log: Path, count: int) -> str:
    offset = log.stat().st_size if log.exists() else 0
    before = emls(mail_dir)
    poster = Poster(base)
    run_tag = f"{int(time.time())}"
    began = time.time_ns()
    refused = sum(not 200 <= poster.contact(f"tp{run_tag}.{number}") < 300 for number in range(count))
    enqueued = time.time_ns()
    what = f"{count} contact-form POSTs on one connection (2 e-mails each)"
    if refused:
        what += f", {refused} refused"
    line = throughput(label, what, 2 * (count - refused), mail_dir, before, began, enqueued)
    return f"{line}\n    {task_times(log, offset)}"


def backlog() -> str:
    """What the worker of the HTTP rounds made of the contact form's load (field names probed, so
    that the line survives changes to the outbox's models)."""
    from django.apps import apps

    contact = apps.get_model("content", "ContactMessage").objects.count()
    outbox = apps.get_model("outbox", "OutboxMessage")
    names = {f.name for f in outbox._meta.get_fields()}
    relayed = next((name for name in ("relayed_at", "dispatched_at") if name in names), None)
    line = f"{contact} contact messages stored"
    if relayed:
        line += f", {outbox.objects.filter(**{f'{relayed}__isnull': False}).count()} relayed by the outbox"
    return f"{line}; e-mails: {states()}"


def backlog_left() -> dict[str, int]:
    """What the worker still has to do, from the rows: outbox messages not yet relayed, pending
    deliveries (handlers) that are due, e-mails queued or being sent that are due. Not yet due
    (a retry later) is left out: without beat, nothing would pick it up during the rounds."""
    from django.apps import apps
    from django.utils import timezone

    now = timezone.now()
    outbox = apps.get_model("outbox", "OutboxMessage")
    delivery = apps.get_model("outbox", "Delivery")
    return {
        "unrelayed messages": outbox.objects.filter(relayed_at__isnull=True).count(),
        "due deliveries": delivery.objects.filter(status="pending", next_attempt_at__lte=now).count(),
        "due e-mails": Notification.objects.filter(
            status__in=(Notification.Status.QUEUED, Notification.Status.SENDING), next_attempt_at__lte=now
        ).count(),
    }


def quiet(limit: float) -> str:
    start = time.monotonic()
    first = left = backlog_left()
    while any(left.values()) and time.monotonic() - start < limit:
        time.sleep(0.5)
        left = backlog_left()
    waited = time.monotonic() - start
    found = ", ".join(f"{n} {name}" for name, n in first.items() if n) or "none"
    if not any(left.values()):
        return f"waited {waited:.1f} s for the worker's backlog ({found})"
    still = ", ".join(f"{n} {name}" for name, n in left.items() if n)
    return f"waited {waited:.1f} s for the worker's backlog ({found}); still {still} at the bound"


if __name__ == "__main__":
    if sys.argv[1] == "backlog":
        print(backlog())
        sys.exit()
    if sys.argv[1] == "quiet":
        print(quiet(float(sys.argv[2])), flush=True)
        sys.exit()
    command, label, base, mail_dir, log, count = sys.argv[1:7]
    run = {"latency": latency, "queue": queue, "contacts": contacts}[command]
    print(run(label, base, Path(mail_dir), Path(log), int(count)), flush=True)
