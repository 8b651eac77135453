"""Limits keyed by who is asking rather than by client address: the sign-in link's per e-mail
address typed (besides the one per client address), and a signed-in member's own actions."""

import hashlib
import json

from services.core.throttling import ActionThrottle


class EmailThrottle(ActionThrottle):
    """Counts by the body's `email` (trimmed, any capitals), whoever sends it: one address cannot
    be flooded with links from many client addresses. Only its hash is kept in the cache."""

    def get_cache_key(self, request) -> str:
        try:
            body = json.loads(request.body or b"{}")
            email = body.get("email", "") if isinstance(body, dict) else ""
        except ValueError:
            email = ""
        email = email.strip().lower() if isinstance(email, str) else ""
        ident = hashlib.sha256(email.encode()).hexdigest()
        return self.cache_format % {"scope": self.scope, "ident": ident}


class MemberThrottle(ActionThrottle):
    """Counts by the member of the session (the member session authenticates before limits are
    checked), so that one member on a shared network does not use up another's."""

    def get_cache_key(self, request) -> str:
        member_pk = getattr(getattr(request, "auth", None), "pk", None)
        if member_pk is None:
            return super().get_cache_key(request)
        return self.cache_format % {"scope": self.scope, "ident": f"member-{member_pk}"}
