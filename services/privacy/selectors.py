from django.conf import settings


def retention_periods() -> dict[str, int]:
    """How long personal data is kept, in days, as configured (the privacy page states them)."""
    return {
        "personal_data_days": settings.PERSONAL_DATA_RETENTION_DAYS,
        "notification_body_days": settings.NOTIFICATION_BODY_RETENTION_DAYS,
        "member_rejected_days": settings.MEMBER_REJECTED_RETENTION_DAYS,
        "audit_days": settings.AUDIT_RETENTION_DAYS,
    }
