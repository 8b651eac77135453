from django.db import models
from django.utils import timezone


class Notification(models.Model):
    """One e-mail: what was (or will be) sent to whom, and how it went."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        SENDING = "sending", "Sending"
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    recipient = models.EmailField(max_length=254)
    reply_to = models.EmailField(max_length=254, blank=True, default="")
    template = models.CharField(max_length=100)
    context = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=10, default="en")
    source_message = models.ForeignKey(
        "outbox.OutboxMessage", null=True, blank=True, on_delete=models.SET_NULL, related_name="notifications"
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField(default=timezone.now)  # the sweep sends only due rows
    # The e-mail's Message-ID, fixed when the row is made and the same on every attempt, so that a
    # resend after an unknown outcome is recognisably the same e-mail.
    message_id = models.CharField(max_length=255, blank=True, default="")
    provider_message_id = models.CharField(max_length=255, blank=True, default="")
    # A worker died after handing the e-mail to the provider: it may have gone. Resent once, then
    # left failed for ops rather than sent a third time.
    outcome_unknown = models.BooleanField(default=False)
    error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # NOTIFICATION_BODY_RETENTION_DAYS after it was sent (or failed) the e-mail's content is
    # cleared: context and reply-to blanked, recipient masked. It can no longer be sent again.
    body_cleared_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [
            models.Index(fields=["status", "updated_at"], name="notification_status_idx"),
            models.Index(fields=["status", "next_attempt_at"], name="notification_due_idx"),
        ]

    def __str__(self):
        return f"{self.template} to {self.recipient} ({self.status})"
