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
    # A member's number as on their card (optional): their CPD hours are credited by it too.
    membership_number = models.CharField(max_length=12, blank=True, default="")
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
    # The link of the first e-mail (/my-registration#token=…): only its SHA-256 is kept. Opening it
    # confirms the address; until then the seat is held only until `hold_expires_at`.
    access_token_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    email_confirmed_at = models.DateTimeField(null=True, blank=True)
    hold_expires_at = models.DateTimeField(null=True, blank=True)
    # Unpaid by then (a paid event only), the seat goes back: never later than the event's start.
    payment_due_at = models.DateTimeField(null=True, blank=True)
    # Why the registration ended when no staff decision says it: see EndedReason.
    ended_reason = models.CharField(max_length=20, blank=True, default="")
    # What staff told the person when rejecting or cancelling (sent to them, never visitor text).
    status_reason = models.TextField(blank=True, default="")
    registration_date = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class EndedReason(models.TextChoices):
        UNCONFIRMED = "unconfirmed", "E-mail not confirmed in time"
        PAYMENT_DEADLINE = "payment_deadline", "Not paid by the deadline"
        BY_REGISTRANT = "by_registrant", "Cancelled by the registrant"
        EVENT_CANCELLED = "event_cancelled", "The event was cancelled"

    class Meta:
        ordering = ["-registration_date", "-pk"]
        constraints = [
            # One seat per person and event: only among registrations that hold (or may hold) a
            # seat, so that a rejected, expired or cancelled sign-up never locks the person out.
            models.UniqueConstraint(
                Lower("email"),
                "event",
                condition=models.Q(registration_status__in=["Pending", "Approved"]),
                name="registration_email_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "phone"],
                condition=models.Q(registration_status__in=["Pending", "Approved"]),
                name="registration_phone_once_per_event",
            ),
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
            # The sweep that ends holds nobody confirmed and seats nobody paid for.
            models.Index(
                fields=["hold_expires_at"],
                name="registration_hold_idx",
                condition=models.Q(registration_status="Pending", email_confirmed_at__isnull=True),
            ),
            models.Index(
                fields=["payment_due_at"],
                name="registration_payment_due_idx",
                condition=models.Q(registration_status="Pending"),
            ),
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
        CANCELLED = "cancelled", "Cancelled"  # left by the person, through their link

    QUEUED = (Status.WAITING, Status.OFFERED)

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="waitlist")
    full_name = models.CharField(max_length=150)
    email = models.EmailField(max_length=254)
    phone = models.CharField(max_length=30)
    preferred_language = models.CharField(max_length=30)
    needs_interpreter = models.BooleanField(default=False)
    disability = models.CharField(max_length=50, default="None")
    disability_details = models.TextField(blank=True, default="")
    # A member's number as on their card (optional): their CPD hours are credited by it too.
    membership_number = models.CharField(max_length=12, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    # As a registration's: the link of the first e-mail confirms the address. Only confirmed
    # places are offered seats, and an unconfirmed one ends after `hold_expires_at`.
    access_token_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    email_confirmed_at = models.DateTimeField(null=True, blank=True)
    hold_expires_at = models.DateTimeField(null=True, blank=True)
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
            # Only among places still in the queue: an expired or claimed place locks nobody out.
            models.UniqueConstraint(
                Lower("email"),
                "event",
                condition=models.Q(status__in=["waiting", "offered"]),
                name="waitlist_email_once_per_event",
            ),
            models.UniqueConstraint(
                fields=["event", "phone"],
                condition=models.Q(status__in=["waiting", "offered"]),
                name="waitlist_phone_once_per_event",
            ),
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


class Ticket(models.Model):
    """The ticket of a seat, made when the registration is first Approved and kept if it is later
    Rejected or Cancelled (the ticket then says so and checks nobody in). The code is random and
    exists in two forms only: its SHA-256 (`code_hash`, how a presented code is found) and sealed
    with a key derived from SECRET_KEY (`code_sealed`, so that an e-mail sent again can show it):
    a copy of the database alone reads no code (docs/decisions.md, Ticket codes)."""

    registration = models.OneToOneField(Registration, on_delete=models.CASCADE, related_name="ticket")
    code_hash = models.CharField(max_length=64, unique=True)
    code_sealed = models.TextField()
    issued_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Ticket of registration {self.registration_id}"


class CheckIn(models.Model):
    """A ticket let in at the door: at most one per ticket (the database's unique key decides
    between two devices), the first scan the server received. Undoing deletes it."""

    ticket = models.OneToOneField(Ticket, on_delete=models.CASCADE, related_name="check_in")
    scanned_at = models.DateTimeField()  # when the device scanned it (it may sync later)
    device = models.CharField(max_length=64)
    nonce = models.CharField(max_length=64)
    received_at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self):
        return f"Check-in of ticket {self.ticket_id}"


class ScanAttempt(models.Model):
    """Every scan a device sent, with the answer it got: a replayed nonce gets the same answer,
    and a second scan of a ticket stays an attempt, never a second check-in."""

    class Result(models.TextChoices):
        CHECKED_IN = "checked_in", "Checked in"
        ALREADY_CHECKED_IN = "already_checked_in", "Already checked in"
        REFUSED = "refused", "Refused"

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="+")
    ticket = models.ForeignKey(Ticket, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    nonce = models.CharField(max_length=64)
    scanned_at = models.DateTimeField(null=True, blank=True)
    device = models.CharField(max_length=64)
    result = models.CharField(max_length=20, choices=Result.choices)
    reason = models.CharField(max_length=30, blank=True, default="")
    # What the answer said: the first check-in's time and device.
    checked_in_at = models.DateTimeField(null=True, blank=True)
    checked_in_device = models.CharField(max_length=64, blank=True, default="")
    received_at = models.DateTimeField(auto_now_add=True)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["event", "nonce"], name="scan_nonce_once_per_event")]

    def __str__(self):
        return f"Scan {self.nonce} ({self.result})"


class EventReminder(models.Model):
    """A reminder of the event sent to an Approved registrant (docs/registrations.md, Reminders).
    Written in the transaction that queues its e-mail; the unique key makes it once per
    registration and kind whatever runs the sweep (twice, two beats at once, a worker killed)."""

    class Kind(models.TextChoices):
        SEVEN_DAYS = "7_days", "7 days before"
        ONE_DAY = "1_day", "1 day before"

    registration = models.ForeignKey(Registration, on_delete=models.CASCADE, related_name="event_reminders")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    sent_at = models.DateTimeField()  # when its e-mail was queued (the notifications send it)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["registration", "kind"], name="event_reminder_once_per_kind")
        ]

    def __str__(self):
        return f"{self.kind} reminder of registration {self.registration_id}"
