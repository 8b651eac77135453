"""Sessions end when they should: after logout, a password change or reset, and the reuse of a
rotated refresh token, every earlier token of the user stops working at once."""

import time
from datetime import timedelta

import jwt
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.accounts.tokens import token_pair_issue

from .factories import PASSWORD, make_user
from .test_auth import LOGIN, LOGOUT, ME, REFRESH, post

CHANGE = "/api/users/change-password/"
# The key the embedded mode once signed with, published in the repository's history.
PUBLISHED_KEY = "insecure-dev-key-change-me"


def me(client, access) -> int:
    return client.get(ME, HTTP_AUTHORIZATION=f"Bearer {access}").status_code


def sign_in(client) -> dict:
    response = post(client, LOGIN, {"username": "staffer", "password": PASSWORD})
    assert response.status_code == 200
    return response.json()


@pytest.mark.django_db
def test_logout_ends_every_session_of_the_user_at_once(client, staff):
    laptop, phone = sign_in(client), sign_in(client)
    assert me(client, laptop["access"]) == me(client, phone["access"]) == 200

    assert post(client, LOGOUT, {"refresh": laptop["refresh"]}).json() == {
        "message": "You have been signed out."
    }

    assert me(client, laptop["access"]) == 401  # not 15 minutes later: now
    assert me(client, phone["access"]) == 401
    for refresh in (laptop["refresh"], phone["refresh"]):
        assert post(client, REFRESH, {"refresh": refresh}).status_code == 401
    assert me(client, sign_in(client)["access"]) == 200  # signing in again works


@pytest.mark.django_db
def test_a_password_change_ends_every_other_session_and_keeps_this_one(client, staff):
    this, other = sign_in(client), sign_in(client)
    response = post(
        client,
        CHANGE,
        {"current_password": PASSWORD, "new_password": "Fresh-Password-99"},
        HTTP_AUTHORIZATION=f"Bearer {this['access']}",
    )
    assert response.status_code == 200
    assert me(client, this["access"]) == me(client, other["access"]) == 401
    assert me(client, response.json()["access"]) == 200
    assert post(client, REFRESH, {"refresh": response.json()["refresh"]}).status_code == 200


@pytest.mark.django_db
def test_a_password_reset_ends_every_session(client, staff):
    from .test_passwords import reset_link_token

    session = sign_in(client)
    post(client, "/api/users/request-password-reset/", {"email": staff.email})
    token = reset_link_token(staff)
    assert (
        post(
            client, "/api/users/reset-password/", {"token": token, "new_password": "Brand-New-77"}
        ).status_code
        == 200
    )
    assert me(client, session["access"]) == 401
    assert post(client, REFRESH, {"refresh": session["refresh"]}).status_code == 401


@pytest.mark.django_db
def test_reusing_a_rotated_refresh_token_ends_the_thief_and_the_victim(client, staff):
    stolen = sign_in(client)
    rotated = post(client, REFRESH, {"refresh": stolen["refresh"]}).json()  # the thief's new pair
    assert me(client, rotated["access"]) == 200

    assert post(client, REFRESH, {"refresh": stolen["refresh"]}).status_code == 401  # the replay
    assert me(client, rotated["access"]) == 401
    assert post(client, REFRESH, {"refresh": rotated["refresh"]}).status_code == 401


@pytest.mark.django_db
def test_an_old_token_of_an_ended_session_does_not_end_the_new_one(client, staff):
    old = sign_in(client)
    post(client, LOGOUT, {"refresh": old["refresh"]})
    new = sign_in(client)
    assert post(client, REFRESH, {"refresh": old["refresh"]}).status_code == 401
    assert post(client, LOGOUT, {"refresh": old["refresh"]}).status_code == 200
    assert me(client, new["access"]) == 200


@pytest.mark.django_db
def test_a_session_ends_a_day_after_sign_in_however_often_it_is_refreshed(client, staff):
    signed_in = int((timezone.now() - timedelta(hours=23)).timestamp())
    pair = token_pair_issue(user=staff, auth_time=signed_in)
    refreshed = post(client, REFRESH, {"refresh": pair.refresh}).json()
    for raw in (refreshed["refresh"], refreshed["access"]):
        claims = jwt.decode(raw, options={"verify_signature": False})
        assert claims["exp"] <= signed_in + 24 * 3600


@pytest.mark.django_db
def test_a_token_signed_with_the_published_key_is_refused(client, staff, settings):
    assert settings.SECRET_KEY != PUBLISHED_KEY
    now = int(time.time())
    forged = jwt.encode(
        {"token_type": "access", "exp": now + 600, "iat": now, "jti": "f" * 32, "user_id": staff.pk, "sv": 0},
        PUBLISHED_KEY,
        algorithm="HS256",
    )
    assert me(client, forged) == 401


@pytest.mark.django_db
def test_a_reset_request_does_the_same_work_for_a_staff_and_an_unknown_address(client, staff):
    make_user("member", staff=False, email="member@example.org")

    def writes(email):
        with CaptureQueriesContext(connection) as queries:
            assert post(client, "/api/users/request-password-reset/", {"email": email}).status_code == 200
        return [
            query["sql"].split("(")[0].split(" VALUES")[0]
            for query in queries.captured_queries
            if query["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE", "SELECT"))
        ]

    staff_work = writes(staff.email)
    assert staff_work and any(sql.upper().startswith("INSERT") for sql in staff_work)
    assert writes("nobody@example.org") == staff_work
    assert writes("member@example.org") == staff_work
