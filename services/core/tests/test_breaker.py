"""The cache's circuit breaker against a real redis-server that the test freezes with SIGSTOP:
the kernel still accepts connections, nobody answers, which is what a stopped or overloaded Redis
or a dead host behind a live network looks like."""

import time

import pytest

from conftest import wait_for
from services.core.breaker import CircuitBreakerError, GuardedRedisCache, cache_breaker


@pytest.fixture
def guarded_cache(private_redis, settings):
    timeouts = {"socket_connect_timeout": settings.REDIS_TIMEOUT_SECONDS}
    timeouts["socket_timeout"] = settings.REDIS_TIMEOUT_SECONDS
    yield GuardedRedisCache(private_redis.url, {"OPTIONS": timeouts})
    cache_breaker.reset()  # the breaker belongs to the process: shut for the next test


def answer(cache) -> str | None:
    try:
        return cache.get("greeting")
    except Exception:
        return None


def test_a_frozen_redis_costs_one_short_wait_then_none_until_it_is_asked_again(
    guarded_cache, private_redis, settings
):
    guarded_cache.set("greeting", "murakaza neza")
    private_redis.freeze()

    started = time.monotonic()
    with pytest.raises(Exception, match="Timeout"):
        guarded_cache.get("greeting")
    first = time.monotonic() - started
    assert first < 2, f"the first call waited {first:.1f} s (redis-py's own timeout is 5 s)"

    started = time.monotonic()
    for _ in range(50):  # one request's worth of cache calls, and more
        with pytest.raises(CircuitBreakerError):
            guarded_cache.get("greeting")
    assert time.monotonic() - started < 1, "calls while the breaker is open wait for nothing"

    private_redis.thaw()
    back = wait_for(
        lambda: answer(guarded_cache),
        timeout=settings.REDIS_RECHECK_SECONDS + 15,
        what="the cache to ask Redis again and get its answer",
    )
    assert back == "murakaza neza"
