"""A sign-up's CPU in one process (issue 26, docs/benchmarks.md): POSTs to an unlimited Published
event through django.test.Client with the full middleware, as gunicorn's threads run them, each
with a fresh e-mail and phone.

First WARMUP sign-ups, then ROUNDS rounds of COUNT unprofiled ones (the CPU ms per sign-up of each,
`time.process_time`, and their median), then COUNT under cProfile with the same CPU clock: its top
lines by cumulative time, its total and its calls per sign-up.

Run it in the bench's environment (.ci/bench exports it: settings_bench, DATABASE_URL and REDIS_URL
of a migrated database of your own, .ci/details.env, the lifted rates, PUBLIC_FORM_CHALLENGE=0):

    .venv/bin/python .ci/profile_signup.py [COUNT=300] [ROUNDS=3] [WARMUP=30] [TOP=30]

PROFILE_DUMP=path also writes the profile there (pstats). PROFILE_CALLGRIND=1, under
`valgrind --tool=callgrind --instr-atstart=no`: only the COUNT sign-ups after the warm-up are
counted (instructions, load-independent), then it stops; `callgrind_annotate` reads the totals.
It creates its event and leaves the rows it wrote (a database of its own, not the bench's)."""

import cProfile
import io
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings_bench")

import django

django.setup()

from django.test import Client  # noqa: E402

from services.events.models import Event  # noqa: E402

COUNT, ROUNDS, WARMUP, TOP = (
    int(arg) for arg in (sys.argv[1:] + ["300", "3", "30", "30"][len(sys.argv) - 1 :])
)
RUN = uuid.uuid4().hex[:8]
_serial = iter(range(10**7))


def event_create() -> int:
    import datetime

    return Event.objects.create(
        title=f"Profile sign-ups {RUN}",
        location="Kigali",
        status="Published",
        date=datetime.date.today() + datetime.timedelta(days=60),
    ).pk


def body() -> bytes:
    n = next(_serial)
    return json.dumps(
        {
            "full_name": "Bench Registrant",
            "email": f"profile.{RUN}.{n}@example.org",
            "phone": f"+2507{int(RUN, 16) % 1000:03d}{n:05d}",
            "preferred_language": "English",
            "needs_interpreter": False,
            "disability": "None",
            "agree_to_terms": True,
        }
    ).encode()


def signups(client: Client, path: str, count: int) -> None:
    for _ in range(count):
        response = client.post(path, body(), content_type="application/json", REMOTE_ADDR="127.0.0.1")
        if response.status_code != 201:
            raise SystemExit(f"sign-up answered {response.status_code}: {response.content[:300]!r}")


def callgrind(switch: str) -> None:
    """Callgrind's instrumentation of this process on or off."""
    command = ["callgrind_control", "-i", switch, str(os.getpid())]
    subprocess.run(command, check=True, capture_output=True)  # noqa: S603 - our own pid


def main() -> None:
    path = f"/api/management/events/{event_create()}/register/"
    client = Client(HTTP_HOST="127.0.0.1")  # as the bench calls it (ALLOWED_HOSTS)
    signups(client, path, WARMUP)
    if os.environ.get("PROFILE_CALLGRIND"):
        callgrind("on")
        signups(client, path, COUNT)
        callgrind("off")
        print(f"callgrind: {COUNT} sign-ups counted")
        return
    per_signup = []
    for _ in range(ROUNDS):
        start = time.process_time()
        signups(client, path, COUNT)
        per_signup.append((time.process_time() - start) * 1000 / COUNT)
    rounds = ", ".join(f"{ms:.2f}" for ms in per_signup)
    print(
        f"CPU ms per sign-up, unprofiled, {ROUNDS} x {COUNT}: {rounds};"
        f" median {statistics.median(per_signup):.2f}"
    )
    profile = cProfile.Profile(time.process_time)
    profile.enable()
    signups(client, path, COUNT)
    profile.disable()
    if os.environ.get("PROFILE_DUMP"):  # for pstats' callers/callees
        profile.dump_stats(os.environ["PROFILE_DUMP"])
    out = io.StringIO()
    stats = pstats.Stats(profile, stream=out)
    print(
        f"cProfile, {COUNT} sign-ups: {stats.total_tt:.3f} s profiled CPU, {stats.total_calls:,} calls "
        f"({stats.total_calls / COUNT:,.0f} per sign-up)"
    )
    stats.sort_stats("cumulative").print_stats(TOP)
    print("\n".join(line for line in out.getvalue().splitlines() if line.strip()[:1].isdigit()))


if __name__ == "__main__":
    main()
