"""Membership cards (issue 28): the PDF card's generation time, and the public verify endpoint
beside the ceiling view, in one process (Django's test client: no HTTP server, no network, so
both sides pay only Django's own cost; `make bench`'s HTTP rounds remain the figure under load).

    DJANGO_SETTINGS_MODULE=services.settings_bench python .ci/bench_cards.py [CARDS] [REQUESTS]

Needs a migrated database (DATABASE_URL); adds one Approved member, removed at the end. Prints
report lines (docs/benchmarks.md)."""

import os
import statistics
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings_bench")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from services.members.cards import membership_card_pdf  # noqa: E402
from services.members.models import Member  # noqa: E402
from services.members.verification import card_code, card_code_issue  # noqa: E402

CARDS = int(sys.argv[1]) if len(sys.argv) > 1 else 200
REQUESTS = int(sys.argv[2]) if len(sys.argv) > 2 else 2000


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def cards() -> None:
    names = ["Aline Uwase", "Jean-Baptiste Nshimiyimana Habyarimana", "Rwanda National Union of the Deaf"]
    times, sizes = [], []
    for i in range(CARDS):
        member = Member(
            pk=100000 + i,
            full_name=names[i % 3],
            membership_type=("Individual", "Institutional")[i % 2],
            membership_number=f"2026-{i:04d}",
            membership_end=date(2027, 11, 28),
            language=("en", "fr", "rw", "sw")[i % 4],
        )
        card_code_issue(member)  # a new code each: a new QR code each
        start = time.perf_counter()
        content = membership_card_pdf(member)
        times.append(time.perf_counter() - start)
        sizes.append(len(content))
    print(
        f"PDF card, {CARDS} cards (each its own code and QR code, four languages): "
        f"p50 {ms(times, 0.5):.1f} ms, p95 {ms(times, 0.95):.1f} ms, max {max(times) * 1000:.1f} ms; "
        f"{statistics.median(sizes) / 1024:.1f} KB each"
    )


def verify() -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "verify": "100000000/h", "ticket": "100000000/h"}
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]  # the test client's host
    member = Member.objects.create(
        full_name="Bench Card",
        email="bench.card@example.org",
        phone="+250780000999",
        nationality="Rwandan",
        address="Kigali",
        membership_type="Individual",
        payment_method="Mobile Money",
        approval_status="Approved",
        membership_number="BENCH-0001",
        membership_end=timezone.localdate() + timedelta(days=200),
    )
    try:
        card_code_issue(member)
        member.save()
        code = card_code(member)
        client = Client()
        # The ticket page's call, its nearest neighbour (a public look-up by a code's hash), for scale.
        paths = {
            "ceiling": "/bench/ceiling/",
            "verify": f"/api/verify/{code}/",
            "unknown": "/api/verify/x/",
            "ticket": "/api/tickets/x/",
        }
        for path in paths.values():  # warm-up
            for _ in range(50):
                client.get(path)
        times: dict[str, list[float]] = {name: [] for name in paths}
        for _ in range(REQUESTS):  # interleaved: all three see the same machine
            for name, path in paths.items():
                start = time.perf_counter()
                response = client.get(path)
                times[name].append(time.perf_counter() - start)
                assert response.status_code == (200 if name in ("ceiling", "verify") else 404), (
                    response.content
                )
        ceiling = ms(times["ceiling"], 0.5)
        labels = {
            "verify": "GET /api/verify/{code}/ (a card)",
            "unknown": "GET /api/verify/{code}/ (no such code: 404)",
            "ticket": "GET /api/tickets/{code}/ (no such code: 404), for scale",
        }
        for name, label in labels.items():
            print(
                f"{label}, {REQUESTS} requests in process: p50 {ms(times[name], 0.5):.2f} ms, "
                f"p95 {ms(times[name], 0.95):.2f} ms; ceiling p50 {ceiling:.2f} ms "
                f"(x{ms(times[name], 0.5) / ceiling:.1f})"
            )
    finally:
        member.delete()


if __name__ == "__main__":
    cards()
    verify()
