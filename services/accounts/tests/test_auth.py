from datetime import timedelta
from unittest import mock

import psycopg
import pytest
from django.conf import settings
from django.db import close_old_connections, connection
from ninja_jwt.tokens import AccessToken

from services.accounts import tokens
from services.accounts.tokens import token_pair_issue

from .factories import PASSWORD, make_user

LOGIN = "/api/users/login/"
REFRESH = "/api/users/token/refresh/"
LOGOUT = "/api/users/logout/"
ME = "/api/users/me/"


def post(client, path, payload, **extra):
    return client.post(path, data=payload, content_type="application/json", **extra)


def bearer(token):
    return {"HTTP_AUTHORIZATION": f"Bearer {token}"}


@pytest.mark.django_db
def test_staff_user_signs_in_with_a_token_pair_and_the_spec_user(client, staff):
    response = post(client, LOGIN, {"username": "staffer", "password": PASSWORD})
    assert response.status_code == 200
    body = response.json()
    assert body["access"] and body["refresh"]
    user = body["user"]
    assert user["username"] == "staffer" and user["email"] == "staffer@example.org"
    assert user["name"] == "Grace Mukamana"
    assert user["role"] == "Administrator"
    assert set(user) >= {
        "phone",
        "preferred_language",
        "date_of_birth",
        "occupation",
        "organization",
        "experience_years",
        "preferred_communication_language",
        "skills",
        "areas_of_interest",
        "certifications",
    }
    assert client.get(ME, **bearer(body["access"])).json()["username"] == "staffer"
    staff.refresh_from_db()
    assert staff.last_login is not None


@pytest.mark.django_db
def test_wrong_password_unknown_user_and_non_staff_get_the_same_answer(client, staff):
    make_user("member", staff=False)
    answers = [
        post(client, LOGIN, {"username": "staffer", "password": "wrong"}),
        post(client, LOGIN, {"username": "nobody", "password": PASSWORD}),
        post(client, LOGIN, {"username": "member", "password": PASSWORD}),
    ]
    assert {response.status_code for response in answers} == {401}
    assert {response.content for response in answers} == {
        b'{"detail": "Invalid username or password", "code": "invalid_credentials"}'
    }


@pytest.mark.django_db
@pytest.mark.parametrize("payload", [{}, {"username": "staffer"}, {"username": "  ", "password": "x"}])
def test_missing_credentials_answer_the_screen_message(client, payload):
    response = post(client, LOGIN, payload)
    assert response.status_code == 400
    assert response.json()["detail"] == "Please enter both username and password"


@pytest.mark.django_db
def test_five_failures_lock_the_username_from_that_address_only(client, staff):
    for _ in range(4):
        assert post(client, LOGIN, {"username": "staffer", "password": "wrong"}).status_code == 401
    assert post(client, LOGIN, {"username": "staffer", "password": "wrong"}).status_code == 429  # 5th
    locked = post(client, LOGIN, {"username": "staffer", "password": PASSWORD})
    assert locked.status_code == 429
    assert locked.json() == {
        "detail": "Too many failed sign-in attempts. Please try again in 15 minutes.",
        "code": "locked_out",
    }
    # The real admin at another address is not locked out by someone guessing elsewhere.
    assert (
        post(client, LOGIN, {"username": "staffer", "password": PASSWORD}, REMOTE_ADDR="10.9.8.7").status_code
        == 200
    )


@pytest.mark.django_db
def test_a_success_clears_earlier_failures(client, staff):
    for _ in range(4):
        post(client, LOGIN, {"username": "staffer", "password": "wrong"})
    assert post(client, LOGIN, {"username": "staffer", "password": PASSWORD}).status_code == 200
    for _ in range(4):
        post(client, LOGIN, {"username": "staffer", "password": "wrong"})
    assert post(client, LOGIN, {"username": "staffer", "password": PASSWORD}).status_code == 200


@pytest.mark.django_db
def test_refresh_rotates_and_a_reused_refresh_token_is_refused_and_ends_the_session(client, staff_tokens):
    first = post(client, REFRESH, {"refresh": staff_tokens.refresh})
    assert first.status_code == 200
    rotated = first.json()
    assert rotated["refresh"] != staff_tokens.refresh
    assert client.get(ME, **bearer(rotated["access"])).status_code == 200

    reused = post(client, REFRESH, {"refresh": staff_tokens.refresh})
    assert reused.status_code == 401
    assert reused.json()["code"] == "token_not_valid"
    assert post(client, REFRESH, {"refresh": rotated["refresh"]}).status_code == 401


