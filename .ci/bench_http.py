"""The HTTP half of `make bench` (.ci/bench starts the app and calls this): every endpoint is
measured in interleaved rounds with the ceiling view, so that both see the same machine.

For each endpoint group: one warm-up of the ceiling and of each endpoint, then ROUNDS rounds, each
an endpoint run between two ceiling runs: C E C E C ... E C (SECONDS s each; the two password-reset
requests share their rounds, C S U C U S C ..., their order alternating). A round's ratio is
req/s(endpoint) ÷ the mean req/s of the two ceiling runs around it, which also cancels a load
that rises or falls steadily during the round. The report gives each ratio's median (min-max)
and the medians over the rounds of req/s, p50 and p99.

Beside it, the CPU time the gunicorn processes used per request (user + system, from /proc,
BENCH_GUNICORN_PID the master): other jobs on the machine slow the app down but hardly change
what one request costs, so this ratio is the steadier one. It leaves out what PostgreSQL, Redis
and the worker spend.

The load generator's own cost per response must be the same for the ceiling and the endpoint:
wrk (or bench_loadgen.py) reads every response whole, so the ceiling's body is padded
(`/bench/ceiling/?pad=N`, services/urls_bench.py) until its response is as long as the endpoint's.

The staff decision (approving one Pending registration per request) needs a registration that is
still Pending for every request: just before its group, DECISIONS of them are added (on events of
their own, through manage.py shell), and each request takes the next id (bench_wrk.lua). They are
added there, not with the rest of the seeding in .ci/bench, so that the groups measured before it
(the dashboard summary counts every registration) see the same rows as before it existed.

The staff pages are measured at two sizes: first on the rows .ci/bench seeds (10,000 members,
1,000 events), then again after GROW_SEED has added members and events up to 100,000 and 10,000
(plus what the groups before added: the staff decisions' 60,000 registrations); the report gives
each large figure ÷ the small one, which must not grow with the rows. Only the contact form comes
after them: the e-mails it queues keep the worker (concurrency 1) busy for minutes.

The door's single scan (one check-in per request, each a ticket not yet checked in) walks its
tickets the same way: bench_checkin.checkins_seed adds them just before its group, after the staff
groups, and its event and codes fill in the path and the body.

Every group of staff GETs waits first, at most QUIET s, until that worker has worked off what
the groups before left it (the sign-ups' and the decisions' e-mails: `bench_mail.py quiet`, from
the rows), so that the small and the large staff groups are measured on the same quiet machine,
not one of them beside a worker and PostgreSQL still busy with a backlog. The report says how
long each waited.

    python bench_http.py BASE_URL EVENT_ID   (knobs from the environment, see .ci/bench)
Report lines go to stdout, progress to stderr.
"""

import json
import os
import statistics
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_checkin import checkins_seed, scan_body_template  # noqa: E402
from bench_loadgen import SIGNUP as SIGNUP_BODY  # noqa: E402
from bench_loadgen import fetch_once, unique_bodies  # noqa: E402

BASE = sys.argv[1].rstrip("/")
EVENT_ID = sys.argv[2]
# An unlimited Published event the sign-ups go to (.ci/bench makes it).
SIGNUP_EVENT_ID = os.environ.get("BENCH_SIGNUP_EVENT_ID", "")
# A staff access token for the admin lists (.ci/bench issues it for the demo admin).
STAFF_TOKEN = os.environ.get("BENCH_STAFF_TOKEN", "")
LOADGEN = os.environ.get("BENCH_LOADGEN", "wrk")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SECONDS = max(1, int(float(os.environ.get("BENCH_DURATION", "3"))))  # wrk takes whole seconds
WARMUP = max(1, int(float(os.environ.get("BENCH_WARMUP", "1"))))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "8"))
GUNICORN_PID = int(os.environ.get("BENCH_GUNICORN_PID", "0") or 0)
# Seconds a staff group waits at most for the worker's backlog (0: it does not wait).
QUIET = float(os.environ.get("BENCH_QUIET", "120"))
TICK = os.sysconf("SC_CLK_TCK")
CEILING = "/bench/ceiling/"
CONTACT = json.dumps(
    {
        "name": "Bench Visitor",
        "email": "bench.visitor@example.org",
        "message": "Hello from make bench: how do I become a member?",
    }
)

