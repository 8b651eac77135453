from datetime import timedelta

from django.conf import settings as django_settings
from django.db import models
from django.utils import timezone

from services.members.standing import GRACE_DAYS


def profile_tags(*lists: list[str]) -> str:
    """'|gasabo|medical|rwandan sign language|': every language, district and setting of a
    profile, once, between bars, so that one `contains` finds a profile serving a value, on
    SQLite and PostgreSQL alike (the vocabularies share no name, reference.py)."""
    values = sorted({value.casefold() for values in lists for value in values})
    return "|" + "|".join(values) + "|" if values else ""


class InterpreterProfileQuerySet(models.QuerySet):
    def serving(
        self, *, language: str | None = None, district: str | None = None, setting: str | None = None
    ):
        """Profiles whose languages, districts and settings include each value given (values as
        written in reference.py)."""
        queryset = self
        for value in (language, district, setting):
            if value:
                queryset = queryset.filter(tags__contains=f"|{value.casefold()}|")
        return queryset

    def listed(self):
        """What the public may see: listed with consent, not hidden by staff, of an approved member
        whose membership has not lapsed (standing.py: Grace ends 30 days after the period's end)."""
        return self.filter(
            listed=True,
            consent_at__isnull=False,
            hidden_at__isnull=True,
            member__approval_status="Approved",
            member__membership_end__gte=timezone.localdate() - timedelta(days=GRACE_DAYS),
        )


class InterpreterProfile(models.Model):
    """An approved member's interpreter profile (docs/interpreting.md). Kept whether listed or
    not: staff suggest every matching interpreter for a request; the public sees only the listed
    ones, and of each only what the interpreter chose to show."""

    member = models.OneToOneField(
        "members.Member", on_delete=models.CASCADE, related_name="interpreter_profile"
    )
    display_name = models.CharField(max_length=80)
    # Under MEDIA_ROOT; blank: no photo. Written only after the content was checked and re-encoded.
    photo = models.CharField(max_length=200, blank=True, default="")
    sign_languages = models.JSONField(default=list, blank=True)
    spoken_languages = models.JSONField(default=list, blank=True)
    districts = models.JSONField(default=list, blank=True)
    settings = models.JSONField(default=list, blank=True)
    certification_level = models.CharField(max_length=30, blank=True, default="")
    years_of_practice = models.PositiveSmallIntegerField(default=0)
    bio = models.TextField(max_length=600, blank=True, default="")
    show_phone = models.BooleanField(default=False)
    show_email = models.BooleanField(default=False)
    listed = models.BooleanField(default=False)
    # The consent to be listed: when, and the wording the interpreter saw (null: none given, or
    # withdrawn).
    consent_at = models.DateTimeField(null=True, blank=True)
    consent_text = models.TextField(blank=True, default="")
    verified_at = models.DateTimeField(null=True, blank=True)
    verified_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    hidden_at = models.DateTimeField(null=True, blank=True)
    hidden_by = models.ForeignKey(
        django_settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    tags = models.CharField(max_length=2000, blank=True, default="", editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    objects = InterpreterProfileQuerySet.as_manager()

    class Meta:
        ordering = ["display_name", "pk"]
        indexes = [models.Index(fields=["listed", "display_name", "id"], name="interpreter_listed_idx")]

    def __str__(self):
        return self.display_name

    def save(self, *args, **kwargs):
        self.tags = profile_tags(self.sign_languages, self.spoken_languages, self.districts, self.settings)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], "tags"}
        super().save(*args, **kwargs)