@pytest.mark.django_db
def test_logout_blacklists_the_refresh_token(client, staff_tokens):
    assert post(client, LOGOUT, {"refresh": staff_tokens.refresh}).status_code == 200
    assert post(client, REFRESH, {"refresh": staff_tokens.refresh}).status_code == 401
    assert post(client, LOGOUT, {"refresh": "garbage"}).status_code == 200  # idempotent


@pytest.mark.django_db
@pytest.mark.parametrize("refresh", ["", "not-a-token", "a" * 5000])
def test_bad_refresh_tokens_are_401_envelopes(client, refresh):
    response = post(client, REFRESH, {"refresh": refresh})
    assert response.status_code == 401
    assert response.json()["code"] == "token_not_valid"


@pytest.mark.django_db
def test_an_access_token_cannot_be_used_as_a_refresh_token(client, staff_tokens):
    assert post(client, REFRESH, {"refresh": staff_tokens.access}).status_code == 401


@pytest.mark.django_db
def test_refresh_of_a_user_who_lost_staff_rights_is_refused(client, staff, staff_tokens):
    staff.is_staff = False
    staff.save()
    assert post(client, REFRESH, {"refresh": staff_tokens.refresh}).status_code == 401


@pytest.mark.django_db
def test_expired_invalid_and_missing_access_tokens_are_401(client, staff):
    expired = AccessToken.for_user(staff)
    expired.set_exp(lifetime=-timedelta(seconds=1))
    for headers in ({}, bearer("junk"), bearer(str(expired)), {"HTTP_AUTHORIZATION": "Basic abc"}):
        response = client.get(ME, **headers)
        assert response.status_code == 401
        assert response.json()["code"] == "not_authenticated"


@pytest.mark.django_db
def test_a_non_staff_token_is_403_and_an_inactive_user_401(client):
    member = make_user("member", staff=False)
    assert client.get(ME, **bearer(token_pair_issue(user=member).access)).status_code == 403
    gone = make_user("gone", active=False)
    assert client.get(ME, **bearer(token_pair_issue(user=gone).access)).status_code == 401


@pytest.mark.django_db
def test_access_token_lifetime_is_short_and_refresh_lasts_the_session(staff_tokens):
    from ninja_jwt.tokens import RefreshToken

    access = AccessToken(staff_tokens.access)
    refresh = RefreshToken(staff_tokens.refresh)
    assert access["exp"] - access["iat"] == 15 * 60
    assert refresh["exp"] - refresh["iat"] == 24 * 3600


@pytest.mark.django_db
def test_me_costs_a_constant_number_of_queries(client, staff_tokens, django_assert_num_queries):
    with django_assert_num_queries(1):
        assert client.get(ME, **bearer(staff_tokens.access)).status_code == 200


@pytest.mark.django_db
def test_a_token_accepted_before_is_refused_once_it_has_expired(client, staff):
    token = AccessToken.for_user(staff)
    token.set_exp(lifetime=timedelta(minutes=1))
    assert client.get(ME, **bearer(str(token))).status_code == 200
    later = tokens.time.time() + 61
    with mock.patch.object(tokens.time, "time", return_value=later):
        assert client.get(ME, **bearer(str(token))).status_code == 401


def _on_postgresql():
    if connection.vendor != "postgresql" or not settings.DATABASES["default"]["CONN_HEALTH_CHECKS"]:
        pytest.skip("a connection kept between requests and its health check: PostgreSQL")


@pytest.mark.django_db(transaction=True)
def test_the_token_check_is_the_requests_connection_health_check(client, staff_tokens):
    """No `SELECT 1` of its own before a staff request: the token's statement checks the connection."""
    _on_postgresql()
    assert client.get(ME, **bearer(staff_tokens.access)).status_code == 200
    close_old_connections()  # as a request's start does (the test client leaves it out)
    assert not connection.health_check_done
    with mock.patch.object(connection, "is_usable", wraps=connection.is_usable) as checked:
        assert client.get(ME, **bearer(staff_tokens.access)).status_code == 200
    assert checked.call_count == 0


@pytest.mark.django_db(transaction=True)
def test_a_dead_connection_does_not_fail_a_staff_request(client, staff_tokens):
    """The database dropped the connection between two requests (a restart, an idle timeout): the
    token check connects again and the request is answered, as the health check would have."""
    _on_postgresql()
    assert client.get(ME, **bearer(staff_tokens.access)).status_code == 200
    dead = connection.connection.info.backend_pid
    params = {**connection.get_connection_params(), "autocommit": True}
    with psycopg.connect(**params) as other:
        other.execute("SELECT pg_terminate_backend(%s)", [dead])
    close_old_connections()
    assert client.get(ME, **bearer(staff_tokens.access)).status_code == 200
    assert connection.connection.info.backend_pid != dead
