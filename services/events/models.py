from datetime import datetime, time, timedelta
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

# SPEC §3: the six fixed event images; an unknown id falls back to the first.
EVENT_IMAGE_IDS = ("conference1", "workshop1", "seminar1", "panafrica1", "afsli1", "kcc1")
IMAGE_ALT_MAX = 250
ACCESS_INFO_MAX = 2000
LATITUDE_RANGE = (Decimal(-90), Decimal(90))
LONGITUDE_RANGE = (Decimal(-180), Decimal(180))


class Event(models.Model):
    class Status(models.TextChoices):
        DRAFT = "Draft", "Draft"
        PUBLISHED = "Published", "Published"
        COMPLETED = "Completed", "Completed"
        CANCELLED = "Cancelled", "Cancelled"

    title = models.CharField(max_length=200)
    subtitle = models.CharField(max_length=300, blank=True, default="")
    description = models.TextField(blank=True, default="")
    location = models.CharField(max_length=255)
    # How to get in and around the venue (step-free entrance, where the interpreters stand,
    # toilets, parking, quiet room), several lines: the event page, the ticket, the confirmation
    # and the reminders show it. Empty: nothing is said.
    access_info = models.TextField(
        _("Venue access"),
        max_length=ACCESS_INFO_MAX,
        blank=True,
        default="",
        help_text=_(
            "Step-free entrance, where the interpreters stand, accessible toilets, parking, quiet room…"
        ),
    )
    price = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)  # None or 0: free
    date = models.DateField()
    time = models.TimeField(null=True, blank=True)
    # When it ends, the same day (after `time`); None: the calendar file uses
    # EVENT_DEFAULT_DURATION_HOURS.
    end_time = models.TimeField(null=True, blank=True)
    speakers = models.JSONField(default=list, blank=True)  # ["Name", …]
    agenda = models.JSONField(default=list, blank=True)  # [{"time", "activity"}, …]
    faqs = models.JSONField(default=list, blank=True)  # [{"question", "answer"}, …]
    contact_email = models.EmailField(max_length=254, blank=True, default="")
    contact_phone = models.CharField(max_length=30, blank=True, default="")
    social_links = models.JSONField(default=dict, blank=True)  # {"facebook", "twitter"}, empty ones dropped
    event_image_id = models.CharField(max_length=20, default=EVENT_IMAGE_IDS[0])
    # The picture staff uploaded (services/events/images.py), shown instead of the fixed one:
    # its files [{"name", "width", "height"}], narrowest first, and the text read in its place.
    image_variants = models.JSONField(default=list, blank=True)
    image_alt = models.CharField(max_length=IMAGE_ALT_MAX, blank=True, default="")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    maximum_attendees = models.PositiveIntegerField(null=True, blank=True)  # None: unlimited
    # Hours a registrant has to pay before the seat goes back; None: the association's default
    # (REGISTRATION_PAYMENT_DEADLINE_HOURS). Never later than the event's start either way.
    payment_deadline_hours = models.PositiveIntegerField(null=True, blank=True)
    # The event's own place on the map; both or neither (no place: the location text, no map).
    latitude = models.DecimalField(
        max_digits=9,
        decimal_places=6,
        null=True,
        blank=True,
        validators=[MinValueValidator(LATITUDE_RANGE[0]), MaxValueValidator(LATITUDE_RANGE[1])],
    )
    longitude = models.DecimalField(
        max_digits=9,
        decimal_places=6,
        null=True,
        blank=True,
        validators=[MinValueValidator(LONGITUDE_RANGE[0]), MaxValueValidator(LONGITUDE_RANGE[1])],
    )
    # The event's own call for abstracts; empty: the event has none (no block on its page).
    call_for_abstracts_url = models.URLField(max_length=500, blank=True, default="")
    # CPD hours a checked-in member is credited once the event is Completed (0 to 40, quarter
    # hours; null or 0: none) and their category (services/core/cpd.py; docs/members.md).
    cpd_hours = models.DecimalField(max_digits=4, decimal_places=2, null=True, blank=True)
    cpd_category = models.CharField(max_length=40, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="events"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Counters the public pages read, kept from the registration rows by the registration
    # services and the recomputation task (services/registrations/capacity.py), written through
    # services.event_counters_store; the seat check itself always counts the rows under the
    # event's lock. Every figure made of them: seats.py.
    registrations_total = models.PositiveIntegerField(default=0)  # Pending + Approved
    registrations_pending = models.PositiveIntegerField(default=0)
    registrations_approved = models.PositiveIntegerField(default=0)
    waitlist_waiting = models.PositiveIntegerField(default=0)
    waitlist_offered = models.PositiveIntegerField(default=0)  # seats held for open offers
    counters_updated_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["status", "date"], name="event_status_date_idx"),
            models.Index(fields=["-created_at"], name="event_created_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(price__isnull=True) | models.Q(price__gte=0),
                name="event_price_not_negative",
            ),
            models.CheckConstraint(
                condition=models.Q(maximum_attendees__isnull=True) | models.Q(maximum_attendees__gte=1),
                name="event_capacity_at_least_one",
            ),
            models.CheckConstraint(
                condition=models.Q(latitude__isnull=True, longitude__isnull=True)
                | models.Q(
                    # explicit: a comparison with NULL is unknown, which a CHECK lets through
                    latitude__isnull=False,
                    longitude__isnull=False,
                    latitude__gte=LATITUDE_RANGE[0],
                    latitude__lte=LATITUDE_RANGE[1],
                    longitude__gte=LONGITUDE_RANGE[0],
                    longitude__lte=LONGITUDE_RANGE[1],
                ),
                name="event_place_both_or_neither_in_range",
            ),
        ]

    def __str__(self):
        return f"{self.title} ({self.date})"

    def clean(self):
        super().clean()
        if (self.latitude is None) != (self.longitude is None):
            missing = "longitude" if self.longitude is None else "latitude"
            raise ValidationError({missing: _("Give both latitude and longitude, or neither.")})

    @property
    def starts_at(self) -> datetime:
        """The start in the association's time zone; midnight for a whole-day event."""
        return datetime.combine(self.date, self.time or time(0), tzinfo=ZoneInfo(settings.TIME_ZONE))

    @property
    def ends_at(self) -> datetime:
        """The end: its end time, else EVENT_DEFAULT_DURATION_HOURS after its start; the next
        midnight for a whole-day event."""
        if self.time is None:
            return self.starts_at + timedelta(days=1)
        if self.end_time is not None and self.end_time > self.time:
            return datetime.combine(self.date, self.end_time, tzinfo=ZoneInfo(settings.TIME_ZONE))
        return self.starts_at + timedelta(hours=settings.EVENT_DEFAULT_DURATION_HOURS)
