"""Payments confirmed at the desk: one transaction id confirms one payment, of any kind (an event
seat, a membership renewal), and the words that tell a payer how to pay (the same on screen and in
e-mails, for a seat and for a renewal)."""

import secrets
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from .errors import Conflict
from .models import PaymentClaim
from .money import amount_text


def payment_methods(amount: Decimal, reference: str) -> dict[str, str]:
    """How to pay `amount` with each method, naming the reference to write in the message."""
    details = settings.PAYMENT_DETAILS
    text = amount_text(amount)
    return {
        "Mobile Money": _(
            "Send %(amount)s to %(number)s (%(name)s) and write the reference %(reference)s in the message."
        )
        % {
            "amount": text,
            "number": details["mobile_money_number"],
            "name": details["mobile_money_name"],
            "reference": reference,
        },
        "Bank Transfer": _(
            "Pay %(amount)s to %(bank)s, account %(account)s (%(holder)s), with the reference %(reference)s."
        )
        % {
            "amount": text,
            "bank": details["bank_name"],
            "account": details["bank_account"],
            "holder": details["bank_account_name"],
            "reference": reference,
        },
    }


def duplicate_transaction(reference: str) -> Conflict:
    """The refusal of a transaction id that already confirmed another payment (any kind)."""
    message = _("This transaction ID is already recorded for another registration (%(reference)s).") % {
        "reference": reference
    }
    return Conflict(message, code="duplicate_transaction", fields={"transaction_id": message})


def claim_holder(transaction_id: str, *, kind: str, object_id: int) -> str | None:
    """The reference of another payment this transaction id confirmed (None: free, or this one's)."""
    return (
        PaymentClaim.objects.filter(transaction_id__iexact=transaction_id)
        .exclude(kind=kind, object_id=object_id)
        .values_list("reference", flat=True)
        .first()
    )


def payment_claim(transaction_id: str, *, kind: str, object_id: int, reference: str) -> None:
    """Record that `transaction_id` confirmed this payment, in the caller's transaction; refuse it
    (409, fields.transaction_id) when it confirmed another one. Race-safe: of two confirmations
    with the same id at once, the unique key makes the second wait for the first and fail. No id
    (a free seat) claims nothing."""
    if not transaction_id:
        return
    holder = claim_holder(transaction_id, kind=kind, object_id=object_id)
    if holder is not None:
        raise duplicate_transaction(holder)
    try:
        with transaction.atomic():
            PaymentClaim.objects.filter(kind=kind, object_id=object_id).exclude(
                transaction_id__iexact=transaction_id
            ).delete()
            PaymentClaim.objects.get_or_create(
                kind=kind,
                object_id=object_id,
                defaults={"transaction_id": transaction_id, "reference": reference},
            )
    except IntegrityError:  # a concurrent confirmation claimed the same id first
        holder = claim_holder(transaction_id, kind=kind, object_id=object_id)
        raise duplicate_transaction(holder or "") from None


# No 0/O, 1/I/L: a reference is read off a screen and typed into a phone.
REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
REFERENCE_LENGTH = 6


def new_reference() -> str:
    """A payment reference (about 30 random bits): the caller's unique key draws again on a clash."""
    return "".join(secrets.choice(REFERENCE_ALPHABET) for _ in range(REFERENCE_LENGTH))
