import uuid

from django.db import models


class OutboxMessage(models.Model):
    """A domain event written in the same transaction as the state change that caused it."""

    id = models.UUIDField(primary_key=True, default=uuid.uuid4, editable=False)
    topic = models.CharField(max_length=100, db_index=True)
    payload = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    dispatched_at = models.DateTimeField(null=True, blank=True)
    attempts = models.PositiveIntegerField(default=0)
    last_error = models.TextField(blank=True, default="")

    class Meta:
        ordering = ["created_at"]
        indexes = [
            # The sweep and the health check look for the oldest undispatched rows.
            models.Index(
                fields=["created_at"],
                name="outbox_pending_idx",
                condition=models.Q(dispatched_at__isnull=True),
            ),
            models.Index(fields=["dispatched_at"], name="outbox_dispatched_idx"),
        ]

    def __str__(self):
        return f"{self.topic} {self.id}"


class HandledMessage(models.Model):
    """Marks that one handler has processed one message, so a redelivery does nothing."""

    message = models.ForeignKey(OutboxMessage, on_delete=models.CASCADE, related_name="handled")
    handler = models.CharField(max_length=200)
    handled_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["message", "handler"], name="outbox_handled_once")]

    def __str__(self):
        return f"{self.handler} {self.message_id}"
