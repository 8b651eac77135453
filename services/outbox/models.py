import uuid

from django.db import models


class OutboxMessage(models.Model):
    """A domain event written in the same transaction as the state change that caused it. It is
    complete once every handler subscribed to its topic has completed (`completed_at`)."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    topic = models.CharField(max_length=100, db_index=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    relayed_at = models.DateTimeField(null=True, blank=True)  # its deliveries exist
    completed_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)  # relays tried
    last_error = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["created_at"]
        indexes = [
            # The sweep and the health check look for the oldest incomplete rows.
            models.Index(
                fields=["created_at"],
                name="outbox_pending_idx",
                condition=models.Q(completed_at__isnull=True),
            ),
            models.Index(fields=["completed_at"], name="outbox_completed_idx"),
        ]

    def __str__(self):
        return f"{self.topic} {self.id}"


class Delivery(models.Model):
    """One subscribed handler's work on one message: pending until it has run once to the end
    (done), or until it failed for good (dead: ops fix the cause and run it again)."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DONE = "done", "Done"
        DEAD = "dead", "Dead"

    message = models.ForeignKey(OutboxMessage, on_delete=models.CASCADE, related_name="deliveries")
    handler = models.CharField(max_length=200)  # the Celery task name of the handler
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveIntegerField(default=0)
    next_attempt_at = models.DateTimeField()  # when the sweep hands it to a worker (again)
    last_error = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "deliveries"
        constraints = [models.UniqueConstraint(fields=["message", "handler"], name="outbox_delivery_once")]
        indexes = [
            models.Index(
                fields=["next_attempt_at"],
                name="outbox_delivery_due_idx",
                condition=models.Q(status="pending"),
            ),
            models.Index(fields=["status"], name="outbox_delivery_status_idx"),
        ]

    def __str__(self):
        return f"{self.handler} {self.message_id} ({self.status})"
