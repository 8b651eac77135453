"""The Python load generator of `make bench` (used when wrk is missing), and the one-shot fetch the
bench uses to size the ceiling's body.

Closed loop: N keep-alive connections on one selector thread, each sending its next request as
soon as the previous answer is complete, for a fixed time. It never parses headers beyond the
status code and the body's length, and reads and discards every body the same way, so its own
cost per response depends only on the response's length (which the bench makes equal for the
ceiling and the endpoint).

    python bench_loadgen.py http://127.0.0.1:8000/path SECONDS CONNECTIONS
    (BENCH_METHOD, BENCH_BODY from the environment: the body is sent as JSON)

Prints one line, as the wrk script does:
    BENCH requests=<n> duration_us=<n> p50_us=<n> p99_us=<n> sockerr=<n> statuses=<code>:<n>,...
    (and ids=<n>, the registration ids used, when BENCH_ID_FROM and BENCH_PATH walk them)
"""

import os
import random
import selectors
import socket
import sys
import time
from collections import Counter

# A public sign-up, as the bench's sign-up runs send it (bench_http.py, bench_flow.py); {n} and {p}
# become fresh values on every request (bench_wrk.lua, unique_bodies below).
SIGNUP = {
    "full_name": "Bench Registrant",
    "email": "bench.{n}@example.org",
    "phone": "+250{p}",
    "preferred_language": "English",
    "needs_interpreter": False,
    "disability": "None",
    "agree_to_terms": True,
}
TIMEOUT = 5.0  # seconds without a complete answer: counted as an error, the connection is redone


def build_request(url: str, method: str, body: bytes) -> tuple[str, int, bytes]:
    host_port, _, path = url.removeprefix("http://").partition("/")
    host, _, port = host_port.partition(":")
    lines = [f"{method} /{path} HTTP/1.1", f"Host: {host_port}"]
    if token := os.environ.get("BENCH_TOKEN", ""):
        lines.append(f"Authorization: Bearer {token}")
    if body:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return host, int(port or 80), ("\r\n".join(lines) + "\r\n\r\n").encode() + body


