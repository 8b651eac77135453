from django.conf import settings
from django.utils import formats, timezone

from services.notifications.services import notification_queue
from services.outbox.registry import subscribe

from .domain_events import ContactReceived
from .models import ContactMessage


@subscribe(ContactReceived.topic)
def send_contact_emails(event: ContactReceived, message) -> None:
    """The association's inbox gets the message (reply goes to the visitor); the visitor a receipt."""
    contact = ContactMessage.objects.filter(pk=event.contact_message_id).first()
    if contact is None:
        return
    context = {
        "name": contact.name,
        "email": contact.email,
        "message": contact.message,
        "received_at": formats.date_format(timezone.localtime(contact.created_at), "DATETIME_FORMAT"),
    }
    notification_queue(
        template="contact_notice",
        recipient=settings.ASSOCIATION["email"],
        reply_to=contact.email,
        context=context,
        source_message=message,
    )
    notification_queue(
        template="contact_acknowledgement",
        recipient=contact.email,
        context=context,
        language=contact.language,
        source_message=message,
    )
