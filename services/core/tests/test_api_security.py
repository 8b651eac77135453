"""Walks every route of the API: only the operations listed here may answer an anonymous
caller; every other one must refuse with 401. A new public route has to be added here on purpose."""

import re

import pytest

from services.api import api

PUBLIC = {
    # Interpreter requests: the form, the e-mailed links, the counts (docs/interpreting.md).
    ("POST", "/api/interpreter-requests/"),
    ("POST", "/api/interpreter-requests/cancel/"),
    ("POST", "/api/interpreter-offers/accept/"),
    ("POST", "/api/interpreter-offers/decline/"),
    ("GET", "/api/interpreting/summary/"),
    ("GET", "/api/health/"),
    ("GET", "/api/config/"),
    ("GET", "/api/challenge/"),
    ("GET", "/api/privacy/"),
    ("POST", "/api/management/contact-form/"),
    ("POST", "/api/users/login/"),
    ("POST", "/api/users/token/refresh/"),
    ("POST", "/api/users/logout/"),
    ("POST", "/api/users/request-password-reset/"),
    ("GET", "/api/users/validate-reset-token/{token}/"),
    ("POST", "/api/users/reset-password/{token}/"),
    ("POST", "/api/users/validate-reset-token/"),
    ("POST", "/api/users/reset-password/"),
    ("GET", "/api/management/public-events/"),
    ("GET", "/api/management/public-events/{event_id}/"),
    ("GET", "/api/management/events/"),  # ?status=Published only; anything else answers 401
    ("POST", "/api/management/events/{event_id}/register/"),
    ("POST", "/api/management/events/{event_id}/waitlist/"),
    ("POST", "/api/management/waitlist-offers/check/"),
    ("POST", "/api/my-registration/"),
    ("POST", "/api/my-registration/cancel/"),
    ("GET", "/api/tickets/{code}/"),  # its holder's page, by the code nobody can guess
    ("GET", "/api/tickets/{code}/calendar.ics"),
    ("GET", "/api/verify/{code}/"),  # a card's facts, by the code its QR carries
    ("POST", "/api/users/register/"),
    ("GET", "/api/resources/"),
    ("GET", "/api/resources/{resource_id}/"),
    ("GET", "/api/resources/{resource_id}/file/"),
    ("GET", "/api/updates/"),
    ("GET", "/api/updates/{update_id}/"),
    ("GET", "/api/media/events/{event_id}/{name}"),  # the files of events' pictures
    ("POST", "/api/my-membership/sign-in-link/"),
    ("POST", "/api/my-membership/session/"),
    ("POST", "/api/my-membership/email-change/confirm/"),  # by the token e-mailed to the new address
    # The interpreter directory: listed profiles only, and of each only what it chose to show.
    ("GET", "/api/interpreters/"),
    ("GET", "/api/interpreters/districts/"),
    ("GET", "/api/interpreters/{profile_id}/"),
    ("GET", "/api/media/interpreters/{profile_id}/{name}"),
    ("GET", "/api/signed-videos/"),  # a page's, an event's or an update's signed video, once ready
}
# A member session's own operations (services/members/my_membership.py): no staff token reaches
# them, and a member token reaches nothing else (services/members/tests/test_my_membership.py).
MEMBER_PREFIX = "/api/my-membership/"


def operations():
    schema = api.get_openapi_schema()
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield method.upper(), path, operation


def never_stored(response) -> bool:
    directives = {part.strip() for part in response.get("Cache-Control", "").split(",")}
    return {"no-store", "private"} <= directives


def test_only_the_listed_operations_are_public():
    public = {(method, path) for method, path, operation in operations() if not operation.get("security")}
    assert public == PUBLIC


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), [(m, p) for m, p, o in operations() if (m, p) not in PUBLIC])
def test_every_admin_route_refuses_anonymous_callers(client, method, path):
    url = re.sub(r"\{[^}]+\}", "1", path)
    response = client.generic(method, url, data="{}", content_type="application/json")
    assert response.status_code == 401, f"{method} {path} answered {response.status_code} without a token"
    assert response.json()["code"] == "not_authenticated"
    assert never_stored(response), f"{method} {path}: {response.get('Cache-Control')}"


MEMBER_ROUTES = [(m, p) for m, p, o in operations() if (m, p) not in PUBLIC and p.startswith(MEMBER_PREFIX)]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "path"),
    [(m, p) for m, p, o in operations() if (m, p) not in PUBLIC and not p.startswith(MEMBER_PREFIX)],
)
def test_every_admin_route_refuses_non_staff_users(client, method, path):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    member = make_user("member", staff=False)
    url = re.sub(r"\{[^}]+\}", "1", path)
    response = client.generic(
        method,
        url,
        data="{}",
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {token_pair_issue(user=member).access}",
    )
    assert response.status_code == 403
    assert never_stored(response), f"{method} {path}: {response.get('Cache-Control')}"


