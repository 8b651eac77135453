from django.db import models


class Registration(models.Model):
    """A visitor's registration for an event (SPEC §3). Seats are counted from these rows."""

    class Status(models.TextChoices):
        PENDING = "Pending", "Pending"
        APPROVED = "Approved", "Approved"
        REJECTED = "Rejected", "Rejected"

    event = models.ForeignKey("events.Event", on_delete=models.CASCADE, related_name="registrations")
    full_name = models.CharField(max_length=150)
    email = models.EmailField(max_length=254)
    phone = models.CharField(max_length=30)
    preferred_language = models.CharField(max_length=30)
    needs_interpreter = models.BooleanField(default=False)
    disability = models.CharField(max_length=50, default="None")
    disability_details = models.TextField(blank=True, default="")
    registration_status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    transaction_id = models.CharField(max_length=100, blank=True, default="")
    payment_method = models.CharField(max_length=30, blank=True, default="")
    payment_notes = models.TextField(blank=True, default="")
    registration_date = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-registration_date"]
        constraints = [
            models.UniqueConstraint(fields=["event", "email"], name="registration_email_once_per_event"),
            models.UniqueConstraint(fields=["event", "phone"], name="registration_phone_once_per_event"),
        ]
        indexes = [
            models.Index(fields=["event", "registration_status"], name="registration_event_status_idx")
        ]

    def __str__(self):
        return f"{self.full_name} for {self.event_id} ({self.registration_status})"
