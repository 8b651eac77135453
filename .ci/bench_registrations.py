"""The registration half of `make bench`'s worker side (.ci/bench calls it per mode).

    python bench_registrations.py rush    LABEL BASE_URL MAIL_DIR COUNT SEATS
        COUNT sign-ups for an event of SEATS seats, all at once (100 client threads, one
        connection each). Prints how many were accepted (must be SEATS), refused and failed, the
        rush's wall time, and the time until the worker wrote every accepted registration's first
        e-mail (the link that keeps the seat; the organiser hears of it once it is opened): the drain.
    python bench_registrations.py latency LABEL BASE_URL MAIL_DIR COUNT
        COUNT sign-ups one at a time, each approved by staff once its first e-mail is out: the time
        from each commit (the POST returning) to the registrant's .eml file, for the registration
        e-mail and for the confirmation with its calendar invite; p50 / p95 / max.

When an e-mail was written is its file's modification time (see bench_mail.py).
"""

import http.client
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from datetime import date, timedelta
from email import message_from_bytes
from pathlib import Path

from bench_mail import emls, pct, wait_for  # sets Django up

from services.accounts.tests.factories import make_user
from services.accounts.tokens import token_pair_issue
from services.events.models import Event
from services.notifications.models import Notification

RUN = f"{int(time.time()) % 100000}"


def post(base: str, path: str, payload: dict, token: str = "") -> tuple[int, dict]:
    host, _, port = base.removeprefix("http://").partition(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=60)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request("POST", path, body=json.dumps(payload), headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    except (OSError, http.client.HTTPException):
        return 0, {}
    finally:
        connection.close()


def visitor(number: int) -> dict:
    return {
        "full_name": f"Bench Visitor {number}",
        "email": f"bench.{RUN}.{number}@example.org",
        "phone": f"+2507{(int(RUN) * 1000 + number) % 10**8:08d}",
        "preferred_language": "English",
        "disability": "None",
        "agree_to_terms": True,
    }


def new_event(title: str, seats: int | None) -> Event:
    return Event.objects.create(
        title=f"{title} {RUN}",
        location="Kigali Convention Center",
        status=Event.Status.PUBLISHED,
        date=date.today() + timedelta(days=30),
        price=2000,
        maximum_attendees=seats,
    )


def rush(label: str, base: str, mail_dir: Path, count: int, seats: int) -> str:
    event = new_event("Bench rush", seats)
    path = f"/api/management/events/{event.pk}/register/"
    before = emls(mail_dir)
    began, began_ns = time.monotonic(), time.time_ns()
    with ThreadPoolExecutor(max_workers=100) as pool:
        answers = list(pool.map(lambda number: post(base, path, visitor(number))[0], range(count)))
    rushed = time.monotonic() - began
    statuses = Counter(answers)
    accepted = statuses.get(201, 0)
    # One e-mail per sign-up: the registrant's first (the organisers' notice waits for the link).
    drained = wait_for(mail_dir, len(before) + accepted, time.monotonic() + 120, 0.05)
    written = sorted(mtime for name, mtime in emls(mail_dir).items() if name not in before)
    drain = f"{(written[-1] - began_ns) / 1e9:.1f} s" if written else "never"
    event.refresh_from_db()
    codes = ", ".join(f"{code or 'no answer'}: {n}" for code, n in sorted(statuses.items()))
    if drained:
        mails = f"all {accepted} e-mails written {drain} after it began"
    else:
        from services.outbox.models import Delivery

        pending = Delivery.objects.exclude(status="done").values_list("handler", "status", "last_error")[:5]
        mails = f"only {len(written)} of {accepted} e-mails within 120 s (last {drain})"
        mails += f"; deliveries not done: {list(pending)}"
    return (
        f"{label}, rush of {count} parallel sign-ups for {seats} seats: {accepted} accepted"
        f" (counter {event.registrations_total}), answers {codes}; the rush took {rushed:.1f} s; {mails}"
    )


def recipient_mtime(mail_dir: Path, before: dict, address: str) -> int | None:
    for name, mtime in emls(mail_dir).items():
        if name not in before:
            mail = message_from_bytes((mail_dir / name).read_bytes())
            if mail["To"] == address:
                return mtime
    return None


def wait_mail(mail_dir: Path, before: dict, address: str, timeout: float = 15) -> int | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (mtime := recipient_mtime(mail_dir, before, address)) is not None:
            return mtime
        time.sleep(0.01)
    return None


def latency(label: str, base: str, mail_dir: Path, count: int) -> str:
    event = new_event("Bench latency", None)
    staff = make_user(f"bench_staff_{RUN}", email=f"staff.{RUN}@example.org")
    token = token_pair_issue(user=staff).access
    rng = random.Random(11)  # noqa: S311 - pauses, not secrets
    received, confirmed, missed = [], [], Counter()
    for number in range(count):
        person = visitor(10_000 + number)
        before = emls(mail_dir)
        status, body = post(base, f"/api/management/events/{event.pk}/register/", person)
        committed = time.time_ns()
        if status != 201:
            missed[f"sign-up answered {status}"] += 1
            continue
        mtime = wait_mail(mail_dir, before, person["email"])
        if mtime is None:
            rows = Notification.objects.filter(recipient=person["email"]).values_list("template", "status")
            rows = list(rows)
            missed[f"no registration e-mail within 15 s (rows: {rows})"] += 1
            continue
        received.append(max(0, mtime - committed) / 1e9)
        before = emls(mail_dir)
        decision = {
            "registration_status": "Approved",
            "transaction_id": f"BENCH-{RUN}-{number}",
            "payment_method": "Mobile Money",
        }
        status, _ = post(
            base,
            f"/api/management/registrations/{body['registration']['id']}/update-status/",
            decision,
            token,
        )
        committed = time.time_ns()
        if status != 200:
            missed[f"approval answered {status}"] += 1
            continue
        mtime = wait_mail(mail_dir, before, person["email"])
        if mtime is None:
            missed["no confirmation within 15 s"] += 1
            continue
        confirmed.append(max(0, mtime - committed) / 1e9)
        time.sleep(rng.uniform(0.2, 0.5))

    def summary(values: list[float]) -> str:
        if not values:
            return "none arrived"
        p50, p95, top = pct(values, 50) * 1000, pct(values, 95) * 1000, max(values) * 1000
        return f"p50 {p50:.0f} ms, p95 {p95:.0f} ms, max {top:.0f} ms"

    return (
        f"{label}, commit → registrant's .eml, {count} sign-ups one at a time: registration e-mail"
        f" {summary(received)}; confirmation with invite after approval {summary(confirmed)}"
        + "".join(f"; {n} × {reason}" for reason, n in missed.items())
    )


if __name__ == "__main__":
    command, label, base, mail_dir = sys.argv[1:5]
    numbers = [int(value) for value in sys.argv[5:]]
    run = {"rush": rush, "latency": latency}[command]
    print(run(label, base, Path(mail_dir), *numbers), flush=True)
