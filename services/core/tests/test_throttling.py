"""A named limit on Redis: one script per request counts the client address's requests in the
window (the sliding window of ninja's throttle), each address on its own, with its Retry-After."""

import pytest
import redis
from django.test import RequestFactory
from ninja.throttling import SimpleRateThrottle

from services.core.breaker import GuardedRedisCache, cache_breaker
from services.core.throttling import ActionThrottle


@pytest.fixture
def redis_throttle(private_redis, settings, monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "cache", GuardedRedisCache(private_redis.url, {}))
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "registration": "2/h"}
    throttle = ActionThrottle("registration")
    clock = [1_000_000.0]
    throttle.timer = lambda: clock[0]
    yield throttle, clock
    cache_breaker.reset()


def from_address(address: str):
    return RequestFactory().post("/", REMOTE_ADDR=address)


def test_each_address_gets_its_own_window_in_one_round_trip(redis_throttle, monkeypatch):
    throttle, clock = redis_throttle
    assert throttle.allow_request(from_address("10.0.0.1"))  # the script is loaded here
    commands = []
    execute = redis.Redis.execute_command
    monkeypatch.setattr(
        redis.Redis, "execute_command", lambda self, *a, **k: commands.append(a[0]) or execute(self, *a, **k)
    )
    clock[0] += 600
    assert throttle.allow_request(from_address("10.0.0.1"))
    assert commands == ["EVALSHA"]
    clock[0] += 600
    assert not throttle.allow_request(from_address("10.0.0.1"))
    # The first request leaves the window an hour after it came: 2,400 s from now.
    assert throttle.wait() == pytest.approx(2400)
    assert throttle.allow_request(from_address("10.0.0.2"))  # another address, another count
    clock[0] += 2401
    assert throttle.allow_request(from_address("10.0.0.1"))  # the first one has left the window
    assert not throttle.allow_request(from_address("10.0.0.1"))
