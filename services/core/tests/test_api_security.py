"""Walks every route of the API: only the operations listed here may answer an anonymous
caller; every other one must refuse with 401. A new public route has to be added here on purpose."""

import re

import pytest

from services.api import api

PUBLIC = {
    ("GET", "/api/health/"),
    ("GET", "/api/config/"),
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
    ("POST", "/api/users/register/"),
    ("GET", "/api/resources/"),
    ("GET", "/api/resources/{resource_id}/"),
    ("GET", "/api/resources/{resource_id}/file/"),
    ("GET", "/api/updates/"),
    ("GET", "/api/updates/{update_id}/"),
}


def operations():
    schema = api.get_openapi_schema()
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield method.upper(), path, operation


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


@pytest.mark.django_db
@pytest.mark.parametrize(("method", "path"), [(m, p) for m, p, o in operations() if (m, p) not in PUBLIC])
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
