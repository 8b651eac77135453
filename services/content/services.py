from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from services.core.errors import ValidationFailed
from services.notifications.languages import language_code
from services.outbox.services import publish

from .domain_events import ContactReceived
from .models import ContactMessage


def contact_message_submit(*, name: str, email: str, message: str) -> ContactMessage:
    name, email, message = name.strip(), email.strip(), message.strip()
    if not (name and email and message):
        missing = {
            field: _("This field is required.")
            for field, value in (("name", name), ("email", email), ("message", message))
            if not value
        }
        raise ValidationFailed(_("Please fill out all fields."), fields=missing)

    errors = {}
    if len(name) > ContactMessage.NAME_MAX:
        errors["name"] = _("Please keep your name under %(limit)d characters.") % {
            "limit": ContactMessage.NAME_MAX
        }
    try:
        if len(email) > 254:
            raise ValidationError("too long")
        validate_email(email)
    except ValidationError:
        errors["email"] = _("Please enter a valid e-mail address.")
    if len(message) > ContactMessage.MESSAGE_MAX:
        errors["message"] = _("Please keep your message under %(limit)d characters.") % {
            "limit": ContactMessage.MESSAGE_MAX
        }
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)

    with transaction.atomic():
        contact = ContactMessage.objects.create(
            name=name, email=email, message=message, language=language_code(get_language())
        )
        publish(ContactReceived(contact_message_id=contact.pk))
    return contact