# Pending registrations seeded for the staff decisions, spread over DECISION_EVENTS paid events
# (consecutive ids on different events, as staff go through a list); far more than the rounds use.
DECISIONS = int(os.environ.get("BENCH_DECISIONS", "60000"))
DECISION_EVENTS = 200
# Approved with the payment: a receipt of its own per registration, {id} its id.
DECISION = json.dumps(
    {"registration_status": "Approved", "transaction_id": "BENCH-{id}", "payment_method": "Mobile Money"}
)
DECISION_SEED = f"""
import datetime
from django.utils import timezone
from services.events.models import Event
from services.registrations.models import Registration
now, day = timezone.now(), datetime.date.today() + datetime.timedelta(days=90)
events = Event.objects.bulk_create(
    [Event(title=f'Bench decisions {{i}}', location='Kigali', status='Published', date=day, price=5000)
     for i in range({DECISION_EVENTS})])
rows = Registration.objects.bulk_create(
    [Registration(event=events[i % len(events)], full_name=f'Bench payer {{i}}',
                  email=f'payer{{i}}@example.org', phone=f'+25072{{i:07d}}', preferred_language='English',
                  payment_reference=f'BD{{i:07d}}', registration_status='Pending',
                  email_confirmed_at=now, terms_accepted_at=now)
     for i in range({DECISIONS})], batch_size=2000)
ids = sorted(row.pk for row in rows)
from django.db import connection
with connection.cursor() as cursor:  # now, rather than by autovacuum in the middle of the rounds
    cursor.execute('ANALYZE ' + Registration._meta.db_table + ', ' + Event._meta.db_table)
print(ids[0], ids[-1], len(ids))
"""

# Approved tickets for the single check-ins (a door scanning one QR code per request, each a
# ticket not yet checked in); far more than the rounds use.
CHECKINS = int(os.environ.get("BENCH_CHECKINS", "20000"))

# The larger size of the staff pages: members up to 100,000 and events (each with a registration)
# up to 10,000, shaped as .ci/bench seeds the first ones; then VACUUM ANALYZE, as autovacuum would.
BIG_MEMBERS, BIG_EVENTS = 100_000, 10_000
GROW_SEED = f"""
import datetime
from django.db import connection
from services.events.models import Event
from services.members.models import Member
from services.registrations.models import Registration
start = Member.objects.count()
for low in range(start, {BIG_MEMBERS}, 5000):
    Member.objects.bulk_create(
        [Member(full_name=f'Member {{i}}', email=f'member{{i}}@example.org', phone=f'+25078{{i:07d}}',
                date_of_birth='1985-01-01', gender='Female', nationality='Rwandan', address='Kigali',
                membership_type='Individual' if i % 4 else 'Institutional', payment_method='Mobile Money',
                agree_to_terms=True, approval_status=('Pending', 'Approved', 'Rejected')[i % 3])
         for i in range(low, min(low + 5000, {BIG_MEMBERS}))])
today = datetime.date.today()
statuses = ('Published', 'Completed', 'Draft', 'Cancelled')
first = Event.objects.count()
events = Event.objects.bulk_create(
    [Event(title=f'Bench event {{i}}', location='Kigali', status=statuses[i % 4],
           date=today + datetime.timedelta(days=(i % 400) - 200)) for i in range(first, {BIG_EVENTS})],
    batch_size=2000)
Registration.objects.bulk_create(
    [Registration(event=event, full_name=f'Bench attendee {{i}}', email=f'member{{i}}@example.org',
                  phone=f'+25079{{i:07d}}', preferred_language='English', payment_reference=f'BG{{i:06d}}',
                  registration_status=('Pending', 'Approved', 'Rejected')[i % 3])
     for i, event in enumerate(events, first)], batch_size=2000)
with connection.cursor() as cursor:
    for model in (Member, Event, Registration):
        cursor.execute('VACUUM ANALYZE ' + model._meta.db_table)
from django.contrib.auth import get_user_model
from services.accounts.tokens import token_pair_issue
# A fresh staff token: the first one (15 minutes) may run out before these last groups end.
print(Member.objects.count(), Event.objects.count(),
      token_pair_issue(user=get_user_model().objects.get(username='admin')).access)
"""

SIGNUP = json.dumps(SIGNUP_BODY)


