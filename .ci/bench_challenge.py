"""What the public forms' bot challenge costs (services/core/challenge.py), with the settings of
the environment (PUBLIC_FORM_CHALLENGE_COST, PUBLIC_FORM_CHALLENGE_MAX_TRIES):

    python bench_challenge.py [COUNT]

The server's side: handing out one (GET /api/challenge/'s work: one PBKDF2 derivation and two
HMACs) and checking one (HMACs and the INSERT that refuses a replay), each the median of COUNT
(50). The sender's side: solving one in Python (hashlib's PBKDF2 in C), what a script pays per
request; a browser's figures are in docs/decisions.md. Prints one line. `make bench` switches
the challenge off for its wrk rounds (wrk cannot solve one) and prints this line instead.
"""

import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings")

import django  # noqa: E402

django.setup()

import altcha  # noqa: E402
from django.conf import settings  # noqa: E402
from django.test import RequestFactory  # noqa: E402

from services.core.challenge import HEADER, challenge_issue, challenge_verify  # noqa: E402


def milliseconds(samples: list[float]) -> str:
    return f"{statistics.median(samples) * 1000:.2f} ms (max {max(samples) * 1000:.2f})"


def main(count: int) -> str:
    settings.PUBLIC_FORM_CHALLENGE = True
    factory = RequestFactory()
    issue, solve, verify = [], [], []
    for _ in range(count):
        started = time.perf_counter()
        challenge = challenge_issue()
        issue.append(time.perf_counter() - started)

        started = time.perf_counter()
        parsed = altcha.Challenge.from_dict(challenge)
        solution = altcha.solve_challenge(parsed)
        solve.append(time.perf_counter() - started)
        payload = altcha.Payload(parsed, solution).to_base64()

        request = factory.post("/", **{f"HTTP_{HEADER.upper().replace('-', '_')}": payload})
        started = time.perf_counter()
        challenge_verify(request)
        verify.append(time.perf_counter() - started)
    return (
        f"bot challenge (PBKDF2-SHA-256, {settings.PUBLIC_FORM_CHALLENGE_COST} iterations a try, at most "
        f"{settings.PUBLIC_FORM_CHALLENGE_MAX_TRIES} tries), median of {count}: handing one out "
        f"{milliseconds(issue)}, checking one {milliseconds(verify)}; solving one in Python "
        f"{milliseconds(solve)}"
    )


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 50), flush=True)
