from datetime import timedelta

from django.conf import settings
from django.utils import formats, timezone, translation

from services.accounts.selectors import staff_language
from services.notifications.selectors import notifications_sent_recently
from services.notifications.services import notification_queue
from services.outbox.registry import subscribe
from services.signed_videos.domain_events import SignedVideoChanged

from . import public_reads
from .domain_events import ContactReceived, NewsItemChanged, ResourceChanged
from .models import ContactMessage
from .services import ACKNOWLEDGEMENT, CONTACT_NOTICE


@subscribe(ContactReceived.topic)
def send_contact_emails(event: ContactReceived, message) -> None:
    """The association's inbox gets the message (reply goes to the visitor). The visitor gets a
    receipt that repeats nothing they typed but their name, and at most CONTACT_ACKS_PER_DAY of
    them a day: the address is unverified, so the form must not carry anybody's text, links or
    volume to somebody else's inbox in the association's name."""
    # Locked until the e-mails are written: an erasure deletes this row first, so either it
    # waits and deletes these e-mails, or this finds nothing to write about.
    contact = ContactMessage.objects.select_for_update().filter(pk=event.contact_message_id).first()
    if contact is None:
        return
    inbox = settings.ASSOCIATION["email"]
    language = staff_language(email=inbox)
    with translation.override(language):
        received_at = formats.date_format(timezone.localtime(contact.created_at), "DATETIME_FORMAT")
    notification_queue(
        template=CONTACT_NOTICE,
        recipient=inbox,
        reply_to=contact.email,
        language=language,
        context={
            "name": contact.name,
            "email": contact.email,
            "message": contact.message,
            "received_at": received_at,
        },
        source_message=message,
    )
    since = timezone.now() - timedelta(days=1)
    if notifications_sent_recently(template=ACKNOWLEDGEMENT, recipient=contact.email, since=since) >= (
        settings.CONTACT_ACKS_PER_DAY
    ):
        return
    notification_queue(
        template=ACKNOWLEDGEMENT,
        recipient=contact.email,
        context={"name": contact.name},
        language=contact.language,
        source_message=message,
    )


def _invalidate_public_lists(event, message) -> None:
    public_reads.invalidate()


# A change to a resource or an update (or to an update's signed video) changes what the public pages list.
for _topic in (ResourceChanged.topic, NewsItemChanged.topic, SignedVideoChanged.topic):
    subscribe(_topic, name=f"content.invalidate_public_cache.{_topic}")(_invalidate_public_lists)
