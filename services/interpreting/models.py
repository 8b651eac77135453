from datetime import timedelta

from django.conf import settings as django_settings
from django.db import models
from django.utils import timezone

from services.members.standing import GRACE_DAYS


def profile_tags(*lists: list[str]) -> str:
    """'|gasabo|medical|rwandan sign language|': every language, district and setting of a
    profile, once, between bars, so that one `contains` finds a profile serving a value, on
    SQLite and PostgreSQL alike (the vocabularies share no name, reference.py)."""
    values = sorted({value.casefold() for values in lists for value in values})
    return "|" + "|".join(values) + "|" if values else ""


class InterpreterProfileQuerySet(models.QuerySet):
    def serving(
        self, *, language: str | None = None, district: str | None = None, setting: str | None = None
    ):
        """Profiles whose languages, districts and settings include each value given (values as
        written in reference.py)."""
        queryset = self
        for value in (language, district, setting):
            if value:
                queryset = queryset.filter(tags__contains=f"|{value.casefold()}|")
        return queryset

    def listed(self):
        """What the public may see: listed with consent, not hidden by staff, of an approved member
        whose membership has not lapsed (standing.py: Grace ends 30 days after the period's end)."""
        return self.filter(
            listed=True,
            consent_at__isnull=False,
            hidden_at__isnull=True,
            member__approval_status="Approved",
            member__membership_end__gte=timezone.localdate() - timedelta(days=GRACE_DAYS),
        )


class InterpreterProfile(models.Model):
    """An approved member's interpreter profile (docs/interpreting.md). Kept whether listed or
    not: staff suggest every matching interpreter for a request; the public sees only the listed
    ones, and of each only what the interpreter chose to show."""

    member = models.OneToOneField(
        "members.Member", on_delete=models.CASCADE, related_name="interpreter_profile"
    )
    display_name = models.CharField(max_length=80)
    # Under MEDIA_ROOT; blank: no photo. Written only after the content was checked and re-encoded.
    photo = models.CharField(max_length=200, blank=True, default="")
    sign_languages = models.JSONField(default=list, blank=True)
    spoken_languages = models.JSONField(default=list, blank=True)
    districts = models.JSONField(default=list, blank=True)
    settings = models.JSONField(default=list, blank=True)
    certification_level = models.CharField(max_length=30, blank=True, default="")
    years_of_practice = models.PositiveSmallIntegerField(default=0)
    bio = models.TextField(max_length=600, blank=True, default="")
    show_phone = models.BooleanField(default=False)
    show_email = models.BooleanField(default=False)
    listed = models.BooleanField(default=False)
    # The consent to be listed: when, and the wording the interpreter saw (null: none given, or
    # withdrawn).
    consent_at = models.DateTimeField(null=True, blank=True)
    consent_text = models.TextField(blank=True, default="")
    verified_at = models.DateTimeField(null=True, blank=True)
    verified_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    tags = models.CharField(max_length=2000, blank=True, default="", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = InterpreterProfileQuerySet.as_manager()

    class Meta:
        ordering = ["display_name", "pk"]
        indexes = [models.Index(fields=["listed", "display_name", "id"], name="interpreter_listed_idx")]

    def __str__(self):
        return self.display_name

    def save(self, *args, **kwargs):
        self.tags = profile_tags(self.sign_languages, self.spoken_languages, self.districts, self.settings)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "tags"}
        super().save(*args, **kwargs)


# --- Requests, offers and the hours worked (docs/interpreting.md, Requests) -------------------


