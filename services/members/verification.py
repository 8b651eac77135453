"""Public verification of what the association issues: a membership card today, a CPD
certificate later. Each kind registers how to find its holder by the hash of a code; one endpoint
(`GET /api/verify/{code}/`) and one page (`/verify/{code}`) answer them all, with the facts the
document itself shows and nothing else (docs/members.md, Membership card and verification)."""

from collections.abc import Callable

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from services.core.codes import CODE_MAX, code_hash, hashes_match, new_code, seal, unseal
from services.core.errors import NotFound

from .models import Member
from .standing import member_standing

# The sealing key's purpose of membership cards' codes (core/codes.py).
CARD_SEAL_PURPOSE = "members.card-code"

# kind -> a function of a code's hash answering the kind's facts, or None when it holds none.
Finder = Callable[[str], dict | None]
_kinds: dict[str, Finder] = {}


def verification_kind(kind: str):
    """Registers a kind's finder (a certificate of attendance adds its own beside the card's)."""

    def register(find: Finder) -> Finder:
        _kinds[kind] = find
        return find

    return register


def not_found() -> NotFound:
    # One answer for a code never issued, altered by a character, or whose holder is gone.
    return NotFound(_("No card or certificate has this code."), code="verification_not_found")


def verification_answer(code: str) -> dict:
    """What a code verifies, with its `kind`; NotFound otherwise. Every code costs the same: one
    hash, then one indexed read per kind."""
    if not code or len(code) > CODE_MAX:
        raise not_found()
    presented = code_hash(code)
    for kind, find in _kinds.items():
        answer = find(presented)
        if answer is not None:
            return {"kind": kind, **answer}
    raise not_found()


# --- Membership cards --------------------------------------------------------------------------


def membership_number(member: Member) -> str:
    """The number printed on the card and verified: the membership number, or the member's id
    before they had one."""
    return member.membership_number or f"#{member.pk}"


def card_code_issue(member: Member) -> None:
    """Give an approved member their card's code, kept (approved again: the same card). Sets the
    fields only; the caller saves the member in its transaction."""
    if not member.verify_code_hash:
        member.verify_code_hash, member.verify_code_sealed = _card_code_new()


def _card_code_new() -> tuple[str, str]:
    code = new_code()
    return code_hash(code), seal(code, purpose=CARD_SEAL_PURPOSE)


def card_code(member: Member) -> str | None:
    """The code, for the card and the e-mail that carries it (None: none, or sealed under a
    secret no longer configured)."""
    if not member.verify_code_sealed:
        return None
    return unseal(member.verify_code_sealed, purpose=CARD_SEAL_PURPOSE)


def card_verify_url(code: str) -> str:
    """What the card's QR code holds and its link opens."""
    return f"{settings.FRONTEND_URL}/verify/{code}"


def card_codes_issue_missing(*, member_model=Member, batch: int = 500) -> int:
    """Codes for Approved members that have none (the migration that brought cards, for members
    approved before). The model may be a migration's."""
    done, after = 0, 0
    while True:
        missing = member_model.objects.filter(approval_status="Approved", verify_code_hash__isnull=True)
        members = list(missing.filter(pk__gt=after).only("pk").order_by("pk")[:batch])
        if not members:
            return done
        for member in members:
            member.verify_code_hash, member.verify_code_sealed = _card_code_new()
        member_model.objects.bulk_update(members, ["verify_code_hash", "verify_code_sealed"])
        done += len(members)
        after = members[-1].pk


# What a verifier may learn of a member: what the card prints, and the standing today.
CARD_FIELDS = ("pk", "full_name", "membership_number", "membership_type", "approval_status", "membership_end")


@verification_kind("membership")
def membership_verified(presented: str) -> dict | None:
    member = Member.objects.only(*CARD_FIELDS, "verify_code_hash").filter(verify_code_hash=presented).first()
    if member is None or not hashes_match(member.verify_code_hash, presented):
        return None
    standing = member_standing(member.approval_status, member.membership_end, timezone.localdate())
    if standing is None:  # no longer an approved member: the card stands for nothing
        return None
    return {
        "name": member.full_name,
        "membership_number": membership_number(member),
        "membership_type": member.membership_type,
        "standing": standing.value,
        "valid_until": member.membership_end,
    }
