"""Container healthcheck of the web service: does gunicorn + Django answer?

/api/health/ answers 503 until the worker's first heartbeat arrives (and whenever a part of the
system is unhealthy): that is for operators to read, not a reason to restart or hide the web
container. So any answer of Django's health endpoint (200 or 503, JSON) counts as alive here.
The Host header is the first ALLOWED_HOSTS entry, so Django does not reject the probe with 400.
"""

import os
import sys
import urllib.error
import urllib.request

ACCEPTED = {200, 503}


def probe_host() -> str:
    for host in os.environ.get("ALLOWED_HOSTS", "localhost").split(","):
        host = host.strip().lstrip(".")
        if host and host != "*":
            return host
    return "localhost"


def main() -> int:
    port = os.environ.get("PORT", "8000")
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/health/",
        headers={"Host": probe_host(), "X-Forwarded-Proto": "https", "X-Request-ID": "container-healthcheck"},
    )
    try:
        with urllib.request.urlopen(request, timeout=8) as response:  # noqa: S310 - fixed local URL
            status = response.status
    except urllib.error.HTTPError as exc:
        status = exc.code
    except (urllib.error.URLError, OSError) as exc:
        print(f"web not answering: {exc}", file=sys.stderr)
        return 1
    print(f"/api/health/ answered {status}")
    return 0 if status in ACCEPTED else 1


if __name__ == "__main__":
    sys.exit(main())