@dataclass
class Run:
    rps: float
    p50_ms: float
    p99_ms: float
    statuses: Counter
    sockerr: int
    requests: int = 0
    cpu_s: float | None = None  # CPU seconds of the gunicorn processes during the run
    issued: int | None = None  # registration ids used by a run that walks them (ids=)

    @property
    def bad(self) -> int:
        return sum(n for code, n in self.statuses.items() if not 200 <= code < 300) + self.sockerr

    @property
    def cpu_ms(self) -> float | None:
        """Gunicorn CPU per request, ms."""
        return self.cpu_s * 1000 / self.requests if self.cpu_s is not None and self.requests else None


@dataclass
class Endpoint:
    label: str
    method: str
    path: str
    body: str = ""
    token: str = ""  # a bearer token for staff endpoints
    size: int = 0  # bytes of the whole response (status line, headers, body)
    seed: str = ""  # manage.py shell code run before the group: prints the first and last id to walk
    grow: str = ""  # manage.py shell code run before the group (more rows), nothing to walk
    small: str = ""  # the label of the same endpoint measured at the smaller size
    next_id: int = 0  # {id} in the path and body: the next registration id no request has used
    last_id: int = 0
    runs: list = field(default_factory=list)  # Run per round
    ratios: list = field(default_factory=list)  # req/s ÷ the ceiling's around it
    costs: list = field(default_factory=list)  # CPU per request ÷ the ceiling's around it

    @property
    def short(self) -> str:
        return self.label.rsplit("(", 1)[-1].rstrip(")") if "(" in self.label else "endpoint"


def staff_members(size: str, grow: str = "", small: str = "") -> list[Endpoint]:
    """The members list (one page of 10) and its search + filter, at `size` members."""
    return [
        Endpoint(
            f"GET /api/management/members/ ({size})",
            "GET",
            "/api/management/members/?page=2",
            token=STAFF_TOKEN,
            grow=grow,
            small=small and f"GET /api/management/members/ ({small})",
        ),
        Endpoint(
            f"GET /api/management/members/?search=…&approval_status=Pending ({size})",
            "GET",
            "/api/management/members/?search=member%2042&approval_status=Pending",
            token=STAFF_TOKEN,
            small=small and f"GET /api/management/members/?search=…&approval_status=Pending ({small})",
        ),
    ]


def staff_dashboard(size: str, small: str = "") -> list[Endpoint]:
    return [
        Endpoint(
            f"GET /api/dashboard/summary/ ({size})",
            "GET",
            "/api/dashboard/summary/",
            token=STAFF_TOKEN,
            small=small and f"GET /api/dashboard/summary/ ({small})",
        )
    ]


