"""Who is calling: the one answer that the login lockout and every rate limit use."""

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The client's address. Behind NUM_PROXIES trusted proxies (compose's nginx: 1), each proxy
    appends the address it was called from to X-Forwarded-For, so the client is the entry the
    outermost trusted proxy appended: the NUM_PROXIES-th from the right. Entries further left were
    typed by the client and are never believed. Without proxies, or when the header holds fewer
    entries than proxies (the request did not come through them), it is REMOTE_ADDR."""
    remote = request.META.get("REMOTE_ADDR") or ""
    proxies = settings.NUM_PROXIES
    if proxies <= 0:
        return remote
    entries = [entry.strip() for entry in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    entries = [entry for entry in entries if entry]
    if len(entries) < proxies:
        return remote
    return entries[-proxies]
