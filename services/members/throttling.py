"""The sign-in link's limit per e-mail address typed (besides the one per client address)."""

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