GROUPS = [
    [Endpoint("GET /api/health/", "GET", "/api/health/")],
    [Endpoint("GET /api/management/public-events/", "GET", "/api/management/public-events/")],
    [
        Endpoint(
            "GET /api/management/public-events/{id}/", "GET", f"/api/management/public-events/{EVENT_ID}/"
        )
    ],
    # The interpreter directory with 500 listed interpreters (.ci/bench seeds them): a page of the
    # list and a search by district and language, answered from the public cache
    # (services/interpreting/public_reads.py); aim: p50 within 1.5x of the ceiling's.
    [
        Endpoint("GET /api/interpreters/ (500 listed)", "GET", "/api/interpreters/?page=2"),
        Endpoint(
            "GET /api/interpreters/?district=…&language=… (500 listed)",
            "GET",
            "/api/interpreters/?district=gasabo&language=english",
        ),
    ],
    # A reset request must cost the same whatever the address (no enumeration by timing).
    [
        Endpoint(
            "POST /api/users/request-password-reset/ (staff address)",
            "POST",
            "/api/users/request-password-reset/",
            '{"email": "admin@example.org"}',
        ),
        Endpoint(
            "POST /api/users/request-password-reset/ (unknown address)",
            "POST",
            "/api/users/request-password-reset/",
            '{"email": "nobody.here@example.org"}',
        ),
    ],
    # Each sign-up takes the event's row lock and queues two e-mails (registrant, organiser).
    *(
        [
            [
                Endpoint(
                    "POST /api/management/events/{id}/register/",
                    "POST",
                    f"/api/management/events/{SIGNUP_EVENT_ID}/register/",
                    SIGNUP,
                )
            ]
        ]
        if SIGNUP_EVENT_ID
        else []
    ),
    # The members list with 10,000 members: one page of 10, searched and filtered in the database.
    *([staff_members("10,000 members")] if STAFF_TOKEN else []),
    # The dashboard home's figures over 1,000 events, their registrations and 10,000 members:
    # counted at most a few seconds ago by the process (services/dashboard/selectors.py).
    *([staff_dashboard("1,000 events")] if STAFF_TOKEN else []),
    # A staff decision: approving one Pending registration (with its payment) per request. Each
    # takes its event's row lock, recounts the seats, and queues the person's e-mail.
    *(
        [
            [
                Endpoint(
                    "POST …/registrations/{id}/update-status/ (staff decision)",
                    "POST",
                    "/api/management/registrations/{id}/update-status/",
                    DECISION,
                    token=STAFF_TOKEN,
                    seed=DECISION_SEED,
                )
            ]
        ]
        if STAFF_TOKEN
        else []
    ),
    # The staff pages again at the larger size (GROW_SEED first): after the others, so that no
    # group above sees those rows.
    *(
        [
            staff_members("100,000 members", grow=GROW_SEED, small="10,000 members"),
            staff_dashboard("10,000 events", small="1,000 events"),
        ]
        if STAFF_TOKEN
        else []
    ),
    # A door's single scan: one POST …/checkins/ with one scan of a ticket not yet checked in (the
    # seed's event and codes fill in {event} and the body's prefix). After the staff groups, so
    # that none of them sees its tickets.
    *(
        [
            [
                Endpoint(
                    "POST …/events/{id}/checkins/ (one scan, a fresh ticket)",
                    "POST",
                    "/api/management/events/{event}/checkins/",
                    "",
                    token=STAFF_TOKEN,
                    seed=checkins_seed(CHECKINS),
                )
            ]
        ]
        if STAFF_TOKEN
        else []
    ),
    # Last: the e-mails it queues keep the worker busy for minutes after its rounds.
    [Endpoint("POST /api/management/contact-form/", "POST", "/api/management/contact-form/", CONTACT)],
]


# BENCH_ONLY: comma-separated pieces of endpoint labels; only the groups holding one are measured.
ONLY = [piece for piece in os.environ.get("BENCH_ONLY", "").split(",") if piece]
if ONLY:
    GROUPS = [group for group in GROUPS if any(piece in e.label for e in group for piece in ONLY)]


