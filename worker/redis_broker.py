"""kombu's Redis transport, with two changes that keep a worker alive and working through a Redis
outage: an acknowledgement that Redis did not take (frozen, timed out) still frees the worker's
place for the next message, and closing a broken connection never crashes the worker (below).

kombu forgets a delivered message only once Redis has confirmed its acknowledgement. When Redis
freezes (SIGSTOP, an overloaded or paused host: connections stay open, nobody answers), the
acknowledgement times out (REDIS_TIMEOUT_SECONDS), celery logs "Couldn't ack" and goes on, and the
message keeps its place in the prefetch window for ever: with every place taken, the worker never
asks Redis for work again, although it is alive and Redis is back (seen in
services/ops/tests/test_outages.py). A lost connection does not do this, because the worker then
reconnects and starts afresh.

Here the place is freed whatever Redis answered. The message itself stays in Redis's unacked set
and is delivered again after the visibility timeout: every task is idempotent (it locks its row
and finds its work done), so that costs one quick no-op.

Importing this module (worker/app.py does) makes it the transport of redis:// and rediss:// URLs,
as worker/filesystem_broker.py adds atomicfs://."""

from kombu.transport import TRANSPORT_ALIASES, _transport_cache, redis
from redis.exceptions import ConnectionError as RedisConnectionError


class QoS(redis.QoS):
    def ack(self, delivery_tag):
        try:
            super().ack(delivery_tag)
        finally:
            self._quick_ack(delivery_tag)  # already done when Redis answered; harmless twice

    def reject(self, delivery_tag, requeue=False):
        try:
            super().reject(delivery_tag, requeue=requeue)
        finally:
            self._quick_ack(delivery_tag)


class Channel(redis.Channel):
    QoS = QoS

    def _connparams(self, asynchronous=False):
        # A worker whose connection broke (Redis killed under load) closes its channels after
        # kombu has already let go of the connection's details; a channel holding unacknowledged
        # messages then tries to make a new pool to give them back, and kombu fails with an
        # AttributeError that nothing expects: "Unrecoverable error", and the worker exits.
        # Saying what it is, a connection error, lets the worker reconnect; the messages stay in
        # Redis's unacked set (or went with Redis) and the sweeps cover them.
        if self.connection.client is None:
            raise RedisConnectionError("The connection to Redis is closed.")
        return super()._connparams(asynchronous=asynchronous)

    def _create_client(self, asynchronous=False):
        # kombu makes a new redis.Redis (its hundreds of reply callbacks copied) for every message
        # published: a fifth of a sign-up's CPU (docs/benchmarks.md, issue 26). A client only holds
        # the pool and takes a connection from it per command, so one per pool serves every publish.
        if asynchronous:
            return super()._create_client(asynchronous=True)
        pool = self.pool
        client = self.__dict__.get("_publish_client")
        if client is None or client.connection_pool is not pool:
            client = self.__dict__["_publish_client"] = super()._create_client()
        return client


class Transport(redis.Transport):
    Channel = Channel


for _scheme in ("redis", "rediss"):
    TRANSPORT_ALIASES[_scheme] = f"{__name__}:Transport"
    _transport_cache.pop(_scheme, None)
