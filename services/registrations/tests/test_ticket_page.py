"""The ticket page (/ticket/{code}) carries its ticket in its HTML, for its holder only: never
kept by a browser or proxy, counted in the tickets' own limit, nothing for an unknown code."""

import json
import re

import pytest
from django.test import override_settings

from services.events.tests.factories import make_event
from services.registrations import tickets
from services.registrations.models import Registration

from .helpers import decide, person, register

pytestmark = pytest.mark.django_db


@pytest.fixture
def dist(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><head><title>Portal</title></head><body></body>")
    with override_settings(FRONTEND_DIST=tmp_path):
        yield tmp_path


def carried(html: str) -> tuple[str, dict] | None:
    found = re.search(
        r'<script type="application/json" id="page-data" data-api="([^"]*)">(.*?)</script>', html
    )
    return (found.group(1), json.loads(found.group(2))) if found else None


def a_ticket(client, staff_client) -> str:
    event = make_event("Door Day", price=5000)
    register(client, event.pk, person(1, full_name="Aline </script><b>Uwase</b>"))
    registration = Registration.objects.get(email="p1@example.org")
    assert decide(staff_client, registration.pk, transaction_id="MP1.1").status_code == 200
    return tickets.ticket_code(registration.pk)


def test_the_ticket_page_carries_what_the_api_answers_and_is_never_stored(client, staff_client, dist):
    code = a_ticket(client, staff_client)
    page = client.get(f"/ticket/{code}")
    assert page["Cache-Control"] == "no-store"  # a person's name and seat
    html = page.content.decode()
    assert carried(html) == (f"tickets/{code}/", client.get(f"/api/tickets/{code}/").json())
    assert "</script><b>" not in html  # the holder's name cannot end the data's element
    # Other pages are revalidated as before, not barred from caches.
    assert client.get("/events")["Cache-Control"] == "no-cache"


def test_an_unknown_or_malformed_code_carries_nothing(client, staff_client, dist):
    code = a_ticket(client, staff_client)
    for path in (f"/ticket/{code[:-1]}", f"/ticket/{code}x", "/ticket/a%3Cb", "/ticket/" + "A" * 65):
        page = client.get(path)
        assert carried(page.content.decode()) is None, path
        assert page["Cache-Control"] == "no-cache", path


def test_the_page_counts_in_the_tickets_limit(client, staff_client, dist, settings):
    code = a_ticket(client, staff_client)
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "ticket": "2/h"}
    assert carried(client.get(f"/ticket/{code}").content.decode())
    assert client.get(f"/api/tickets/{code}/").status_code == 200
    # The limit reached: the page still loads, without the ticket; the app's call then answers 429.
    assert carried(client.get(f"/ticket/{code}").content.decode()) is None
    assert client.get(f"/api/tickets/{code}/").status_code == 429
