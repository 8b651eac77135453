"""Redis may be down or frozen; nobody waits for it. Every Redis client gives up after
settings.REDIS_TIMEOUT_SECONDS; on top of that, each process keeps a circuit breaker per use (the
cache, the broker's publish): the first call that fails opens it, every call in the next
settings.REDIS_RECHECK_SECONDS fails at once without touching the network, and then calls try
Redis again (the first success closes it). A frozen Redis (the kernel accepts connections, nobody
reads) so costs one short timeout per process every few seconds, not one per cache call.

Callers already treat any exception as "Redis is not there" (the cache falls back to the database
or to a per-process count; a publish is left for the outbox sweep)."""

import logging
import threading
from collections.abc import Callable
from typing import TypeVar

import redis
import redis.exceptions
from circuitbreaker import CircuitBreaker, CircuitBreakerError
from django.conf import settings
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)
T = TypeVar("T")

# What "Redis is not there" looks like: refused, reset, timed out, or kombu giving up on it.
# Anything else (a bad value, a script error) is not Redis being down and leaves the breaker shut.
UNREACHABLE = (
    redis.exceptions.ConnectionError,
    redis.exceptions.TimeoutError,
    OperationalError,
    OSError,
)

__all__ = ["CircuitBreakerError", "GuardedRedisCache", "RedisBreaker", "broker_breaker", "cache_breaker"]


class RedisBreaker(CircuitBreaker):
    """Opens on the first failure and stays open REDIS_RECHECK_SECONDS (per process)."""

    def __init__(self, name: str):
        super().__init__(
            failure_threshold=1,
            recovery_timeout=settings.REDIS_RECHECK_SECONDS,
            expected_exception=UNREACHABLE,
            name=name,
        )

    def __exit__(self, exc_type, exc_value, traceback):
        was_closed = self.closed
        result = super().__exit__(exc_type, exc_value, traceback)
        if was_closed and self.opened:
            logger.warning(
                "Redis (%s) unreachable: %r; not asked again for %s s in this process",
                self.name,
                exc_value,
                settings.REDIS_RECHECK_SECONDS,
            )
        return result

    def guard(self, function: Callable[..., T]) -> Callable[..., T]:
        """`function`, failing at once with CircuitBreakerError while the breaker is open."""
        return self.decorate(function)


cache_breaker = RedisBreaker("cache")
broker_breaker = RedisBreaker("broker")


# Django's client makes a new redis.Redis (hundreds of reply callbacks copied) on every cache
# call. Clients and pools are thread-safe: one per server and options serves the whole process.
_clients: dict[tuple[str, str], redis.Redis] = {}
_clients_lock = threading.Lock()


def _process_client(server: str, pool_class, options: dict) -> redis.Redis:
    shared = (server, repr(sorted(options.items(), key=str)))
    with _clients_lock:
        client = _clients.get(shared)
        if client is None:
            pool = pool_class.from_url(server, **options)
            client = _clients[shared] = redis.Redis(connection_pool=pool)
        return client


class _GuardedClient(RedisCacheClient):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._by_index: dict[int, redis.Redis] = {}

    def get_client(self, key=None, *, write=False) -> redis.Redis:
        index = self._get_connection_pool_index(write)
        client = self._by_index.get(index)
        if client is None:
            client = self._by_index[index] = _process_client(
                self._servers[index], self._pool_class, self._pool_options
            )
        return client

    def run_script(self, source: str, key: str, *args):
        """`source` (Lua) on `key` in one round trip: EVALSHA, loading it once per server."""
        client = self.get_client(key, write=True)
        script = _scripts.get(source)
        if script is None:
            script = _scripts[source] = client.register_script(source)
        return script(keys=[key], args=list(args), client=client)


_scripts: dict[str, redis.commands.core.Script] = {}

_CALLS = ("add", "get", "set", "touch", "delete", "get_many", "has_key", "incr", "set_many", "delete_many")
for _name in _CALLS:
    setattr(_GuardedClient, _name, cache_breaker.guard(getattr(RedisCacheClient, _name)))
_GuardedClient.run_script = cache_breaker.guard(_GuardedClient.run_script)


class GuardedRedisCache(RedisCache):
    """Django's RedisCache behind the process's cache breaker (settings.CACHES)."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = _GuardedClient

    def run_script(self, source: str, key: str, *args):
        """A Lua script on one key of this cache (its prefix and version, as get and set name it)."""
        return self._cache.run_script(source, self.make_and_validate_key(key), *args)
