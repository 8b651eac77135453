"""A signed (Rwandan Sign Language) version of a page, an event or an update: one video per
target, its poster, its captions per language and an optional transcript (docs/content.md)."""

from django.conf import settings
from django.db import models

LANGUAGES = ("en", "rw", "fr", "sw")


class SignedVideo(models.Model):
    class Status(models.TextChoices):
        PROCESSING = "processing"  # checked by its header; the worker decodes it and makes the poster
        READY = "ready"  # public
        FAILED = "failed"  # the worker refused it (error says why); staff delete it and upload again

    TARGET_MAX = 40
    TRANSCRIPT_MAX = 50_000

    target = models.CharField(max_length=TARGET_MAX, unique=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.PROCESSING)
    error = models.TextField(blank=True, default="")
    # Names inside the signed_videos storage; the video is there only once the worker checked it.
    video = models.CharField(max_length=200, blank=True, default="")
    poster = models.CharField(max_length=200, blank=True, default="")
    # The checked upload waiting for the worker (a name under DATA_DIR, services/signed_videos/pending.py).
    pending = models.CharField(max_length=200, blank=True, default="")
    size_bytes = models.BigIntegerField(default=0)
    duration_seconds = models.FloatField(null=True, blank=True)
    content_type = models.CharField(max_length=40)
    transcript = models.TextField(blank=True, default="")  # "" none; the API answers null
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self):
        return f"Signed video for {self.target}"


class SignedVideoCaption(models.Model):
    video = models.ForeignKey(SignedVideo, on_delete=models.CASCADE, related_name="captions")
    language = models.CharField(max_length=2, choices=[(code, code) for code in LANGUAGES])
    file = models.CharField(max_length=200)  # a name inside the signed_videos storage
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["language"]
        constraints = [
            models.UniqueConstraint(
                fields=["video", "language"], name="signed_video_caption_one_per_language"
            )
        ]

    def __str__(self):
        return f"{self.language} captions of {self.video_id}"
