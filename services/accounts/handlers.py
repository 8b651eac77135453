from django.conf import settings
from django.contrib.auth import get_user_model

from services.notifications.services import notification_queue
from services.outbox.registry import subscribe

from .domain_events import PasswordChanged, PasswordResetRequested
from .selectors import staff_language
from .services import password_reset_recipients, password_reset_token_issue


@subscribe(PasswordResetRequested.topic)
def send_password_reset_link(event: PasswordResetRequested, message) -> None:
    for user in password_reset_recipients(email=event.email):
        token = password_reset_token_issue(user=user)
        notification_queue(
            template="password_reset",
            recipient=user.email,
            language=event.language or staff_language(email=user.email),
            # The link is secret: the notification keeps it only until the e-mail is out. The token
            # rides in the fragment, which browsers never send to a server (nor to its logs).
            context={
                "name": user.get_full_name() or user.username,
                "username": user.username,
                "reset_url": f"{settings.FRONTEND_URL}/reset-password#token={token}",
                "minutes": settings.PASSWORD_RESET_TOKEN_MINUTES,
                "_secret": ["reset_url"],
            },
            source_message=message,
        )


@subscribe(PasswordChanged.topic)
def send_password_changed_notice(event: PasswordChanged, message) -> None:
    user = get_user_model().objects.filter(pk=event.user_id).first()
    if user is None or not user.email:
        return
    notification_queue(
        template="password_changed",
        recipient=user.email,
        language=staff_language(email=user.email),
        context={
            "name": user.get_full_name() or user.username,
            "username": user.username,
            "how": event.how,
            "login_url": f"{settings.FRONTEND_URL}/adminlogin",
        },
        source_message=message,
    )
