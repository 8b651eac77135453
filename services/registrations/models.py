from django.conf import settings
from django.db import models
from django.db.models.functions import Lower, Upper


class Registration(models.Model):
    """A visitor's registration for an event (SPEC §3). Seats are counted from these rows:
    Approved holds one, Pending holds one while its hold lasts (docs/registrations.md); Rejected,
    Expired (never confirmed, or unpaid by the deadline) and Cancelled free it."""

    class Status(models.TextChoices):
        PENDING = "Pending", "Pending"
        APPROVED = "Approved", "Approved"
        REJECTED = "Rejected", "Rejected"
        EXPIRED = "Expired", "Expired"
        CANCELLED = "Cancelled", "Cancelled"

    HOLDING_SEATS = (Status.PENDING, Status.APPROVED)
    # Ended: the seat is free, and the row is kept only as long as the retention period says.
    ENDED_STATUSES = (Status.REJECTED, Status.EXPIRED, Status.CANCELLED)

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="registrations")
    full_name = models.CharField(max_length=150)
    email = models.EmailField(max_length=254)
    phone = models.CharField(max_length=30)  # E.164, e.g. +250788123456
    preferred_language = models.CharField(max_length=30)
    needs_interpreter = models.BooleanField(default=False)
    disability = models.CharField(max_length=50, default="None")
    disability_details = models.TextField(blank=True, default="")
    registration_status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    # What the payer writes in the Mobile Money or bank message, so that staff can match it.
    payment_reference = models.CharField(max_length=12, unique=True, null=True, blank=True)
    transaction_id = models.CharField(max_length=100, blank=True, default="")
    payment_method = models.CharField(max_length=30, blank=True, default="")
    payment_notes = models.TextField(blank=True, default="")
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reminder_sent_at = models.DateTimeField(null=True, blank=True)
    terms_accepted_at = models.DateTimeField(null=True, blank=True)
    registration_date = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-registration_date", "-pk"]
        constraints = [
            models.UniqueConstraint(Lower("email"), "event", name="registration_email_once_per_event"),
            models.UniqueConstraint(fields=["event", "phone"], name="registration_phone_once_per_event"),
            # One receipt confirms one seat.
            models.UniqueConstraint(
                Upper("transaction_id"),
                condition=~models.Q(transaction_id=""),
                name="registration_transaction_id_once",
            ),
        ]
        indexes = [
            models.Index(fields=["event", "registration_status"], name="registration_event_status_idx"),
            models.Index(fields=["registration_status", "registration_date"], name="registration_due_idx"),
        ]

    def __str__(self):
        return f"{self.full_name} for {self.event_id} ({self.registration_status})"


class WaitlistEntry(models.Model):
    """Somebody waiting for a seat of a full event. A freed seat is offered to the earliest one
    waiting, with a single-use link (only its hash is kept) that holds the seat for a while."""

    class Status(models.TextChoices):
        WAITING = "waiting", "Waiting"
        OFFERED = "offered", "Offered"
        CLAIMED = "claimed", "Claimed"
        EXPIRED = "expired", "Expired"

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="waitlist")
    full_name = models.CharField(max_length=150)
    email = models.EmailField(max_length=254)
    phone = models.CharField(max_length=30)
    preferred_language = models.CharField(max_length=30)
    needs_interpreter = models.BooleanField(default=False)
    disability = models.CharField(max_length=50, default="None")
    disability_details = models.TextField(blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    offer_token_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    offered_at = models.DateTimeField(null=True, blank=True)
    offer_expires_at = models.DateTimeField(null=True, blank=True)
    registration = models.OneToOneField(
        Registration, null=True, blank=True, on_delete=models.SET_NULL, related_name="waitlist_entry"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(Lower("email"), "event", name="waitlist_email_once_per_event"),
            models.UniqueConstraint(fields=["event", "phone"], name="waitlist_phone_once_per_event"),
        ]
        indexes = [models.Index(fields=["event", "status", "created_at"], name="waitlist_queue_idx")]

    def __str__(self):
        return f"{self.full_name} waiting for {self.event_id} ({self.status})"


class ErasedRegistration(models.Model):
    """What the reports keep of a registration that the retention period erased (it had ended:
    Rejected, Expired or Cancelled): its event, status and times, and the staff user who decided.
    Nothing about the person (docs/reports.md)."""

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="erased_registrations")
    registration_status = models.CharField(max_length=10, choices=Registration.Status.choices)
    registration_date = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    erased_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Erased {self.registration_status} registration for {self.event_id}"
