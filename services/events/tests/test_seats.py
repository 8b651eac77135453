"""The one rule for seats (services/events/seats.py), and that no other module computes them."""

import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from services.events.seats import Seats

SERVICES = Path(__file__).resolve().parents[2]
HOME = SERVICES / "events" / "seats.py"


def seats(**counts) -> Seats:
    values = {"total": 0, "pending": 0, "approved": 0, "waiting": 0, "offered": 0, "maximum": 10}
    return Seats(**{**values, **counts})


def test_unlimited_events_have_no_seat_figures_and_always_a_seat():
    unlimited = seats(maximum=None, total=500, approved=400, pending=100, waiting=3)
    assert unlimited.open is None
    assert unlimited.available is None
    assert unlimited.has_seat() and unlimited.has_seat(offer=True)
    assert unlimited.free_for_waitlist == 3  # every one of them


@pytest.mark.parametrize(
    ("counts", "open_", "available", "free"),
    [
        ({}, 10, 10, 10),
        ({"total": 4, "pending": 3, "approved": 1}, 6, 9, 6),
        ({"total": 4, "pending": 3, "approved": 1, "offered": 2}, 4, 9, 4),
        ({"total": 4, "pending": 1, "approved": 3, "waiting": 2}, 0, 7, 6),  # freed seats go to them
        ({"total": 12, "pending": 2, "approved": 10}, 0, 0, 0),  # never below 0
    ],
)
def test_figures(counts, open_, available, free):
    figures = seats(**counts)
    assert (figures.open, figures.available, figures.free_for_waitlist) == (open_, available, free)
    assert figures.has_seat() is (open_ > 0)


def test_a_claimed_offer_needs_only_a_seat_no_registration_holds():
    full_but_offered = seats(total=9, pending=9, offered=1)
    assert not full_but_offered.has_seat()
    assert full_but_offered.has_seat(offer=True)
    assert not seats(total=10, pending=10).has_seat(offer=True)


def test_of_event_reads_the_annotated_counts_and_the_stored_waiting_list():
    event = SimpleNamespace(
        maximum_attendees=20,
        total_registrations_count=5,
        pending_registrations_count=3,
        approved_registrations_count=2,
        waitlist_waiting=0,
        waitlist_offered=1,
    )
    assert Seats.of_event(event) == Seats(total=5, pending=3, approved=2, waiting=0, offered=1, maximum=20)
    assert Seats.of_event(SimpleNamespace(maximum_attendees=3)).open == 3  # not annotated: nothing held


def test_counters_are_the_stored_columns():
    assert seats(total=3, pending=1, approved=2, waiting=4, offered=5).counters() == {
        "registrations_total": 3,
        "registrations_pending": 1,
        "registrations_approved": 2,
        "waitlist_waiting": 4,
        "waitlist_offered": 5,
    }


# Arithmetic or a comparison on the maximum (`maximum_attendees - …`, `… < seats.maximum`, …).
ARITHMETIC = re.compile(
    r"\bmaximum(?:_attendees)?\b\s*(?:[-+*/<>]|==|!=)|(?:[-+*/<>]|==|!=)\s*[\w.()]*\bmaximum(?:_attendees)?\b"
)


def test_seats_are_computed_in_one_place_only():
    """Every seat figure comes from services/events/seats.py: no other module of services/
    (tests and migrations aside) does arithmetic on the maximum."""
    found = []
    for path in SERVICES.rglob("*.py"):
        if path == HOME or "tests" in path.parts or "migrations" in path.parts:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0]
            if ARITHMETIC.search(code):
                found.append(f"{path.relative_to(SERVICES)}:{number}: {line.strip()}")
    assert found == []


def test_the_scan_finds_what_it_looks_for():
    assert ARITHMETIC.search("return max(0, obj.maximum_attendees - obj.approved)")
    assert ARITHMETIC.search("has_seat = seats.total < seats.maximum")
    assert not ARITHMETIC.search("maximum_attendees: int | None")
    assert not ARITHMETIC.search("Q(maximum_attendees__gte=1)")
