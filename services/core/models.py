from django.db import models


class UsedChallenge(models.Model):
    """A bot-challenge solution that was accepted once (services/core/challenge.py). The unique
    signature refuses its replay, also when two requests carry it at the same moment; the row is
    useless once the challenge has expired, and the purge task deletes it then."""

    signature = models.CharField(max_length=128, unique=True)
    expires_at = models.DateTimeField(db_index=True)

    def __str__(self):
        return self.signature[:12]
