from datetime import datetime

from .models import Notification


def notifications_sent_recently(*, template: str, recipient: str, since: datetime) -> int:
    """E-mails of one kind stored for one address since a time (queued, sent or failed alike)."""
    return Notification.objects.filter(
        template=template, recipient__iexact=recipient, created_at__gte=since
    ).count()
