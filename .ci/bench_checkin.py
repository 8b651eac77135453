"""The door's figures in `make bench` (issue 27): .ci/bench calls it once the HTTP rounds are over,
against the same gunicorn, as the demo admin (a staff token of its own). Figures, never a test: it prints.

    python bench_checkin.py BASE_URL
        - sync: SYNCS syncs of 500 offline scans each (500 tickets not yet checked in, one POST
          …/checkins/ each), the time of each POST: median (min-max);
        - race: RACES times, two devices sync the same 500 fresh tickets at the same moment (two
          threads released together, the second device's list in the opposite order, its own
          nonces): each device's answers, and the check-ins that exist afterwards (must be exactly
          500: the attendance's count, and the rows);
        - list: the check-in list of an event of 2,000 tickets (GET …/checkin-list/): its bytes
          plain, gzip as the app serves it, and brotli (what a proxy or CDN in front would send:
          quality 5 as compressed on the fly, 11 at most); the time of a read, median of 5.

The single check-in's p50/p99 beside the ceiling is a group of the HTTP rounds (bench_http.py,
`checkins_seed` below seeds its tickets).

Tickets are seeded straight into the database (Django in this process, the run's database):
Approved registrations of a Published event today, each with a ticket whose code the script
knows (`<prefix><n>`), hashed and sealed as the app stores them.
"""

import gzip
import http.client
import json
import os
import secrets
import statistics
import sys
import threading
import time
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SYNC_SIZE = 500  # what the door's screen sends at most in one request (checkins.MAX_SCANS)
SYNCS = int(os.environ.get("BENCH_CHECKIN_SYNCS", "5"))
RACES = int(os.environ.get("BENCH_CHECKIN_RACES", "3"))
LIST_TICKETS = 2000
LIST_READS = 5


def checkins_seed(count: int) -> str:
    """manage.py shell code for the HTTP group: an event with `count` Approved tickets whose codes
    are <prefix><n>, n from 1; prints the event id, the prefix, then 1, count and count (the
    numbers the rounds walk: each request scans a ticket not yet checked in)."""
    return f"""
import sys
sys.path.insert(0, '.ci')
from bench_checkin import seed_door
event_id, prefix = seed_door('Bench door (single scans)', {count})
print(event_id, prefix, 1, {count}, {count})
"""


def scan_body_template(prefix: str) -> str:
    """One scan, as the door's screen sends it the moment it reads a QR code: {id} becomes the
    ticket's number (bench_wrk.lua walks them)."""
    scanned_at = (datetime.now(UTC) - timedelta(minutes=1)).isoformat()
    return json.dumps(
        [{"code": f"{prefix}{{id}}", "nonce": "bench-{id}", "scanned_at": scanned_at, "device": "bench-door"}]
    )


def _django() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings")
    import django

    django.setup()


def seed_door(title: str, count: int, *, needs: bool = True) -> tuple[int, str]:
    """A Published event today with `count` Approved registrations, each with its ticket; codes
    <prefix><n> for n in 1..count. Some registrants need an interpreter or declared a disability,
    as at a real event (the check-in list carries it)."""
    _django()
    from django.db import connection
    from django.utils import timezone

    from services.events.models import Event
    from services.registrations.models import Registration, Ticket
    from services.registrations.tickets import code_hash, seal

    prefix = f"bd{secrets.token_hex(4)}x"  # a fresh prefix per seed: codes are unique in the table
    event = Event.objects.create(
        title=title, location="Kigali Convention Centre", status="Published", date=timezone.localdate()
    )
    disabilities = ("None", "None", "None", "Hearing Impairment", "None", "Visual Impairment", "None")
    now = timezone.now()
    registrations = Registration.objects.bulk_create(
        [
            Registration(
                event=event,
                full_name=f"Guest {n:05d} Uwimana",
                email=f"{prefix}{n}@example.org",
                phone=f"+25078{(event.pk * 100000 + n) % 10_000_000:07d}",
                preferred_language="Kinyarwanda",
                needs_interpreter=needs and n % 5 == 0,
                disability=disabilities[n % len(disabilities)] if needs else "None",
                disability_details="Sits near the interpreter" if needs and n % 21 == 0 else "",
                payment_reference=f"{prefix[-5:].upper()}{n:05d}",
                registration_status="Approved",
                email_confirmed_at=now,
                terms_accepted_at=now,
            )
            for n in range(1, count + 1)
        ],
        batch_size=2000,
    )
    Ticket.objects.bulk_create(
        [
            Ticket(registration=registration, code_hash=code_hash(code), code_sealed=seal(code))
            for code, registration in ((f"{prefix}{n}", row) for n, row in enumerate(registrations, 1))
        ],
        batch_size=2000,
    )
    with connection.cursor() as cursor:  # now, as autovacuum would, rather than mid-measurement
        cursor.execute(f"ANALYZE {Registration._meta.db_table}, {Ticket._meta.db_table}")
    return event.pk, prefix