BIG = 300 * 1024  # over DATA_UPLOAD_MAX_MEMORY_SIZE (256 KiB)
MANY_FIELDS = "&".join(f"f{n}=x" for n in range(1500))  # over DATA_UPLOAD_MAX_NUMBER_FIELDS (1000)
BOUNDARY = "multipart/form-data; boundary=cut"
# Bodies a script might send to a staff endpoint without a token: none may be read, parsed or
# judged (400, 413, 415) before the caller is known.
BODIES = {
    "malformed JSON": (b'{"title": ', "application/json"),
    "forbidden character": (b'{"title": "a\\u0000b\\u202e"}', "application/json"),
    "oversized JSON": (b'{"title": "' + b"x" * BIG + b'"}', "application/json"),
    "not JSON": (b"title=x", "text/plain"),
    "oversized form": (b"title=" + b"x" * BIG, "application/x-www-form-urlencoded"),
    "too many form fields": (MANY_FIELDS.encode(), "application/x-www-form-urlencoded"),
    "broken multipart": (b"--cut\r\nContent-Disposition: form-data; name=", BOUNDARY),
    "oversized multipart": (
        b'--cut\r\nContent-Disposition: form-data; name="title"\r\n\r\n' + b"x" * BIG + b"\r\n--cut--\r\n",
        BOUNDARY,
    ),
}
STAFF_ROUTES = [
    (m, p) for m, p, o in operations() if (m, p) not in PUBLIC and not p.startswith(MEMBER_PREFIX)
]


@pytest.mark.django_db
@pytest.mark.parametrize("body", BODIES)
@pytest.mark.parametrize(("method", "path"), STAFF_ROUTES + MEMBER_ROUTES)
def test_no_body_is_read_before_the_caller_is_authenticated(client, method, path, body):
    content, content_type = BODIES[body]
    url = re.sub(r"\{[^}]+\}", "1", path)
    response = client.generic(method, url, data=content, content_type=content_type)
    assert response.status_code == 401, f"{method} {path} answered {response.status_code} to {body}"
    assert response.json()["code"] == "not_authenticated"


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["oversized form", "broken multipart", "malformed JSON"])
def test_a_non_staff_token_is_refused_before_the_body_too(client, body):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    token = token_pair_issue(user=make_user("member", staff=False)).access
    content, content_type = BODIES[body]
    for method, path in STAFF_ROUTES:
        url = re.sub(r"\{[^}]+\}", "1", path)
        response = client.generic(
            method, url, data=content, content_type=content_type, HTTP_AUTHORIZATION=f"Bearer {token}"
        )
        assert response.status_code == 403, f"{method} {path} answered {response.status_code} to {body}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "status", "code"),
    [("oversized multipart", 413, "request_too_large"), ("too many form fields", 400, "bad_request")],
)
def test_once_staff_are_known_a_bad_form_body_answers_its_envelope(staff_client, body, status, code):
    content, content_type = BODIES[body]
    response = staff_client.generic("PUT", "/api/resources/1/", data=content, content_type=content_type)
    assert (response.status_code, response.json()["code"]) == (status, code)


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), STAFF_ROUTES + MEMBER_ROUTES)
def test_no_staff_answer_may_be_stored_by_a_browser_or_a_proxy(staff_client, method, path):
    """Staff data (and the errors of staff calls) must not stay in a shared computer's browser
    cache or a proxy after the session ends."""
    url = re.sub(r"\{[^}]+\}", "1", path)
    response = staff_client.generic(method, url, data="{}", content_type="application/json")
    assert never_stored(response), (
        f"{method} {path} ({response.status_code}): {response.get('Cache-Control')}"
    )


@pytest.mark.django_db
def test_public_answers_keep_their_own_caching_and_staff_readings_of_them_are_never_stored(staff_client):
    from django.test import Client

    client = Client()  # anonymous (staff_client is the `client` fixture with a token)
    anonymous = client.get("/api/management/events/?status=Published")
    assert anonymous["Cache-Control"] == "no-cache" and anonymous.has_header("ETag")
    assert client.get("/api/management/public-events/")["Cache-Control"] == "no-cache"
    assert not client.get("/api/health/").has_header("Cache-Control")
    # The same operations answered to staff carry staff data.
    assert never_stored(staff_client.get("/api/management/events/?status=Draft"))
    assert never_stored(staff_client.get("/api/health/"))
