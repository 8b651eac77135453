from django.db import models


class Heartbeat(models.Model):
    """Stamped by a beat-scheduled task that a worker runs: fresh means beat and worker both live."""

    name = models.CharField(max_length=50, primary_key=True)
    beat_at = models.DateTimeField()

    def __str__(self):
        return f"{self.name} at {self.beat_at:%Y-%m-%d %H:%M:%S}"
