from django.conf import settings
from django.db import models


class StaffProfile(models.Model):
    """What the dashboard shows of a staff user beyond Django's own user fields (SPEC §3 User)."""

    DEFAULT_ROLE = "Administrator"

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="staff_profile"
    )
    role = models.CharField(max_length=50, default=DEFAULT_ROLE)
    phone = models.CharField(max_length=30, blank=True, default="")
    preferred_language = models.CharField(max_length=30, blank=True, default="")
    date_of_birth = models.DateField(null=True, blank=True)
    occupation = models.CharField(max_length=100, blank=True, default="")
    organization = models.CharField(max_length=150, blank=True, default="")
    experience_years = models.PositiveSmallIntegerField(default=0)
    preferred_communication_language = models.CharField(max_length=50, blank=True, default="")
    skills = models.TextField(blank=True, default="")
    areas_of_interest = models.JSONField(default=list, blank=True)
    certifications = models.TextField(blank=True, default="")
    # Incremented to end every session of the user at once (services/accounts/tokens.py).
    session_version = models.PositiveIntegerField(default=0)

    def __str__(self):
        return f"{self.user} ({self.role})"


class PasswordResetToken(models.Model):
    """A password-reset link: only the SHA-256 of its random token is kept."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reset_tokens")
    token_hash = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self):
        return f"reset for {self.user} until {self.expires_at:%Y-%m-%d %H:%M}"
