"""The evidence (docs/interpreting.md, The report): requests per month of their date, by setting
and district, the share filled, the median time to assignment, the unfilled ones with their
reasons; and the public summary (counts only)."""

from collections import Counter, defaultdict
from datetime import date as Date
from statistics import median

from django.db.models import Count, Q
from django.utils import timezone

from .models import InterpreterProfile, InterpreterRequest

Status = InterpreterRequest.Status
FILLED = (Status.ASSIGNED, Status.COMPLETED)
REMOTE = "remote"  # the district column of a remote request without one


def _year_rows(year: int):
    return InterpreterRequest.objects.filter(date__year=year)


def report(*, year: int) -> dict:
    """One year's report, counted in the database (per month, setting, district and status)."""
    grouped = (
        _year_rows(year)
        .values("date__month", "setting", "district", "mode", "status")
        .annotate(n=Count("pk"))
        .order_by()
    )
    months: dict[int, Counter] = defaultdict(Counter)
    by_setting: dict[str, Counter] = defaultdict(Counter)
    by_district: dict[str, Counter] = defaultdict(Counter)
    cells: dict[tuple, Counter] = defaultdict(Counter)
    totals: Counter = Counter()
    for row in grouped:
        kind = "filled" if row["status"] in FILLED else row["status"]
        district = row["district"] or REMOTE
        for counter in (
            months[row["date__month"]],
            by_setting[row["setting"]],
            by_district[district],
            cells[(row["date__month"], row["setting"], district)],
            totals,
        ):
            counter["requests"] += row["n"]
            counter[kind] += row["n"]
    waits = [
        (assigned - created).total_seconds() / 3600
        for created, assigned in _year_rows(year)
        .filter(assigned_at__isnull=False)
        .values_list("created_at", "assigned_at")
    ]
    unfilled = list(
        _year_rows(year)
        .filter(status=Status.UNFILLED)
        .order_by("date", "pk")
        .values("reference", "date", "setting", "district", "mode", "unfilled_reason")
    )
    return {
        "year": year,
        "totals": _counts(totals)
        | {"median_hours_to_assignment": round(median(waits), 1) if waits else None},
        "months": [{"month": f"{year}-{m:02d}", **_counts(months[m])} for m in range(1, 13)],
        "by_setting": [{"setting": key, **_counts(value)} for key, value in sorted(by_setting.items())],
        "by_district": [{"district": key, **_counts(value)} for key, value in sorted(by_district.items())],
        "cells": [
            {"month": f"{year}-{m:02d}", "setting": setting, "district": district, **_counts(value)}
            for (m, setting, district), value in sorted(cells.items())
        ],
        "unfilled": [
            {
                "reference": row["reference"],
                "date": row["date"],
                "setting": row["setting"],
                "district": row["district"] or REMOTE,
                "reason": row["unfilled_reason"],
            }
            for row in unfilled
        ],
    }


def _counts(counter: Counter) -> dict:
    requests = counter["requests"]
    decided = counter["filled"] + counter[Status.UNFILLED]  # neither open nor cancelled
    return {
        "requests": requests,
        "filled": counter["filled"],
        "unfilled": counter[Status.UNFILLED],
        "cancelled": counter[Status.CANCELLED],
        "open": counter[Status.NEW] + counter[Status.OFFERED],
        "share_filled": round(counter["filled"] / decided, 3) if decided else None,
    }


REPORT_CSV_HEADER = ["month", "setting", "district", "requests", "filled", "unfilled", "cancelled", "open"]


def report_csv_rows(data: dict):
    for cell in data["cells"]:
        yield [cell[name] for name in REPORT_CSV_HEADER]


def summary(*, today: Date | None = None) -> dict:
    """The public summary: counts only, this year and last, and the interpreters listed."""
    today = today or timezone.localdate()
    years = []
    for year in (today.year, today.year - 1):
        counts = _year_rows(year).aggregate(
            requests=Count("pk"),
            filled=Count("pk", filter=Q(status__in=FILLED)),
            unfilled=Count("pk", filter=Q(status=Status.UNFILLED)),
            cancelled=Count("pk", filter=Q(status=Status.CANCELLED)),
        )
        decided = counts["filled"] + counts["unfilled"]
        by_setting = (
            _year_rows(year)
            .exclude(status=Status.CANCELLED)
            .values("setting")
            .annotate(n=Count("pk"))
            .order_by()
        )
        years.append(
            {
                "year": year,
                "requests": counts["requests"],
                "filled": counts["filled"],
                "unfilled": counts["unfilled"],
                "share_filled": round(counts["filled"] / decided, 3) if decided else None,
                "by_setting": sorted(
                    ({"setting": row["setting"], "requests": row["n"]} for row in by_setting),
                    key=lambda row: (-row["requests"], row["setting"]),
                ),
            }
        )
    return {"years": years, "interpreters_listed": InterpreterProfile.objects.listed().count()}
