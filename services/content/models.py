import uuid

from django.conf import settings
from django.db import models


class ContactMessage(models.Model):
    """A message a visitor sent through the contact form; kept so that none is lost."""

    NAME_MAX = 150
    MESSAGE_MAX = 5000

    name = models.CharField(max_length=NAME_MAX)
    email = models.EmailField(max_length=254)
    message = models.TextField(max_length=MESSAGE_MAX)
    language = models.CharField(max_length=10, default="en")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        # No address: Django admin keeps this text in its log after a deletion.
        return f"Message {self.pk} from {self.name}"


def resource_upload_path(instance, filename: str) -> str:
    """A random stored name that keeps only the checked extension: nothing a browser sent
    (path, name) reaches the disk, and no two uploads collide."""
    extension = filename.rsplit(".", 1)[-1].lower() if "." in filename else "bin"
    return f"resources/{uuid.uuid4().hex}.{extension}"


class Resource(models.Model):
    """A document on the public Resources page: an uploaded file or a link to one elsewhere,
    never both (the constraint below)."""

    TITLE_MAX = 200
    DESCRIPTION_MAX = 2000
    URL_MAX = 500

    title = models.CharField(max_length=TITLE_MAX)
    description = models.TextField(max_length=DESCRIPTION_MAX, blank=True, default="")
    upload = models.FileField(upload_to=resource_upload_path, max_length=255, blank=True, default="")
    # The type checked from the file's own bytes on upload (never the browser's word for it).
    content_type = models.CharField(max_length=100, blank=True, default="")
    size = models.PositiveBigIntegerField(null=True, blank=True)
    url = models.URLField(max_length=URL_MAX, blank=True, default="")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="resources"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["-created_at", "-id"], name="resource_created_idx")]
        constraints = [
            models.CheckConstraint(
                condition=(models.Q(upload="") & ~models.Q(url=""))
                | (~models.Q(upload="") & models.Q(url="")),
                name="resource_file_or_url",
            )
        ]

    def __str__(self):
        return self.title


class NewsItem(models.Model):
    """A news item on the public Updates page."""

    TITLE_MAX = 200
    DESCRIPTION_MAX = 5000
    LINK_MAX = 500

    title = models.CharField(max_length=TITLE_MAX)
    date = models.DateField()
    description = models.TextField(max_length=DESCRIPTION_MAX, blank=True, default="")
    link = models.URLField(max_length=LINK_MAX, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-date", "-created_at", "-id"]
        indexes = [models.Index(fields=["-date", "-created_at", "-id"], name="update_date_idx")]

    def __str__(self):
        return self.title