class InterpreterRequest(models.Model):
    """A request for an interpreter, from anyone (no account). The requester's details are
    erased INTERPRETER_REQUEST_RETENTION_DAYS after the date (`erased_at`); the rest stays,
    anonymous, for the report."""

    class Status(models.TextChoices):
        NEW = "new", "New"
        OFFERED = "offered", "Offered"
        ASSIGNED = "assigned", "Assigned"
        COMPLETED = "completed", "Completed"
        UNFILLED = "unfilled", "Unfilled"
        CANCELLED = "cancelled", "Cancelled"

    class RequesterType(models.TextChoices):
        DEAF_PERSON = "deaf_person", "A Deaf person"
        FAMILY = "family", "A family member"
        ORGANISATION = "organisation", "An organisation"
        HOSPITAL = "hospital", "A hospital"
        COURT = "court", "A court"
        SCHOOL = "school", "A school"
        OTHER = "other", "Other"

    class Contact(models.TextChoices):
        EMAIL = "email", "E-mail"
        PHONE = "phone", "Phone call"
        SMS = "sms", "SMS"
        WHATSAPP = "whatsapp", "WhatsApp"

    class Mode(models.TextChoices):
        IN_PERSON = "in_person", "In person"
        REMOTE = "remote", "Remote"

    reference = models.CharField(max_length=12, unique=True)
    requester_type = models.CharField(max_length=20, choices=RequesterType.choices)
    full_name = models.CharField(max_length=70, blank=True, default="")
    email = models.CharField(max_length=254, blank=True, default="")
    phone = models.CharField(max_length=40, blank=True, default="")
    contact_preference = models.CharField(max_length=10, choices=Contact.choices)
    language = models.CharField(max_length=8, default="en")  # the site's language at the request
    date = models.DateField()
    start_time = models.TimeField()
    duration_minutes = models.PositiveSmallIntegerField()
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    mode = models.CharField(max_length=10, choices=Mode.choices)
    district = models.CharField(max_length=30, blank=True, default="")
    address = models.CharField(max_length=300, blank=True, default="")
    video_link = models.CharField(max_length=500, blank=True, default="")
    setting = models.CharField(max_length=30)
    languages = models.JSONField(default=list)
    deaf_count = models.PositiveSmallIntegerField(default=1)
    deafblind_needs = models.TextField(max_length=1000, blank=True, default="")
    preferred_interpreter = models.ForeignKey(
        InterpreterProfile, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    notes = models.TextField(max_length=2000, blank=True, default="")
    interpreters_needed = models.PositiveSmallIntegerField(default=1)
    urgent = models.BooleanField(default=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEW)
    unfilled_reason = models.CharField(max_length=500, blank=True, default="")
    # The cancel link's token is an HMAC of this salt (so every e-mail can carry it); only its
    # SHA-256 is looked up.
    cancel_salt = models.CharField(max_length=64, blank=True, default="")
    cancel_token_hash = models.CharField(max_length=64, blank=True, default="", db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    first_offered_at = models.DateTimeField(null=True, blank=True)
    assigned_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)  # completed, unfilled or cancelled
    reminded_at = models.DateTimeField(null=True, blank=True)  # the day-before reminder, once
    erased_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-urgent", "date", "start_time", "pk"]
        indexes = [
            models.Index(fields=["status", "urgent", "date"], name="interp_request_status_idx"),
            models.Index(fields=["date"], name="interp_request_date_idx"),
        ]

    def __str__(self):
        return self.reference


class InterpreterOffer(models.Model):
    """A request offered to one interpreter: an e-mail with single-use Accept / Decline links
    (only the token's SHA-256 is kept), open until OFFER_HOURS pass or the request starts."""

    class Status(models.TextChoices):
        OFFERED = "offered", "Offered"
        ACCEPTED = "accepted", "Accepted"
        DECLINED = "declined", "Declined"
        CLOSED = "closed", "Closed"  # filled by others, cancelled, unfilled or expired

    request = models.ForeignKey(InterpreterRequest, on_delete=models.CASCADE, related_name="offers")
    member = models.ForeignKey("members.Member", on_delete=models.CASCADE, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OFFERED)
    token_hash = models.CharField(max_length=64, unique=True)
    offered_at = models.DateTimeField()
    expires_at = models.DateTimeField()
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["offered_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["request", "member"], name="interp_offer_once_per_member"),
        ]
        indexes = [models.Index(fields=["member", "status"], name="interp_offer_member_idx")]

    def __str__(self):
        return f"{self.request_id}/{self.member_id}: {self.status}"


class InterpretingHours(models.Model):
    """An interpreter's hours on a completed request: interpreting hours, apart from CPD."""

    member = models.ForeignKey("members.Member", on_delete=models.CASCADE, related_name="+")
    request = models.ForeignKey(InterpreterRequest, on_delete=models.CASCADE, related_name="+")
    date = models.DateField()
    minutes = models.PositiveSmallIntegerField()
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["member", "request"], name="interp_hours_once"),
        ]

    def __str__(self):
        return f"{self.member_id}: {self.minutes} min on {self.date}"
