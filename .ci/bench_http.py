"""The HTTP half of `make bench` (.ci/bench starts the app and calls this): every endpoint is
measured in interleaved rounds with the ceiling view, so that both see the same machine.

For each endpoint group: one warm-up of the ceiling and of each endpoint, then ROUNDS rounds of
[ceiling for SECONDS s, endpoint for SECONDS s] (the two password-reset requests share their
rounds: [ceiling, staff, unknown], the order of the two alternating). Each round gives the ratio
req/s(endpoint) ÷ req/s(ceiling of the same round); the report gives its median (min–max), and the
median over the rounds of req/s, p50 and p99.

The load generator's own cost per response must be the same for the ceiling and the endpoint:
wrk (or bench_loadgen.py) reads every response whole, so the ceiling's body is padded
(`/bench/ceiling/?pad=N`, services/urls_bench.py) until its response is as long as the endpoint's.

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

from bench_loadgen import fetch_once  # noqa: E402

BASE = sys.argv[1].rstrip("/")
EVENT_ID = sys.argv[2]
LOADGEN = os.environ.get("BENCH_LOADGEN", "wrk")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", "5"))
SECONDS = max(1, int(float(os.environ.get("BENCH_DURATION", "3"))))  # wrk takes whole seconds
WARMUP = max(1, int(float(os.environ.get("BENCH_WARMUP", "1"))))
CONNECTIONS = int(os.environ.get("BENCH_CONNECTIONS", "8"))
CEILING = "/bench/ceiling/"
CONTACT = json.dumps(
    {"name": "Bench Visitor", "email": "bench.visitor@example.org", "message": "Hello from make bench: how do I become a member?"}
)


@dataclass
class Endpoint:
    label: str
    method: str
    path: str
    body: str = ""
    size: int = 0  # bytes of the whole response (status line, headers, body)
    runs: list = field(default_factory=list)  # Run per round
    ratios: list = field(default_factory=list)

    @property
    def short(self) -> str:
        return self.label.rsplit("(", 1)[-1].rstrip(")") if "(" in self.label else "endpoint"


@dataclass
class Run:
    rps: float
    p50_ms: float
    p99_ms: float
    statuses: Counter
    sockerr: int

    @property
    def bad(self) -> int:
        return sum(n for code, n in self.statuses.items() if not 200 <= code < 300) + self.sockerr


GROUPS = [
    [Endpoint("GET /api/health/", "GET", "/api/health/")],
    [Endpoint("GET /api/management/public-events/", "GET", "/api/management/public-events/")],
    [Endpoint("GET /api/management/public-events/{id}/", "GET", f"/api/management/public-events/{EVENT_ID}/")],
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
    # Last: the e-mails it queues keep the worker busy long after its rounds.
    [Endpoint("POST /api/management/contact-form/", "POST", "/api/management/contact-form/", CONTACT)],
]


def say(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def load(method: str, path: str, body: str, seconds: int) -> Run:
    env = {**os.environ, "BENCH_METHOD": method, "BENCH_BODY": body}
    url = BASE + path
    if LOADGEN == "wrk":
        command = ["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{seconds}s", "--timeout", "5s", "-s", str(HERE / "bench_wrk.lua"), url]
    else:
        command = [sys.executable, str(HERE / "bench_loadgen.py"), url, str(seconds), str(CONNECTIONS)]
    try:
        out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=seconds + 60).stdout
    except subprocess.TimeoutExpired:
        out = ""
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
    return Run(
        rps=int(values["requests"]) / duration if duration > 0 else 0.0,
        p50_ms=int(values["p50_us"]) / 1000,
        p99_ms=int(values["p99_us"]) / 1000,
        statuses=statuses,
        sockerr=int(values["sockerr"]),
    )


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


def main() -> None:
    ceiling_runs: list[Run] = []
    notes: list[str] = []
    reset_pairs: list[tuple[Run, Run]] = []
    for group in GROUPS:
        for endpoint in group:
            status, endpoint.size = fetch_once(BASE + endpoint.path, endpoint.method, endpoint.body.encode())
            if not 200 <= status < 300:
                say(f"{endpoint.label} answers {status} to a single request")
        pad, ceiling_size = ceiling_pad(group[0].size)
        ceiling_path = f"{CEILING}?pad={pad}" if pad else CEILING
        notes.append(
            f"{', '.join(e.label for e in group)}: {'/'.join(str(e.size) for e in group)} bytes;"
            f" ceiling {ceiling_path} {ceiling_size} bytes"
        )
        say(f"{' + '.join(e.label for e in group)}: {WARMUP} s warm-up each, then {ROUNDS} rounds of {SECONDS} s")
        load("GET", ceiling_path, "", WARMUP)
        for endpoint in group:
            load(endpoint.method, endpoint.path, endpoint.body, WARMUP)
        for number in range(ROUNDS):
            ceiling = load("GET", ceiling_path, "", SECONDS)
            ceiling_runs.append(ceiling)
            order = group if number % 2 == 0 else group[::-1]
            runs = {}
            for endpoint in order:
                runs[endpoint.label] = run = load(endpoint.method, endpoint.path, endpoint.body, SECONDS)
                endpoint.runs.append(run)
                endpoint.ratios.append(run.rps / ceiling.rps if ceiling.rps > 0 else 0.0)
            if len(group) == 2:
                reset_pairs.append((runs[group[0].label], runs[group[1].label]))
            say(
                f"  round {number + 1}/{ROUNDS}: ceiling {ceiling.rps:.0f}/s, "
                + ", ".join(f"{e.short} {e.runs[-1].rps:.0f}/s ({e.ratios[-1]:.2f})" for e in group)
            )

    endpoints = [endpoint for group in GROUPS for endpoint in group]
    fmt = "{:<57} | {:>7} | {:>7} | {:>7} | {:>7} | {:>6} | {}"
    print(fmt.format("endpoint", "req/s", "p50 ms", "p99 ms", "non-2xx", "bytes", "ratio to ceiling: median (min–max)"))
    print("-" * 58 + "+---------+---------+---------+---------+--------+" + "-" * 36)
    rps = [run.rps for run in ceiling_runs]
    print(
        fmt.format(
            f"ceiling GET {CEILING} (all {len(ceiling_runs)} runs)",
            f"{statistics.median(rps):.0f}",
            f"{statistics.median(run.p50_ms for run in ceiling_runs):.2f}",
            f"{statistics.median(run.p99_ms for run in ceiling_runs):.2f}",
            sum(run.bad for run in ceiling_runs),
            "padded",
            f"1 (its req/s: {min(rps):.0f}–{max(rps):.0f})",
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
            )
        )
    print()
    print(
        f"rounds: {ROUNDS} per endpoint of [ceiling {SECONDS} s, endpoint {SECONDS} s] after a {WARMUP} s warm-up;"
        " ratio = req/s(endpoint) ÷ req/s(ceiling) of the same round"
    )
    for endpoint in endpoints:
        print(f"  {endpoint.label}: ratios {' '.join(f'{r:.2f}' for r in endpoint.ratios)}")
    if reset_pairs:
        rps_ratio = [a.rps / b.rps for a, b in reset_pairs if b.rps > 0]
        p50_ratio = [a.p50_ms / b.p50_ms for a, b in reset_pairs if b.p50_ms > 0]
        print(
            "password reset, staff ÷ unknown address in the same rounds: req/s "
            f"{median_range(rps_ratio)}, p50 {median_range(p50_ratio)}"
            f" (p50 medians {statistics.median(a.p50_ms for a, _ in reset_pairs):.2f} ms"
            f" vs {statistics.median(b.p50_ms for _, b in reset_pairs):.2f} ms)"
        )
    print("response lengths (the ceiling padded to each group's first endpoint):")
    for note in notes:
        print(f"  {note}")
    print("status codes:")
    all_ceiling = sum((run.statuses for run in ceiling_runs), Counter())
    for label, runs in [(f"ceiling GET {CEILING}", ceiling_runs)] + [(e.label, e.runs) for e in endpoints]:
        statuses = sum((run.statuses for run in runs), Counter()) if runs is not ceiling_runs else all_ceiling
        sockerr = sum(run.sockerr for run in runs)
        codes = ",".join(f"{code}:{n}" for code, n in sorted(statuses.items())) or "none"
        print(f"  {label}: {codes}{f' (+{sockerr} socket errors/timeouts)' if sockerr else ''}")


if __name__ == "__main__":
    main()
