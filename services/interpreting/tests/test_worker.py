"""A withdrawn consent leaves the cached public list through the real worker (the outbox's relay
and the handler in another process), as in production."""

import pytest

from conftest import wait_for
from services.interpreting import public_cache
from services.members.my_membership import session_open, sign_in_link_issue
from services.members.tests.helpers import approved, bearer

from .helpers import PROFILE

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_listing_and_withdrawing_reach_the_cached_list_through_the_worker(client, celery_worker, settings):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0
    public_cache.invalidate()
    member = approved(1)
    access, _expires = session_open(token=sign_in_link_issue(member=member))
    names = lambda: [item["display_name"] for item in client.get("/api/interpreters/").json()["results"]]  # noqa: E731
    assert names() == []  # cached: the empty list

    def put(listed: bool):
        body = {**PROFILE, "listed": listed, "consent": listed}
        response = client.put(
            "/api/my-membership/interpreter-profile/",
            data=body,
            content_type="application/json",
            **bearer(access),
        )
        assert response.status_code == 200, response.content

    put(True)
    wait_for(lambda: names() == ["Aline U."], timeout=30, what="the worker to list the interpreter")
    put(False)
    wait_for(lambda: names() == [], timeout=30, what="the withdrawal to reach the cached list")
