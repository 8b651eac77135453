from django.db import models


class Heartbeat(models.Model):
    """Stamped by a beat-scheduled task that a worker runs: fresh means beat and worker both live."""

    name = models.CharField(max_length=50, primary_key=True)
    beat_at = models.DateTimeField()

    def __str__(self):
        return f"{self.name} at {self.beat_at:%Y-%m-%d %H:%M:%S}"


class WorkerPresence(models.Model):
    """A Celery worker as it last reported itself: when it started, the queues it consumes, when
    it was last alive (it stamps itself on a timer of its own, with or without beat) and when it
    stopped cleanly. The System page lists workers from these rows, so one that dies (kill -9,
    a lost machine) still shows, as offline."""

    hostname = models.CharField(max_length=255, primary_key=True)  # celery's node name, e.g. celery@web1
    queues = models.JSONField(default=list)
    started_at = models.DateTimeField()
    seen_at = models.DateTimeField()
    stopped_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["hostname"]

    def __str__(self):
        return f"{self.hostname} seen at {self.seen_at:%Y-%m-%d %H:%M:%S}"