def response_end(buffer: bytearray) -> tuple[int, int, bool] | None:
    """(status, total length, server closes) once `buffer` holds a whole response, else None."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return None
    status = int(buffer[9:12])
    head = bytes(buffer[:head_end]).lower()
    closes = b"\r\nconnection: close" in head
    start = head.find(b"\r\ncontent-length:")
    if start >= 0:
        stop = head.find(b"\r\n", start + 2)
        length = int(head[start + 17 : stop if stop >= 0 else None])
        total = head_end + 4 + length
        return (status, total, closes) if len(buffer) >= total else None
    if b"\r\ntransfer-encoding: chunked" in head:
        end = buffer.find(b"\r\n0\r\n\r\n", head_end)
        if end < 0 and buffer.startswith(b"0\r\n\r\n", head_end + 4):
            return status, head_end + 9, closes
        return (status, end + 7, closes) if end >= 0 else None
    if status in (204, 304) or 100 <= status < 200:
        return status, head_end + 4, closes
    return None  # read to the end of the connection: never the case for gunicorn + Django


def fetch_once(url: str, method: str = "GET", body: bytes = b"") -> tuple[int, int]:
    """One request on a fresh connection: (status, length of the whole response in bytes)."""
    host, port, request = build_request(url, method, body)
    with socket.create_connection((host, port), timeout=TIMEOUT) as sock:
        sock.sendall(request)
        buffer = bytearray()
        while (end := response_end(buffer)) is None:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed before a whole response")
            buffer += chunk
        return end[0], end[1]


class Connection:
    __slots__ = ("buffer", "sock", "started")

    def __init__(self, address: tuple[str, int]):
        self.sock = socket.create_connection(address, timeout=TIMEOUT)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setblocking(False)
        self.buffer = bytearray()
        self.started = 0.0


def unique_bodies(body: bytes):
    """Bodies holding {n} (an e-mail) and {p} (9 digits of a phone number) get fresh values on each
    request, so that sign-ups are never refused as duplicates (the same rule as bench_wrk.lua)."""
    prefix = random.randrange(10_000)  # noqa: S311 - not a secret
    counter = 0
    while True:
        counter += 1
        number = (prefix * 10_000 + counter) % 100_000_000
        yield body.replace(b"{n}", f"{prefix}x{counter}".encode()).replace(b"{p}", f"7{number:08d}".encode())


def walking_ids(url: str, method: str, body: bytes, first: int, path: str):
    """A staff decision approves one Pending registration per request: {id} in the path and in the
    body becomes the next registration id, from `first` on (the same rule as bench_wrk.lua)."""
    origin = url[: url.index("/", len("http://"))]
    number = first
    while True:
        yield build_request(
            origin + path.replace("{id}", str(number)), method, body.replace(b"{id}", b"%d" % number)
        )[2]
        number += 1


def run(url: str, seconds: float, connections: int, method: str, body: bytes) -> str:
    host, port, request = build_request(url, method, body)
    fresh_bodies = unique_bodies(body) if b"{n}" in body else None
    id_from = os.environ.get("BENCH_ID_FROM", "")
    fresh_requests = (
        walking_ids(url, method, body, int(id_from), os.environ.get("BENCH_PATH", "/")) if id_from else None
    )
    issued = 0
    selector = selectors.DefaultSelector()
    latencies: list[float] = []
    statuses: Counter = Counter()
    errors = 0

    def start(conn: Connection) -> None:
        nonlocal issued
        conn.buffer.clear()
        conn.started = time.perf_counter()
        payload = build_request(url, method, next(fresh_bodies))[2] if fresh_bodies else request
        if fresh_requests:
            payload = next(fresh_requests)
            issued += 1
        conn.sock.send(payload)  # a few hundred bytes into an empty socket buffer: never partial

    def reopen(conn: Connection | None) -> None:
        if conn is not None:
            selector.unregister(conn.sock)
            conn.sock.close()
        fresh = Connection((host, port))
        selector.register(fresh.sock, selectors.EVENT_READ, fresh)
        if time.perf_counter() < deadline:
            start(fresh)

    began = time.perf_counter()
    deadline = began + seconds
    for _ in range(connections):
        reopen(None)
    while (now := time.perf_counter()) < deadline:
        for key, _ in selector.select(timeout=min(0.1, max(deadline - now, 0))):
            conn: Connection = key.data
            try:
                chunk = conn.sock.recv(262144)
            except OSError:
                chunk = b""
            if not chunk:
                errors += 1
                reopen(conn)
                continue
            conn.buffer += chunk
            end = response_end(conn.buffer)
            if end is None:
                continue
            done = time.perf_counter()
            if done > deadline:
                break
            latencies.append(done - conn.started)
            statuses[end[0]] += 1
            if end[2]:
                reopen(conn)
            else:
                start(conn)
        stale = time.perf_counter() - TIMEOUT
        for key in list(selector.get_map().values()):
            if key.data.started < stale:
                errors += 1
                reopen(key.data)
    elapsed = time.perf_counter() - began
    for key in list(selector.get_map().values()):
        key.data.sock.close()
    latencies.sort()

    def pct(p: float) -> int:
        if not latencies:
            return 0
        return int(latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1e6)

    parts = ",".join(f"{code}:{n}" for code, n in sorted(statuses.items()))
    return (
        f"BENCH requests={len(latencies)} duration_us={int(elapsed * 1e6)} p50_us={pct(50)}"
        f" p99_us={pct(99)} sockerr={errors} statuses={parts or 'none'}"
        + (f" ids={issued}" if fresh_requests else "")
    )


if __name__ == "__main__":
    print(
        run(
            sys.argv[1],
            float(sys.argv[2]),
            int(sys.argv[3]),
            os.environ.get("BENCH_METHOD", "GET"),
            os.environ.get("BENCH_BODY", "").encode(),
        )
    )