class Api:
    """Requests to the app with the staff token, one keep-alive connection per thread."""

    def __init__(self, base: str, token: str):
        self.host, _, port = base.removeprefix("http://").rstrip("/").partition(":")
        self.port = int(port or 80)
        self.token = token

    def request(
        self, method: str, path: str, body: bytes = b"", encoding: str = "identity"
    ) -> tuple[int, dict, bytes, float]:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=120)
        headers = {"Authorization": f"Bearer {self.token}", "Accept-Encoding": encoding}
        if body:
            headers["Content-Type"] = "application/json"
        try:
            started = time.perf_counter()
            connection.request(method, path, body=body or None, headers=headers)
            response = connection.getresponse()
            data = response.read()
            elapsed = time.perf_counter() - started
            return response.status, dict(response.getheaders()), data, elapsed
        finally:
            connection.close()


def scans(prefix: str, numbers: range, device: str, nonce: str) -> bytes:
    at = (datetime.now(UTC) - timedelta(minutes=3)).isoformat()
    items = [
        {"code": f"{prefix}{n}", "nonce": f"{nonce}-{n}", "scanned_at": at, "device": device} for n in numbers
    ]
    return json.dumps(items).encode()


def answers(data: bytes) -> Counter:
    return Counter(item["result"] for item in json.loads(data)["results"])


def median_range(values: list[float], digits: int = 0) -> str:
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}-{max(values):.{digits}f})"


def measure_syncs(api: Api) -> list[str]:
    event_id, prefix = seed_door("Bench door (offline syncs)", SYNCS * SYNC_SIZE)
    path = f"/api/management/events/{event_id}/checkins/"
    times, results, sizes = [], Counter(), []
    for number in range(SYNCS):
        first = number * SYNC_SIZE + 1
        body = scans(prefix, range(first, first + SYNC_SIZE), "door-offline", f"sync{number}")
        status, _headers, data, elapsed = api.request("POST", path, body)
        if status != 200:
            return [f"sync of {SYNC_SIZE} scans: answered {status}: {data[:200]!r}"]
        times.append(elapsed * 1000)
        results += answers(data)
        sizes.append(len(body))
    return [
        f"one sync of {SYNC_SIZE} offline scans (POST …/checkins/,"
        f" {statistics.median(sizes) / 1024:.0f} KB of JSON, {SYNCS} syncs of different tickets):"
        f" {median_range(times)} ms, median (min-max);"
        f" each {' '.join(f'{t:.0f}' for t in times)} ms; answers {dict(sorted(results.items()))}"
    ]


