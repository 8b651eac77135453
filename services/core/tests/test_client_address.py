"""Who is calling, behind a simulated nginx hop, and one limit per action.

nginx (compose, NUM_PROXIES=1) connects from its own address and appends the address it was called
from to X-Forwarded-For. A client may send its own X-Forwarded-For first; nginx appends after it."""

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.test import RequestFactory

from services.accounts.tests.factories import PASSWORD
from services.core import throttling
from services.core.client import client_ip
from services.core.throttling import ActionThrottle

NGINX = "172.18.0.5"
LOGIN = "/api/users/login/"
CONTACT = "/api/management/contact-form/"
RESET = "/api/users/request-password-reset/"
MESSAGE = {"name": "Aline Uwase", "email": "aline@example.org", "message": "When is the next training?"}


def through_nginx(client_address: str, forged: str | None = None) -> dict:
    """The META of a request that passed nginx: what the client typed, then what nginx appended."""
    header = f"{forged}, {client_address}" if forged else client_address
    return {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": header}


def post(client, path, payload, **meta):
    return client.post(path, data=payload, content_type="application/json", **meta)


@pytest.mark.parametrize(
    ("proxies", "meta", "expected"),
    [
        (0, {"REMOTE_ADDR": "203.0.113.7", "HTTP_X_FORWARDED_FOR": "1.2.3.4"}, "203.0.113.7"),
        (1, through_nginx("203.0.113.7"), "203.0.113.7"),
        (1, through_nginx("203.0.113.7", forged="1.2.3.4"), "203.0.113.7"),
        (1, through_nginx("203.0.113.7", forged="1.2.3.4, 5.6.7.8"), "203.0.113.7"),
        (2, {"REMOTE_ADDR": NGINX, "HTTP_X_FORWARDED_FOR": "9.9.9.9, 203.0.113.7, 10.0.0.2"}, "203.0.113.7"),
        (1, {"REMOTE_ADDR": "203.0.113.7"}, "203.0.113.7"),  # did not come through the proxy
    ],
)
def test_the_client_is_the_entry_the_trusted_proxy_appended(settings, proxies, meta, expected):
    settings.NUM_PROXIES = proxies
    assert client_ip(RequestFactory().get("/", **meta)) == expected


@pytest.mark.django_db
def test_behind_nginx_five_failures_lock_out_that_client_only(client, staff, settings):
    settings.NUM_PROXIES = 1
    for _ in range(5):
        post(client, LOGIN, {"username": "staffer", "password": "wrong"}, **through_nginx("198.51.100.1"))
    attacker = post(
        client, LOGIN, {"username": "staffer", "password": PASSWORD}, **through_nginx("198.51.100.1")
    )
    assert attacker.status_code == 429
    colleague = post(
        client, LOGIN, {"username": "staffer", "password": PASSWORD}, **through_nginx("198.51.100.2")
    )
    assert colleague.status_code == 200


@pytest.mark.django_db
def test_a_forged_forwarded_for_does_not_dodge_the_lockout(client, staff, settings):
    settings.NUM_PROXIES = 1
    for attempt in range(12):
        meta = through_nginx("198.51.100.1", forged=f"10.0.{attempt}.1")
        post(client, LOGIN, {"username": "staffer", "password": "wrong"}, **meta)
    guess = post(
        client,
        LOGIN,
        {"username": "staffer", "password": PASSWORD},
        **through_nginx("198.51.100.1", "10.9.9.9"),
    )
    assert guess.status_code == 429


@pytest.mark.django_db
def test_a_forged_forwarded_for_does_not_dodge_a_rate_limit(client, settings):
    settings.NUM_PROXIES = 1
    statuses = [
        post(client, CONTACT, MESSAGE, **through_nginx("198.51.100.1", forged=f"10.0.{i}.1")).status_code
        for i in range(11)
    ]
    assert statuses == [200] * 10 + [429]
    assert post(client, CONTACT, MESSAGE, **through_nginx("198.51.100.2")).status_code == 200


@pytest.mark.django_db
def test_each_action_has_its_own_counter(client, settings):
    for _ in range(10):
        assert post(client, CONTACT, MESSAGE).status_code == 200
    assert post(client, CONTACT, MESSAGE).status_code == 429
    # The contact limit is spent; a reset request and a sign-in still go through.
    assert post(client, RESET, {"email": "someone@example.org"}).status_code == 200
    assert post(client, LOGIN, {"username": "x", "password": "y"}).status_code == 401
    assert post(client, CONTACT, MESSAGE).status_code == 429


class Clock:
    def __init__(self):
        self.now = 1_800_000_000.0

    def __call__(self):
        return self.now


@pytest.mark.django_db
def test_a_limit_holds_over_its_whole_window_whatever_other_actions_do(client, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ActionThrottle, "timer", clock)
    for _ in range(10):
        post(client, CONTACT, MESSAGE)
    clock.now += 60
    post(client, LOGIN, {"username": "x", "password": "y"})  # a 60 s window once wiped the hour
    clock.now += 58 * 60
    assert post(client, CONTACT, MESSAGE).status_code == 429  # 59 minutes on: still spent
    clock.now += 2 * 60
    assert post(client, CONTACT, MESSAGE).status_code == 200  # 61 minutes on: free again


@pytest.mark.django_db
def test_with_the_cache_down_sign_in_is_still_limited_and_the_contact_form_fails_open(
    client, settings, monkeypatch
):
    monkeypatch.setattr(throttling, "_process_local", LocMemCache("test-fallback", {}))
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "login": "3/m", "contact": "2/h"}
    statuses = [post(client, LOGIN, {"username": "x", "password": "y"}).status_code for _ in range(4)]
    assert statuses == [401, 401, 401, 429]
    assert [post(client, CONTACT, MESSAGE).status_code for _ in range(3)] == [200, 200, 200]
