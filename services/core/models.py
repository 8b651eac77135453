from django.db import models
from django.db.models.functions import Upper


class UsedChallenge(models.Model):
    """A bot-challenge solution that was accepted once (services/core/challenge.py). The unique
    signature refuses its replay, also when two requests carry it at the same moment; the row is
    useless once the challenge has expired, and the purge task deletes it then."""

    signature = models.CharField(max_length=128, unique=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self):
        return self.signature[:12]


class PaymentClaim(models.Model):
    """A transaction id that confirmed a payment (an event seat, a membership renewal): its unique
    key, any capitals, makes one transaction id confirm one payment only, whatever its kind, also
    when two desks confirm at the same moment (services/core/payments.py). Each domain writes its
    claim in the transaction of its confirmation; core knows the kinds only as words."""

    transaction_id = models.CharField(max_length=100)
    kind = models.CharField(max_length=20)  # "registration", "renewal", "period" (migrated)
    object_id = models.BigIntegerField()
    reference = models.CharField(max_length=20, blank=True, default="")  # what staff read, for the refusal
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(Upper("transaction_id"), name="payment_claim_transaction_once"),
            # One claim per paid thing: confirming it again with another id moves its claim.
            models.UniqueConstraint(fields=["kind", "object_id"], name="payment_claim_object_once"),
        ]

    def __str__(self):
        return f"{self.transaction_id} ({self.kind} {self.object_id})"