def say(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def gunicorn_cpu() -> float | None:
    """User + system CPU seconds of the gunicorn master and its workers so far."""
    if not GUNICORN_PID:
        return None
    total = 0
    try:
        pids = [GUNICORN_PID]
        for entry in os.listdir("/proc"):
            if entry.isdigit():
                try:
                    stat = Path(f"/proc/{entry}/stat").read_text()
                except OSError:
                    continue
                fields = stat[stat.rindex(")") + 2 :].split()
                if int(fields[1]) == GUNICORN_PID:  # ppid
                    pids.append(int(entry))
        for pid in pids:
            stat = Path(f"/proc/{pid}/stat").read_text()
            fields = stat[stat.rindex(")") + 2 :].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime
    except OSError:
        return None
    return total / TICK


def load(method: str, path: str, body: str, seconds: int, token: str = "", first_id: int = 0) -> Run:
    env = {**os.environ, "BENCH_METHOD": method, "BENCH_BODY": body, "BENCH_TOKEN": token}
    url = BASE + path
    if first_id:  # walk registration ids from first_id (bench_wrk.lua, bench_loadgen.py)
        env.update(BENCH_ID_FROM=str(first_id), BENCH_PATH=path)
        url = BASE + path.replace("{id}", str(first_id))
    if LOADGEN == "wrk":
        command = [
            "wrk",
            "-t1",
            f"-c{CONNECTIONS}",
            f"-d{seconds}s",
            "--timeout",
            "5s",
            "-s",
            str(HERE / "bench_wrk.lua"),
            url,
        ]
    else:
        command = [sys.executable, str(HERE / "bench_loadgen.py"), url, str(seconds), str(CONNECTIONS)]
    cpu_before = gunicorn_cpu()
    try:
        out = subprocess.run(  # noqa: S603 - our own command line
            command, env=env, capture_output=True, text=True, timeout=seconds + 60
        ).stdout
    except subprocess.TimeoutExpired:
        out = ""
    cpu_after = gunicorn_cpu()
    line = next((line for line in out.splitlines() if line.startswith("BENCH ")), "")
    values = dict(part.split("=", 1) for part in line.split()[1:])
    if not values:
        return Run(0.0, 0.0, 0.0, Counter(), 1)
    statuses = Counter()
    for part in values["statuses"].split(","):
        if ":" in part:
            code, n = part.split(":")
            statuses[int(code)] += int(n)
    duration = int(values["duration_us"]) / 1e6
    requests = int(values["requests"])
    return Run(
        rps=requests / duration if duration > 0 else 0.0,
        p50_ms=int(values["p50_us"]) / 1000,
        p99_ms=int(values["p99_us"]) / 1000,
        statuses=statuses,
        sockerr=int(values["sockerr"]),
        requests=requests,
        cpu_s=cpu_after - cpu_before if cpu_before is not None and cpu_after is not None else None,
        issued=int(values["ids"]) if "ids" in values else None,
    )


def load_endpoint(endpoint: Endpoint, seconds: int) -> Run:
    """One run of an endpoint; one that walks registration ids starts at the next unused one."""
    if not endpoint.next_id:
        return load(endpoint.method, endpoint.path, endpoint.body, seconds, endpoint.token)
    run = load(endpoint.method, endpoint.path, endpoint.body, seconds, endpoint.token, endpoint.next_id)
    # A run that printed no count (cut short): skip well past what it may have used.
    endpoint.next_id += run.issued if run.issued is not None else 10_000
    if endpoint.next_id > endpoint.last_id:
        say(f"{endpoint.label}: the seeded registrations ran out (BENCH_DECISIONS)")
    return run


def seed_rows(endpoint: Endpoint) -> None:
    """Run the endpoint's seeding in the app's environment; its first and last id to walk."""
    say(f"{endpoint.label}: seeding")
    out = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "manage.py", "shell", "-v0", "-c", endpoint.seed],
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    words = out.split()
    if "{event}" in endpoint.path:  # the check-in seed: its event, and the prefix of its codes
        endpoint.path = endpoint.path.replace("{event}", words[-5])
        endpoint.body = scan_body_template(words[-4])
    first, last, count = (int(part) for part in words[-3:])
    if last - first + 1 != count:
        say(f"{endpoint.label}: the seeded ids are not consecutive ({first}–{last} for {count})")
    endpoint.next_id, endpoint.last_id = first, last


def ceiling_pad(target: int) -> tuple[int, int]:
    """The ?pad=N that makes the ceiling's whole response `target` bytes long (or as near as it
    gets: N=0 when the endpoint's answer is shorter than the bare ceiling's), and its length."""
    _, size = fetch_once(BASE + CEILING)
    pad = target - size - len(', "pad": ""')
    if pad <= 0:
        return 0, size
    for _ in range(4):
        _, size = fetch_once(f"{BASE}{CEILING}?pad={pad}")
        if size == target:
            break
        pad = max(1, pad + target - size)
    return pad, size


def median_range(values: list[float], digits: int = 2) -> str:
    if not values:
        return "n/a"
    return f"{statistics.median(values):.{digits}f} ({min(values):.{digits}f}–{max(values):.{digits}f})"


def median_of(values) -> float | None:
    values = [value for value in values if value is not None]
    return statistics.median(values) if values else None


def fmt_ms(value: float | None, digits: int = 2) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def grow_rows(endpoint: Endpoint) -> None:
    """Run the endpoint's GROW_SEED in the app's environment."""
    say(f"{endpoint.label}: adding rows")
    out = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, "manage.py", "shell", "-v0", "-c", endpoint.grow],
        cwd=HERE.parent,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    members, events, token = out.split()[-3:]
    say(f"{endpoint.label}: now {members} members and {events} events")
    for other in (e for group in GROUPS for e in group):
        if other.token:
            other.token = token


