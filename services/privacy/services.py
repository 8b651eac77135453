"""Erasing everything the product holds about one e-mail address, each domain erasing its own rows.

Each domain's eraser deletes its rows first and then the e-mails about them (the order that
keeps a worker from writing them back, see registrations/erasure.py); then whatever e-mail
still names the address is deleted, and the address is forgotten in the outbox's stored
payloads. One transaction: all of it, or nothing."""

import logging
from collections import Counter

from django.contrib.admin.models import LogEntry
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from services.audit.erasure import audit_erase, audit_erase_mentions
from services.audit.recording import audit_record
from services.content.models import ContactMessage
from services.content.services import contact_messages_erase_for_email
from services.core.errors import ValidationFailed
from services.interpreting.models import InterpreterRequest
from services.interpreting.sweeps import requesters_erase_for_email
from services.members.models import Member
from services.members.services import members_erase_for_email
from services.notifications.services import About, notifications_erase
from services.outbox.services import personal_values_forget
from services.registrations.erasure import registrants_erase_for_email
from services.registrations.models import Registration, WaitlistEntry

logger = logging.getLogger(__name__)
KINDS = (
    "registrations",
    "waitlist_entries",
    "members",
    "contact_messages",
    "interpreter_requests",
    "emails",
    "events",
)
# The rows of an address, by the name the audit trail gives their kind.
TRAIL_KINDS = {
    "registration": Registration,
    "waitlist_entry": WaitlistEntry,
    "member": Member,
    "contact_message": ContactMessage,
    "interpreter_request": InterpreterRequest,
}


def _checked_email(email: str) -> str:
    email = (email or "").strip()
    if not email:
        message = _("Please enter the e-mail address to erase.")
        raise ValidationFailed(message, fields={"email": _("This field is required.")})
    try:
        if len(email) > 254:
            raise ValidationError("too long")
        validate_email(email)
    except ValidationError:
        message = _("Please enter a valid e-mail address.")
        raise ValidationFailed(message, fields={"email": message}) from None
    return email


def personal_data_erase(*, email: str, by=None) -> dict[str, int]:
    """Erase everything about `email` (any capitals): registrations and waiting-list entries,
    the membership record, contact messages, the requester's details on interpreter requests,
    every stored e-mail sent to it, replied to it or naming it, and the address in the outbox's
    payloads (a password-reset request, say). Returns how many of each kind went (`events`:
    outbox payloads that forgot the address). What is not found: a phone number given with
    another address (docs/security.md)."""
    email = _checked_email(email)
    counts = Counter(dict.fromkeys(KINDS, 0))
    with transaction.atomic():
        # Named before they go: the trail's entries about them lose the person's values below.
        trail_ids = {
            object_type: list(model.objects.filter(email__iexact=email).values_list("pk", flat=True))
            for object_type, model in TRAIL_KINDS.items()
        }
        counts.update(registrants_erase_for_email(email=email))
        counts.update(members_erase_for_email(email=email))
        counts.update(contact_messages_erase_for_email(email=email))
        # A request for an interpreter keeps its counts for the report, not the requester.
        counts.update(requesters_erase_for_email(email=email))
        # Any e-mail left: to them (a password-reset link, a reply) or naming them to the inbox.
        counts["emails"] += notifications_erase(
            about=[About(recipient=email), About(context={"email": email})]
        )
        counts["events"] = personal_values_forget(value=email)
        # Django admin's history names the rows it deleted or changed ("Name <address>").
        LogEntry.objects.filter(Q(object_repr__icontains=email) | Q(change_message__icontains=email)).delete()
        # The audit trail keeps the facts (who did what, when) and loses the person's values
        # (services/audit/erasure.py); the erasure's own entry says who and how much, never the
        # address: it would outlive the erasure it records.
        for object_type, ids in trail_ids.items():
            audit_erase(object_type=object_type, object_ids=ids)
        audit_erase_mentions(email)  # typed by a visitor: a reset asked for, a sign-in tried
        audit_record("privacy.erased", object_type="privacy", changes=dict(counts))
    # The log says who erased and how much, never whose data it was.
    logger.info("Personal data erased by %s: %s", getattr(by, "username", "?"), dict(counts))
    return dict(counts)
