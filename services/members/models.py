from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.db.models.functions import Lower


class Member(models.Model):
    """A membership application, and once approved, a member (SPEC §3 Member)."""

    class Approval(models.TextChoices):
        PENDING = "Pending", "Pending"
        APPROVED = "Approved", "Approved"
        REJECTED = "Rejected", "Rejected"

    class MembershipType(models.TextChoices):
        INDIVIDUAL = "Individual", "Individual"
        INSTITUTIONAL = "Institutional", "Institutional"

    full_name = models.CharField(max_length=150)
    email = models.EmailField(max_length=254)
    phone = models.CharField(max_length=30)  # E.164
    # A person's (Individual); an institution has none and names a contact person instead.
    date_of_birth = models.DateField(null=True, blank=True)
    # As the person chose it: Male, Female, Non-binary, Prefer Not to Say (the public form), or
    # Other (the admin form). The admin's three-way reading is derived (`gender_reading`).
    # Blank for an institution.
    gender = models.CharField(max_length=20, blank=True, default="")
    # Institutional: who speaks for the institution, and their role in it.
    contact_person_name = models.CharField(max_length=150, blank=True, default="")
    contact_person_role = models.CharField(max_length=150, blank=True, default="")
    nationality = models.CharField(max_length=100)
    address = models.CharField(max_length=300)
    occupation = models.CharField(max_length=150, blank=True, default="")
    organization = models.CharField(max_length=150, blank=True, default="")
    experience_years = models.PositiveSmallIntegerField(default=0)
    membership_type = models.CharField(max_length=20, choices=MembershipType.choices)
    preferred_communication_language = models.CharField(max_length=100, blank=True, default="")
    reason_for_joining = models.TextField(blank=True, default="")
    skills = models.TextField(blank=True, default="")
    areas_of_interest = models.JSONField(default=list, blank=True)
    certifications = models.TextField(blank=True, default="")
    payment_method = models.CharField(max_length=20)
    transaction_id = models.CharField(max_length=100, blank=True, default="")
    agree_to_terms = models.BooleanField(default=False)
    terms_accepted_at = models.DateTimeField(null=True, blank=True)
    approval_status = models.CharField(max_length=10, choices=Approval.choices, default=Approval.PENDING)
    is_active_member = models.BooleanField(default=False)
    # "2026-0042": the year of approval and a sequence within it, assigned once, at approval.
    membership_number = models.CharField(max_length=12, unique=True, null=True, blank=True)
    approved_at = models.DateTimeField(null=True, blank=True)  # the latest approval or renewal
    rejected_at = models.DateTimeField(null=True, blank=True)
    # The first approval: the day the person became a member, kept whatever happens later.
    joined_at = models.DateTimeField(null=True, blank=True)
    # The latest renewal: a member who had joined back in good standing (docs/reports.md).
    renewed_at = models.DateTimeField(null=True, blank=True)
    # The staff user behind the latest approval, rejection or renewal (null: not recorded).
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    language = models.CharField(max_length=10, default="en")  # the site's language at application
    # The last day of the latest membership period (null: none, never approved). Written only by
    # periods.period_add, with the period, so that the list filters and sorts on an index
    # (docs/decisions.md); the periods remain the record.
    membership_end = models.DateField(null=True, blank=True)
    # The membership card's verification code (its QR code, /verify/{code}), given at the first
    # approval: found by its SHA-256 hash, kept sealed so that the card can be made again
    # (members/verification.py). Null: never approved.
    verify_code_hash = models.CharField(max_length=64, unique=True, null=True, blank=True, editable=False)
    verify_code_sealed = models.TextField(blank=True, default="", editable=False)
    # When the member asked, from their own page, to close the membership and erase their data;
    # staff confirm it by erasing (docs/members.md, A member's own page). Null: never asked.
    closure_requested_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [models.UniqueConstraint(Lower("email"), name="member_email_once")]
        indexes = [
            models.Index(fields=["approval_status", "is_active_member"], name="member_status_idx"),
            models.Index(fields=["-created_at"], name="member_created_idx"),
            models.Index(fields=["approval_status", "rejected_at"], name="member_rejected_idx"),
            # Standing is a range of end dates; the sort by end date walks the same index.
            models.Index(fields=["membership_end", "id"], name="member_end_idx"),
        ]

    GENDER_READINGS = {"Male": "Male", "Female": "Female"}

    def __str__(self):
        return f"{self.full_name} <{self.email}> ({self.approval_status})"

    @property
    def gender_reading(self) -> str:
        """The admin view's three values: Non-binary and Prefer Not to Say read as Other; blank
        for an institution."""
        if not self.gender:
            return ""
        return self.GENDER_READINGS.get(self.gender, "Other")

    @property
    def trail_label(self) -> str:
        """How the audit trail names a member: the membership number, or "#id" before approval;
        never the name or e-mail (__str__), since the label outlives an erasure."""
        return self.membership_number or f"#{self.pk}"

    @property
    def contact_person(self) -> str:
        """'Jane Doe (Director)': an institution's contact person, for lists and e-mails."""
        if not self.contact_person_name:
            return ""
        role = f" ({self.contact_person_role})" if self.contact_person_role else ""
        return f"{self.contact_person_name}{role}"