def worker_quiet(group: list[Endpoint]) -> str:
    """Wait (QUIET s at most) until the worker has no backlog; the line saying how long."""
    out = subprocess.run(  # noqa: S603 - our own command line
        [sys.executable, str(HERE / "bench_mail.py"), "quiet", str(QUIET)],
        cwd=HERE.parent,
        capture_output=True,
        text=True,
    )
    line = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else f"failed: {out.stderr[-300:]}"
    say(f"{group[0].label}: {line}")
    return f"{', '.join(e.label for e in group)}: {line}"


def measure_group(
    group: list[Endpoint], ceiling_runs: list[Run], notes: list[str], pairs: list, waits: list[str]
) -> None:
    for endpoint in group:
        if endpoint.grow:
            grow_rows(endpoint)
        if endpoint.seed:
            seed_rows(endpoint)
        body = endpoint.body.encode()
        sample = next(unique_bodies(body)) if b"{n}" in body else body
        path = endpoint.path
        if endpoint.seed:
            sample = sample.replace(b"{id}", b"%d" % endpoint.next_id)
            path = path.replace("{id}", str(endpoint.next_id))
            endpoint.next_id += 1
        os.environ["BENCH_TOKEN"] = endpoint.token  # read by the request builder
        status, endpoint.size = fetch_once(BASE + path, endpoint.method, sample)
        os.environ.pop("BENCH_TOKEN")
        if not 200 <= status < 300:
            say(f"{endpoint.label} answers {status} to a single request")
    if QUIET > 0 and all(e.token and e.method == "GET" for e in group):
        waits.append(worker_quiet(group))
    pad, ceiling_size = ceiling_pad(group[0].size)
    ceiling_path = f"{CEILING}?pad={pad}" if pad else CEILING
    notes.append(
        f"{', '.join(e.label for e in group)}: {'/'.join(str(e.size) for e in group)} bytes;"
        f" ceiling {ceiling_path} {ceiling_size} bytes"
    )
    say(
        f"{' + '.join(e.label for e in group)}: {WARMUP} s warm-up each,"
        f" then {ROUNDS} rounds of {SECONDS} s runs"
    )
    load("GET", ceiling_path, "", WARMUP)
    for endpoint in group:
        load_endpoint(endpoint, WARMUP)
    before = load("GET", ceiling_path, "", SECONDS)
    ceiling_runs.append(before)
    for number in range(ROUNDS):
        runs = {}
        for endpoint in group if number % 2 == 0 else group[::-1]:
            runs[endpoint.label] = load_endpoint(endpoint, SECONDS)
        after = load("GET", ceiling_path, "", SECONDS)
        ceiling_runs.append(after)
        ceiling_rps = (before.rps + after.rps) / 2
        ceiling_cpu = median_of([before.cpu_ms, after.cpu_ms])
        ceiling_cpu = (before.cpu_ms + after.cpu_ms) / 2 if before.cpu_ms and after.cpu_ms else ceiling_cpu
        for endpoint in group:
            run = runs[endpoint.label]
            endpoint.runs.append(run)
            endpoint.ratios.append(run.rps / ceiling_rps if ceiling_rps > 0 else 0.0)
            if run.cpu_ms is not None and ceiling_cpu:
                endpoint.costs.append(run.cpu_ms / ceiling_cpu)
        if len(group) == 2:
            pairs.append((runs[group[0].label], runs[group[1].label]))
        say(
            f"  round {number + 1}/{ROUNDS}: ceiling {before.rps:.0f}/s and {after.rps:.0f}/s, "
            + ", ".join(f"{e.short} {e.runs[-1].rps:.0f}/s ({e.ratios[-1]:.2f})" for e in group)
        )
        before = after


