"""pytest plugin (`python -m pytest -p services.core.tests.parallel -n 2`, as `make test` runs it):
under pytest-xdist each worker process gets a data folder and a Redis db of its own, before Django
reads its settings.

The workers would otherwise share the embedded broker's folder, the mail folder and the Redis db
that every test empties, and take each other's tasks and e-mails. The database needs nothing
here: pytest-django gives each worker its own test database (suffix `_gw0`, `_gw1`, ...).
Outside xdist this module does nothing."""

import atexit
import os
import random
import socket
import tempfile
from urllib.parse import urlsplit, urlunsplit

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
# The claim that .ci/redis-db makes too: a key in db 0, so that CI, the journeys and the bench
# never take a number this worker holds (an empty db is not a free one).
CLAIM_KEY = "portal:redis-db-claim:{}"
CLAIM_SECONDS = 3 * 60 * 60


def _claim_redis_db(url: str) -> str:
    import redis

    parts = urlsplit(url)
    base = urlunsplit((parts.scheme, parts.netloc, "", "", ""))
    own = parts.path.strip("/") or "0"
    client = redis.Redis.from_url(f"{base}/0")
    numbers = [n for n in range(1, 16) if str(n) != own]
    random.shuffle(numbers)
    for number in numbers:
        if redis.Redis.from_url(f"{base}/{number}").dbsize():
            continue  # somebody's data, from outside these scripts
        holder = f"{os.getpid()}@{socket.gethostname()}"
        if client.set(CLAIM_KEY.format(number), holder, nx=True, ex=CLAIM_SECONDS):

            def release(number: int = number) -> None:
                redis.Redis.from_url(f"{base}/{number}").flushdb()
                client.delete(CLAIM_KEY.format(number))

            atexit.register(release)
            return f"{base}/{number}"
    raise RuntimeError(f"pytest-xdist worker {WORKER}: no free Redis db among 1-15")


if WORKER:
    os.environ["DATA_DIR"] = (
        os.path.join(os.environ["DATA_DIR"], WORKER)
        if os.environ.get("DATA_DIR")
        else tempfile.mkdtemp(prefix=f"portal-test-{WORKER}-")
    )
    if os.environ.get("REDIS_URL"):
        os.environ["REDIS_URL"] = _claim_redis_db(os.environ["REDIS_URL"])