class MembershipPeriod(models.Model):
    """One year (MEMBERSHIP_PERIOD_MONTHS) of membership, from `start` to `end`, both included:
    created by an approval (and later by each renewal), with what was paid and who confirmed it."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="periods")
    start = models.DateField()
    end = models.DateField()  # the period's last day
    fee = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)  # null: not known
    payment_reference = models.CharField(max_length=100, blank=True, default="")
    transaction_id = models.CharField(max_length=100, blank=True, default="")
    payment_method = models.CharField(max_length=20, blank=True, default="")
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["member", "start"]
        constraints = [
            models.CheckConstraint(condition=Q(end__gte=F("start")), name="period_end_after_start"),
            # Also the index of a member's periods (the latest by start).
            models.UniqueConstraint(fields=["member", "start"], name="period_start_once"),
        ]
        # The renewal notices' sweep and the growth report's retention find periods by their
        # last day (a few date ranges among every period ever): docs/members.md, Renewal notices.
        indexes = [models.Index(fields=["end"], name="period_end_idx")]

    def __str__(self):
        return f"{self.member_id}: {self.start} to {self.end}"


class MemberSignInLink(models.Model):
    """An e-mailed sign-in link to the member's own page: single use, short-lived; only the
    SHA-256 of its random token is kept."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="sign_in_links")
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"sign-in link of member {self.member_id} until {self.expires_at:%Y-%m-%d %H:%M}"


class MemberSession(models.Model):
    """A member signed in on their own page: the bearer token reaches /api/my-membership/* only.
    Only the SHA-256 of the token is kept; signing out deletes every session of the member."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="sessions")
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self):
        return f"session of member {self.member_id} until {self.expires_at:%Y-%m-%d %H:%M}"


class MemberEmailChange(models.Model):
    """A member's new e-mail address waiting for its confirmation: a single-use link to the new
    address (only the SHA-256 of its random token is kept) changes the member's address when
    opened, if no other member has it by then (docs/members.md, Changing the e-mail address).
    `token_hash` is null until the worker writes the e-mail (the raw token is never stored)."""

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="email_changes")
    new_email = models.EmailField(max_length=254)
    token_hash = models.CharField(max_length=64, unique=True, null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"e-mail change of member {self.member_id} until {self.expires_at:%Y-%m-%d %H:%M}"


class ErasedMember(models.Model):
    """What the reports keep of a rejected application that the retention period erased: its
    dates and the staff user who decided; nothing about the person (docs/reports.md)."""

    approval_status = models.CharField(max_length=10, choices=Member.Approval.choices)
    created_at = models.DateTimeField()  # applied
    joined_at = models.DateTimeField(null=True, blank=True)
    renewed_at = models.DateTimeField(null=True, blank=True)
    rejected_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    erased_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return f"Erased {self.approval_status} application of {self.created_at:%Y-%m-%d}"


class ErasedMembershipPeriod(models.Model):
    """A period of an ErasedMember, dates only: the growth report counts joins, renewals and
    retention from periods (docs/reports.md), and reads the same after the retention purge."""

    erased_member = models.ForeignKey(ErasedMember, on_delete=models.CASCADE, related_name="periods")
    start = models.DateField()
    end = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["erased_member", "start"], name="erased_period_start_once"),
        ]

    def __str__(self):
        return f"Erased period {self.start} to {self.end}"


class MembershipNumberCounter(models.Model):
    """The last number given in a year; its row is locked while a number is drawn, so two
    approvals at once never share a number and no number is skipped."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.year}: {self.last}"