def main() -> None:
    ceiling_runs: list[Run] = []
    notes: list[str] = []
    reset_pairs: list[tuple[Run, Run]] = []
    waits: list[str] = []
    for group in GROUPS:
        measure_group(group, ceiling_runs, notes, reset_pairs, waits)

    endpoints = [endpoint for group in GROUPS for endpoint in group]
    fmt = "{:<57} | {:>6} | {:>6} | {:>6} | {:>7} | {:>6} | {:<18} | {:>6} | {}"
    print(
        fmt.format(
            "endpoint",
            "req/s",
            "p50 ms",
            "p99 ms",
            "non-2xx",
            "bytes",
            "req/s ÷ ceiling",
            "CPU ms",
            "CPU × ceiling",
        )
    )
    print(fmt.format("", "", "", "", "", "", "median (min–max)", "/req", "median (min–max)"))
    print(
        "-" * 58 + "+--------+--------+--------+---------+--------+--------------------+--------+" + "-" * 18
    )
    rps = [run.rps for run in ceiling_runs]
    print(
        fmt.format(
            f"ceiling GET {CEILING} ({len(ceiling_runs)} runs, padded)",
            f"{statistics.median(rps):.0f}",
            f"{statistics.median(run.p50_ms for run in ceiling_runs):.2f}",
            f"{statistics.median(run.p99_ms for run in ceiling_runs):.2f}",
            sum(run.bad for run in ceiling_runs),
            "",
            f"req/s {min(rps):.0f}–{max(rps):.0f}",
            fmt_ms(median_of(run.cpu_ms for run in ceiling_runs), 3),
            "1",
        )
    )
    for endpoint in endpoints:
        runs = endpoint.runs
        print(
            fmt.format(
                endpoint.label,
                f"{statistics.median(run.rps for run in runs):.0f}",
                f"{statistics.median(run.p50_ms for run in runs):.2f}",
                f"{statistics.median(run.p99_ms for run in runs):.2f}",
                sum(run.bad for run in runs),
                endpoint.size,
                median_range(endpoint.ratios),
                fmt_ms(median_of(run.cpu_ms for run in runs), 3),
                median_range(endpoint.costs),
            )
        )
    print()
    print(
        f"{ROUNDS} rounds per endpoint, {SECONDS} s runs, {WARMUP} s warm-up;"
        " a round's ratio is the endpoint's req/s ÷ the mean of the two ceiling runs around it;"
        "\nCPU: user + system time of the gunicorn processes per request (not PostgreSQL's, Redis's or"
        " the worker's), as a multiple of the ceiling's"
    )
    for endpoint in endpoints:
        print(
            f"  {endpoint.label}: req/s ratios {' '.join(f'{r:.2f}' for r in endpoint.ratios)};"
            f" CPU ratios {' '.join(f'{r:.2f}' for r in endpoint.costs) or 'n/a'}"
        )
    if reset_pairs:
        rps_ratio = [a.rps / b.rps for a, b in reset_pairs if b.rps > 0]
        p50_ratio = [a.p50_ms / b.p50_ms for a, b in reset_pairs if b.p50_ms > 0]
        print(
            "password reset, staff ÷ unknown address in the same rounds: req/s "
            f"{median_range(rps_ratio)}, p50 {median_range(p50_ratio)}"
            f" (p50 {statistics.median(a.p50_ms for a, _ in reset_pairs):.2f} ms"
            f" vs {statistics.median(b.p50_ms for _, b in reset_pairs):.2f} ms)"
        )
    by_label = {endpoint.label: endpoint for endpoint in endpoints}
    grown = [endpoint for endpoint in endpoints if endpoint.small in by_label]
    if grown:
        print("staff pages, larger size ÷ smaller (CPU per request, medians; at most 1.2, not growing):")
        for endpoint in grown:
            small = by_label[endpoint.small]
            big_cpu = median_of(run.cpu_ms for run in endpoint.runs)
            small_cpu = median_of(run.cpu_ms for run in small.runs)
            ratio = f"{big_cpu / small_cpu:.2f}" if big_cpu and small_cpu else "n/a"
            print(
                f"  {endpoint.label} ÷ {small.short}: {ratio}"
                f" (CPU × ceiling {median_range(endpoint.costs)} vs {median_range(small.costs)})"
            )
    if waits:
        print(f"before each group of staff GETs, the worker's backlog worked off (at most {QUIET:.0f} s):")
        for wait in waits:
            print(f"  {wait}")
    print("response lengths (the ceiling padded to each group's first endpoint):")
    for note in notes:
        print(f"  {note}")
    print("status codes:")
    for label, runs in [(f"ceiling GET {CEILING}", ceiling_runs)] + [(e.label, e.runs) for e in endpoints]:
        statuses = sum((run.statuses for run in runs), Counter())
        sockerr = sum(run.sockerr for run in runs)
        codes = ",".join(f"{code}:{n}" for code, n in sorted(statuses.items())) or "none"
        print(f"  {label}: {codes}{f' (+{sockerr} socket errors/timeouts)' if sockerr else ''}")


if __name__ == "__main__":
    main()