def measure_races(api: Api) -> list[str]:
    from services.registrations.models import CheckIn, ScanAttempt

    event_id, prefix = seed_door("Bench door (two devices)", RACES * SYNC_SIZE)
    path = f"/api/management/events/{event_id}/checkins/"
    lines = []
    for race in range(RACES):
        numbers = range(race * SYNC_SIZE + 1, (race + 1) * SYNC_SIZE + 1)
        bodies = {
            "door-a": scans(prefix, numbers, "door-a", f"race{race}a"),
            "door-b": scans(prefix, numbers[::-1], "door-b", f"race{race}b"),  # the other end of the queue
        }
        gate = threading.Barrier(len(bodies))
        outcome: dict[str, tuple[int, bytes, float]] = {}

        def sync(device: str, body: bytes, gate=gate, outcome=outcome) -> None:
            gate.wait()
            status, _headers, data, elapsed = api.request("POST", path, body)
            outcome[device] = (status, data, elapsed)

        threads = [threading.Thread(target=sync, args=item) for item in bodies.items()]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        parts = []
        checked_in = 0
        for device, (status, data, elapsed) in sorted(outcome.items()):
            if status != 200:
                parts.append(f"{device} answered {status}: {data[:120]!r}")
                continue
            counted = answers(data)
            checked_in += counted["checked_in"]
            parts.append(
                f"{device} {counted['checked_in']} checked in + {counted['already_checked_in']} already"
                f" + {counted['refused']} refused in {elapsed * 1000:.0f} ms"
            )
        attendance_path = f"/api/management/events/{event_id}/attendance/"
        status, _headers, data, _elapsed = api.request("GET", attendance_path)
        attendance = json.loads(data)["checked_in"] if status == 200 else f"answered {status}"
        rows = CheckIn.objects.filter(ticket__registration__event_id=event_id).count()
        attempts = ScanAttempt.objects.filter(event_id=event_id).count()
        expected = (race + 1) * SYNC_SIZE
        verdict = "exactly 500: met" if rows == expected and checked_in == SYNC_SIZE else "NOT MET"
        lines.append(
            f"two devices sync the same {SYNC_SIZE} tickets at once, race {race + 1}/{RACES}:"
            f" {'; '.join(parts)};"
            f" check-ins answered {checked_in}, rows for the event {rows} (expected {expected}), attendance"
            f" {attendance}, scans kept {attempts}: {verdict}"
        )
    return lines


def measure_list(api: Api) -> list[str]:
    import brotli

    event_id, _prefix = seed_door("Bench door (check-in list)", LIST_TICKETS)
    path = f"/api/management/events/{event_id}/checkin-list/"
    status, _headers, plain, _elapsed = api.request("GET", path)
    if status != 200:
        return [f"check-in list: answered {status}: {plain[:200]!r}"]
    entries = len(json.loads(plain)["entries"])
    times, served = [], 0
    encoding = "none"
    for _ in range(LIST_READS + 1):
        status, headers, body, elapsed = api.request("GET", path, encoding="gzip, br")
        times.append(elapsed * 1000)
        served = len(body)
        encoding = headers.get("Content-Encoding", "none")
    times = times[1:]  # the first read warms the process up
    gzip_6 = len(gzip.compress(plain, compresslevel=6))
    brotli_5 = len(brotli.compress(plain, quality=5))
    brotli_11 = len(brotli.compress(plain, quality=11))
    limit = 200 * 1024
    verdict = "met" if max(served, brotli_5) <= limit else "NOT MET"
    return [
        f"check-in list of {entries} tickets (GET …/checkin-list/): plain {len(plain):,} bytes;"
        f" as the app serves it ({encoding}) {served:,}; gzip -6 {gzip_6:,}; brotli q5 {brotli_5:,},"
        f" q11 {brotli_11:,}; limit 200 KB ({limit:,} bytes): {verdict};"
        f" a read {median_range(times)} ms, median (min-max) of {LIST_READS}"
    ]


def main() -> None:
    base = sys.argv[1]
    _django()
    from django.contrib.auth import get_user_model

    from services.accounts.tokens import token_pair_issue

    # A token of its own: the one .ci/bench issued (15 minutes) has run out after the HTTP rounds.
    token = token_pair_issue(user=get_user_model().objects.get(username="admin")).access
    api = Api(base, token)
    started = time.monotonic()
    lines = []
    for measure in (measure_syncs, measure_races, measure_list):
        try:
            lines += measure(api)
        except Exception as failure:  # a figure that failed is reported, not raised
            lines.append(f"{measure.__name__}: failed: {failure!r}")
    load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    print()
    print(f"the door (issue 27), in {time.monotonic() - started:.0f} s, load average {load} at the end:")
    for line in lines:
        print(f"  {line}")


if __name__ == "__main__":
    main()
