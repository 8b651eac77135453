"""CPD certificates (issue 28): the certificate of attendance's PDF generation time (each its own
code and QR code, four languages), and a yearly statement's, in one process. Builds unsaved rows:
no database rows are written.

    DJANGO_SETTINGS_MODULE=services.settings_bench python .ci/bench_certificates.py [CERTIFICATES]

Prints report lines (docs/benchmarks.md)."""

import os
import statistics
import sys
import time
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings_bench")

import django

django.setup()

from services.core.cpd import CPD_CATEGORIES  # noqa: E402
from services.members.certificates import certificate_pdf, statement_pdf  # noqa: E402
from services.members.cpd import _code_new  # noqa: E402
from services.members.models import CpdCredit, Member  # noqa: E402

CERTIFICATES = int(sys.argv[1]) if len(sys.argv) > 1 else 200
STATEMENTS = max(CERTIFICATES // 4, 10)


def ms(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def member(i: int) -> Member:
    names = ["Aline Uwase", "Jean-Baptiste Nshimiyimana Habyarimana", "Rwanda National Union of the Deaf"]
    return Member(
        pk=100000 + i,
        full_name=names[i % 3],
        membership_number=f"2026-{i:04d}",
        language=("en", "fr", "rw", "sw")[i % 4],
    )


def certificates() -> None:
    titles = [
        "Ethics in court interpreting",
        "Pan-African Sign Language Interpreters Conference: three days of keynotes",
    ]
    times, sizes = [], []
    for i in range(CERTIFICATES):
        code_hash, sealed = _code_new()  # a new code each: a new QR code each
        credit = CpdCredit(
            pk=200000 + i,
            title=titles[i % 2],
            date=date(2026, 11, 20),
            hours=Decimal("3.50"),
            category=CPD_CATEGORIES[i % len(CPD_CATEGORIES)],
            source="event",
            verify_code_hash=code_hash,
            verify_code_sealed=sealed,
        )
        holder = member(i)
        start = time.perf_counter()
        content = certificate_pdf(credit, holder)
        times.append(time.perf_counter() - start)
        sizes.append(len(content))
    print(
        f"PDF CPD certificate, {CERTIFICATES} certificates (each its own code and QR code, four languages): "
        f"p50 {ms(times, 0.5):.1f} ms, p95 {ms(times, 0.95):.1f} ms, max {max(times) * 1000:.1f} ms; "
        f"{statistics.median(sizes) / 1024:.1f} KB each"
    )


def statements() -> None:
    credits = [
        {
            "title": f"Workshop {n}",
            "date": date(2026, 1, 1) + timedelta(days=n * 7),
            "hours": Decimal("1.5"),
            "category": CPD_CATEGORIES[n % len(CPD_CATEGORIES)],
        }
        for n in range(40)
    ]
    times = []
    for i in range(STATEMENTS):
        start = time.perf_counter()
        statement_pdf(member(i), 2026, credits)
        times.append(time.perf_counter() - start)
    print(
        f"PDF CPD yearly statement, {STATEMENTS} statements of 40 activities each: "
        f"p50 {ms(times, 0.5):.1f} ms, p95 {ms(times, 0.95):.1f} ms"
    )


if __name__ == "__main__":
    certificates()
    statements()
