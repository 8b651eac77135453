"""The bot challenge of the public forms (docs/security.md): a proof of work that the browser
solves in the background (ALTCHA v2, PBKDF2), so that nobody has a puzzle to solve and every
scripted sign-up, application, contact message or reset request costs its sender real work.

`GET /api/challenge/` hands one out (`challenge_issue`); the public operations that create a row or
send an e-mail carry `@challenge_required`, which refuses a request without a valid, unused
solution in the X-Altcha header before the operation does anything (after its rate limit)."""

import functools
import secrets
import time
from datetime import UTC, datetime

import altcha
from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _
from ninja.utils import contribute_operation_callback

from .errors import ApplicationError
from .models import UsedChallenge

HEADER = "X-Altcha"
ALGORITHM = "PBKDF2/SHA-256"
# A real payload is about 700 characters; anything far longer is not one.
MAX_PAYLOAD_CHARS = 4096
FAILED_MESSAGE = _(
    "We could not confirm that this form was sent from a browser. Please reload the page and try again."
)


class ChallengeFailed(ApplicationError):
    status = 400
    code = "challenge_failed"

    def __init__(self):
        super().__init__(FAILED_MESSAGE)


def _key(purpose: str) -> str:
    """An HMAC key of the challenge's own, derived from SECRET_KEY: never a published value, and
    a different key for each use of it."""
    return salted_hmac(f"services.core.challenge.{purpose}", "altcha", algorithm="sha256").hexdigest()


def challenge_issue() -> dict:
    """A signed challenge (the JSON the browser solves). Deterministic mode: the answer is a
    counter drawn between half of PUBLIC_FORM_CHALLENGE_MAX_TRIES and all of it, so every visitor
    waits about as long; the server signs the key it derived for that counter, so that checking
    a solution is one HMAC, not another derivation."""
    most = max(2, settings.PUBLIC_FORM_CHALLENGE_MAX_TRIES)
    fewest = most // 2
    challenge = altcha.create_challenge(
        algorithm=ALGORITHM,
        cost=max(1, settings.PUBLIC_FORM_CHALLENGE_COST),
        counter=fewest + secrets.randbelow(most - fewest + 1),
        expires_at=int(time.time()) + settings.PUBLIC_FORM_CHALLENGE_MINUTES * 60,
        hmac_secret=_key("signature"),
        hmac_key_secret=_key("derived-key"),
    )
    return challenge.to_dict()


def challenge_verify(request) -> None:
    """Nothing when the challenge is off or the request carries a valid solution not used before
    (and records it as used); else ChallengeFailed. Missing, malformed, wrong, tampered with,
    expired and reused all answer the same: the person can only reload and try again."""
    if not settings.PUBLIC_FORM_CHALLENGE:
        return
    raw = request.headers.get(HEADER, "").strip()
    if not raw or len(raw) > MAX_PAYLOAD_CHARS:
        raise ChallengeFailed()
    # verify_solution reads the payload itself and answers "not verified" for anything malformed.
    result = altcha.verify_solution(raw, hmac_secret=_key("signature"), hmac_key_secret=_key("derived-key"))
    if not result.verified:
        raise ChallengeFailed()
    challenge = altcha.Payload.from_base64(raw).challenge
    expires_at = datetime.fromtimestamp(challenge.parameters.expires_at, tz=UTC)
    # The database decides, so that it holds without Redis and in both modes. Of two requests with
    # the same solution at the same moment, the unique key lets one insert through; the other waits
    # for it and then fails.
    try:
        with transaction.atomic():
            UsedChallenge.objects.create(signature=challenge.signature, expires_at=expires_at)
    except IntegrityError:
        raise ChallengeFailed() from None


def challenge_required(view):
    """The operation needs a solved challenge (when PUBLIC_FORM_CHALLENGE is on). Put it under the
    router's decorator: ninja runs it after authentication, the rate limit and the parsing of
    the body, so a form with a mistake does not spend the visitor's solution."""

    @functools.wraps(view)
    def checked(request, *args, **kwargs):
        challenge_verify(request)
        return view(request, *args, **kwargs)

    def document(operation) -> None:
        header = {
            "in": "header",
            "name": HEADER,
            "required": False,
            "schema": {"type": "string"},
            "description": "The solved challenge of GET /api/challenge/ (base64 JSON); required "
            "when PUBLIC_FORM_CHALLENGE is on.",
        }
        operation.openapi_extra = {**(operation.openapi_extra or {}), "parameters": [header]}

    contribute_operation_callback(checked, document)
    return checked


def used_challenges_purge() -> int:
    """Delete the records of solutions whose challenge has expired (they are refused as expired)."""
    deleted, _ = UsedChallenge.objects.filter(expires_at__lt=timezone.now()).delete()
    return deleted