class RenewalNotice(models.Model):
    """A renewal notice sent to a member about one period (docs/members.md, Renewal notices).
    Written in the transaction that queues its e-mail; the unique key makes it once per period
    and kind whatever runs the schedule (twice, two beats at once, a worker killed)."""

    class Kind(models.TextChoices):
        THIRTY_DAYS = "30_days", "30 days before the end"
        SEVEN_DAYS = "7_days", "7 days before the end"
        END_DAY = "end_day", "On the end day"
        GRACE_END = "grace_end", "At the end of grace"

    # The member beside the period: staff read a member's notices without going through periods.
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="renewal_notices")
    period = models.ForeignKey(MembershipPeriod, on_delete=models.CASCADE, related_name="renewal_notices")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    sent_at = models.DateTimeField()  # when its e-mail was queued (the notifications send it)

    class Meta:
        ordering = ["sent_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["period", "kind"], name="renewal_notice_once_per_kind"),
        ]

    def __str__(self):
        return f"{self.kind} notice of period {self.period_id}"


class CpdCredit(models.Model):
    """CPD hours credited to a member (docs/members.md, CPD hours and certificates): for attending
    an event (credited once the event is Completed, by services/cpd) or by hand by staff (an event
    held elsewhere). The event's title and date are copied: the certificate stays true if the
    event is edited or deleted. Its certificate's code, like the card's, is kept as a SHA-256 hash
    (found by it) and sealed (to print the certificate again). Revoked: kept, no longer counted,
    no longer verified."""

    class Source(models.TextChoices):
        EVENT = "event", "Event attended"
        MANUAL = "manual", "Credited by staff"

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="cpd_credits")
    event_id = models.IntegerField(null=True, blank=True)  # no key: members never imports events
    title = models.CharField(max_length=200)  # the event's title, or the activity credited by hand
    date = models.DateField()  # the day attended
    hours = models.DecimalField(max_digits=4, decimal_places=2)
    category = models.CharField(max_length=40)
    source = models.CharField(max_length=10, choices=Source.choices)
    note = models.TextField(blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_reason = models.TextField(blank=True, default="")
    verify_code_hash = models.CharField(max_length=64, unique=True, editable=False)
    verify_code_sealed = models.TextField(editable=False)

    class Meta:
        ordering = ["-date", "-pk"]
        constraints = [
            # Once per member and event, whatever runs the crediting (handler twice, the sweep).
            models.UniqueConstraint(
                fields=["member", "event_id"],
                condition=Q(event_id__isnull=False),
                name="cpd_credit_once_per_event",
            ),
            models.CheckConstraint(condition=Q(hours__gt=0, hours__lte=40), name="cpd_credit_hours_range"),
        ]
        indexes = [models.Index(fields=["member", "date"], name="cpd_credit_member_date_idx")]

    def __str__(self):
        return f"{self.hours} h CPD of member {self.member_id}: {self.title}"


class Renewal(models.Model):
    """A member's request to renew (docs/members.md, Renewal): Pending with a payment reference and
    the fee until staff confirm the payment at the desk, which adds the next period; one Pending
    per member (asking again updates it)."""

    class Status(models.TextChoices):
        PENDING = "Pending", "Pending"
        CONFIRMED = "Confirmed", "Confirmed"
        CANCELLED = "Cancelled", "Cancelled"

    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="renewals")
    # What the payer writes in the Mobile Money or bank message (services/core/payments.py).
    reference = models.CharField(max_length=12, unique=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    membership_type = models.CharField(max_length=20, choices=Member.MembershipType.choices)
    fee = models.DecimalField(max_digits=12, decimal_places=2)
    payment_method = models.CharField(max_length=20)
    transaction_id = models.CharField(max_length=100, blank=True, default="")
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)
    # The period the confirmation added.
    period = models.OneToOneField(
        MembershipPeriod, null=True, blank=True, on_delete=models.SET_NULL, related_name="confirmed_renewal"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["member"], condition=Q(status="Pending"), name="renewal_pending_once"
            ),
        ]
        # The payment desk: the pending ones, newest first.
        indexes = [models.Index(fields=["status", "-created_at", "-id"], name="renewal_desk_idx")]

    def __str__(self):
        return f"renewal {self.reference} of member {self.member_id} ({self.status})"
