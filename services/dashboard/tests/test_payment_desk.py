"""The payment desk: pending event payments and renewals in one list, searched by reference,
paged in the database (docs/registrations.md, The payment desk)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.events.tests.factories import make_event
from services.members.models import Member, Renewal
from services.members.tests.helpers import make_member
from services.registrations.models import Registration

pytestmark = pytest.mark.django_db
DESK = "/api/management/payment-desk/"


def registration(event, i, status=Registration.Status.PENDING, **fields):
    return Registration.objects.create(
        event=event,
        full_name=f"Payer {i}",
        email=f"payer{i}@example.org",
        phone=f"+25078{i:07d}",
        preferred_language="English",
        registration_status=status,
        payment_reference=f"R{i:05d}",
        **fields,
    )


def renewal(i, status=Renewal.Status.PENDING, **fields):
    member = make_member(
        i,
        approval_status=Member.Approval.APPROVED,
        membership_number=f"2026-{i:04d}",
        full_name=f"Renewer {i}",
    )
    return Renewal.objects.create(
        member=member,
        reference=f"M{i:05d}",
        status=status,
        membership_type="Individual",
        fee=Decimal(10000),
        payment_method="Mobile Money",
        **fields,
    )


def test_the_desk_lists_pending_event_payments_and_renewals_together(staff_client):
    paid = make_event(price=2000, title="Paid workshop")
    free = make_event(price=0, title="Free talk")
    reg = registration(paid, 1)
    registration(paid, 2, status=Registration.Status.APPROVED, transaction_id="T2")
    Registration.objects.create(
        event=free,
        full_name="Free 3",
        email="f3@example.org",
        phone="+250780000003",
        preferred_language="English",
    )
    ren = renewal(10)
    renewal(11, status=Renewal.Status.CONFIRMED, transaction_id="T11")
    Registration.objects.filter(pk=reg.pk).update(registration_date=timezone.now() - timedelta(hours=1))
    body = staff_client.get(DESK, {"status": "Pending"}).json()
    assert body["count"] == 2
    first, second = body["results"]
    # Newest first: the renewal, then the registration an hour older.
    assert {
        k: first[k] for k in ("kind", "id", "reference", "amount", "name", "membership_type", "member_id")
    } == {
        "kind": "renewal",
        "id": ren.pk,
        "reference": "M00010",
        "amount": 10000.0,
        "name": "Renewer 10",
        "membership_type": "Individual",
        "member_id": ren.member_id,
    }
    assert {
        k: second[k] for k in ("kind", "id", "reference", "amount", "name", "event_title", "event_id")
    } == {
        "kind": "registration",
        "id": reg.pk,
        "reference": "R00001",
        "amount": 2000.0,
        "name": "Payer 1",
        "event_title": "Paid workshop",
        "event_id": paid.pk,
    }
    assert second["created_at"] < first["created_at"]
    confirmed = staff_client.get(DESK, {"status": "Confirmed"}).json()
    assert sorted((row["kind"], row["transaction_id"]) for row in confirmed["results"]) == [
        ("registration", "T2"),
        ("renewal", "T11"),
    ]


def test_search_by_reference_any_capitals_or_name(staff_client):
    event = make_event(price=2000)
    registration(event, 1)
    renewal(2)
    assert [row["reference"] for row in staff_client.get(DESK, {"search": "m00002"}).json()["results"]] == [
        "M00002"
    ]
    assert [row["reference"] for row in staff_client.get(DESK, {"search": "r00001"}).json()["results"]] == [
        "R00001"
    ]
    assert [row["kind"] for row in staff_client.get(DESK, {"search": "renewer"}).json()["results"]] == [
        "renewal"
    ]
    assert staff_client.get(DESK, {"search": "NOPE99"}).json()["count"] == 0
    assert [row["kind"] for row in staff_client.get(DESK, {"kind": "registration"}).json()["results"]] == [
        "registration"
    ]


@pytest.mark.parametrize(
    ("params", "field"),
    [
        ({"status": "Paid"}, "status"),
        ({"kind": "donation"}, "kind"),
        ({"search": "x" * 151}, "search"),
        ({"page_size": 7}, "page_size"),
        ({"page": 0}, "page"),
        ({"page": "abc"}, "page"),
    ],
)
def test_bad_desk_filters_answer_the_envelope(staff_client, params, field):
    response = staff_client.get(DESK, params)
    assert response.status_code == 400
    assert field in response.json()["fields"]


@pytest.mark.parametrize("n", [2, 30])
def test_the_desk_pages_in_the_database_with_constant_queries(staff_client, n):
    event = make_event(price=2000)
    for i in range(n):
        registration(event, i)
        renewal(100 + i)
    with CaptureQueriesContext(connection) as queries:
        body = staff_client.get(DESK, {"page_size": 20, "page": 2 if n > 10 else 1}).json()
    assert body["count"] == 2 * n
    assert len(body["results"]) == (20 if n > 10 else 2 * n)
    # The staff user, the count and the page: the same whatever the rows.
    assert len(queries) <= 4, [q["sql"] for q in queries.captured_queries]
    ordered = [row["created_at"] for row in body["results"]]
    assert ordered == sorted(ordered, reverse=True)
