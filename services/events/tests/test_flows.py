"""The public cache follows an admin's change through the outbox and a real worker."""

import pytest

from conftest import wait_for

from .factories import make_event

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_an_edit_reaches_the_public_list_through_the_worker(client, staff_client, celery_worker, settings):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0
    event = make_event("Before the edit")
    assert client.get("/api/management/public-events/").json()[0]["title"] == "Before the edit"

    response = staff_client.put(
        f"/api/management/events/{event.pk}/",
        data={"title": "After the edit"},
        content_type="application/json",
    )
    assert response.status_code == 200
    wait_for(
        lambda: client.get("/api/management/public-events/").json()[0]["title"] == "After the edit",
        timeout=30,
        what="the worker to invalidate the public cache",
    )

    staff_client.post(
        f"/api/management/events/{event.pk}/change-status/",
        data={"status": "Draft"},
        content_type="application/json",
    )
    wait_for(
        lambda: client.get("/api/management/public-events/").json() == [],
        timeout=30,
        what="the draft to leave the public list",
    )
    assert client.get(f"/api/management/public-events/{event.pk}/").status_code == 404
