import datetime
import logging
from collections import Counter

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.files.storage import default_storage
from django.core.files.uploadedfile import UploadedFile
from django.core.validators import URLValidator
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from services.audit.erasure import audit_erase
from services.audit.recording import audit_action
from services.core.errors import NotFound, ValidationFailed
from services.core.text import email_address_problem, person_name_problem
from services.notifications.languages import language_code
from services.notifications.services import About, notifications_erase
from services.outbox.services import publish
from services.signed_videos.services import signed_video_forget
from services.signed_videos.targets import target_of

from .domain_events import ContactMessageErased, ContactReceived, NewsItemChanged, ResourceChanged
from .files import FileKind, detected_kind, extension_of
from .models import ContactMessage, NewsItem, Resource


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
    if problem := person_name_problem(name):
        errors["name"] = problem
    if len(email) > 254 or email_address_problem(email):
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


logger = logging.getLogger(__name__)
# The e-mails a contact message leads to (content.handlers): the notice to the association's
# inbox and the acknowledgement to the visitor.
CONTACT_NOTICE, ACKNOWLEDGEMENT = "contact_notice", "contact_acknowledgement"


def contact_message_erase(*, contact_message_id: int) -> dict[str, int]:
    """Delete a contact message and the e-mails it led to (the inbox's copy holds the whole
    message, the acknowledgement the name). The row goes first: the handler writing those
    e-mails holds its lock, so they are either committed before (and deleted here) or never
    written. Raises NotFound for an unknown id."""
    with transaction.atomic():
        contact = ContactMessage.objects.select_for_update().filter(pk=contact_message_id).first()
        if contact is None:
            raise NotFound(_("This message does not exist."))
        # The fact stays (its personal values "[erased]" before it is written); the entry of
        # its arrival loses them too.
        with audit_action("contact_message.erased"):
            contact.delete()
        audit_erase(object_type="contact_message", object_ids=[contact_message_id])
        emails = notifications_erase(
            about=[
                # Also once the outbox has purged the message that made them.
                About(
                    templates=(CONTACT_NOTICE,), context={"email": contact.email, "message": contact.message}
                ),
                About(recipient=contact.email, templates=(ACKNOWLEDGEMENT,), context={"name": contact.name}),
            ],
            made_for={"contact_message_id": [contact_message_id]},
        )
        publish(ContactMessageErased(contact_message_id=contact_message_id))
    return {"contact_messages": 1, "emails": emails}


def contact_messages_erase_for_email(*, email: str) -> dict[str, int]:
    """Erasure of a person: every contact message sent from this address (any capitals)."""
    erased = Counter(contact_messages=0, emails=0)
    for pk in ContactMessage.objects.filter(email__iexact=email).values_list("pk", flat=True):
        erased.update(contact_message_erase(contact_message_id=pk))
    return dict(erased)


def contact_messages_purge(*, batch_size: int = 500) -> int:
    """Retention (daily): messages older than PERSONAL_DATA_RETENTION_DAYS are erased. No report
    counts them. Returns how many were erased; the next run takes the rest of a large backlog."""
    cutoff = timezone.now() - datetime.timedelta(days=settings.PERSONAL_DATA_RETENTION_DAYS)
    due = list(
        ContactMessage.objects.filter(created_at__lt=cutoff)
        .order_by("pk")
        .values_list("pk", flat=True)[:batch_size]
    )
    for pk in due:
        contact_message_erase(contact_message_id=pk)
    if due:
        logger.info("Erased %s contact messages past their retention", len(due))
    return len(due)


# --- Resources and updates (staff) ---------------------------------------------------------


def _text(value: str | None, *, field: str, limit: int, errors: dict, required_message: str = "") -> str:
    text = (value or "").strip()
    if not text and required_message:
        errors[field] = required_message
    elif len(text) > limit:
        errors[field] = _("Please keep this under %(limit)d characters.") % {"limit": limit}
    return text


def _title(value: str | None, *, limit: int, errors: dict) -> str:
    return _text(
        value, field="title", limit=limit, errors=errors, required_message=_("Please enter a title.")
    )


def _web_address(value: str | None, *, field: str, limit: int, errors: dict) -> str:
    text = (value or "").strip()
    if not text:
        return ""
    try:
        if len(text) > limit:
            raise ValidationError("too long")
        URLValidator(schemes=["http", "https"])(text)
    except ValidationError:
        errors[field] = _("Enter a valid web address starting with http:// or https://.")
    return text


def _checked_file(upload: UploadedFile, errors: dict) -> FileKind | None:
    """The kind of an uploaded file (see files.py), or None with the reason in errors["file"]."""
    limit_mb = settings.RESOURCE_UPLOAD_MAX_MB
    if upload.size > limit_mb * 1024 * 1024:
        errors["file"] = _("This file is too large. The limit is %(limit)d MB.") % {"limit": limit_mb}
        return None
    if not upload.size:
        errors["file"] = _("This file is empty.")
        return None
    kind = detected_kind(upload, upload.name or "")
    if kind is None:
        errors["file"] = _("This file type is not allowed. Use PDF, Office documents or images.")
    return kind


def _raise_if(errors: dict) -> None:
    if errors:
        raise ValidationFailed(next(iter(errors.values())), fields=errors)


def _resource_fields(
    *,
    title: str | None,
    description: str | None,
    url: str | None,
    upload: UploadedFile | None,
    creating: bool,
) -> tuple[dict, FileKind | None]:
    errors: dict[str, str] = {}
    fields = {
        "title": _title(title, limit=Resource.TITLE_MAX, errors=errors),
        "description": _text(description, field="description", limit=Resource.DESCRIPTION_MAX, errors=errors),
        "url": _web_address(url, field="url", limit=Resource.URL_MAX, errors=errors),
    }
    if upload is not None and fields["url"]:
        both = _("Upload a file or give a link, not both.")
        errors.update(file=both, url=both)
    elif upload is None and not fields["url"] and creating and "url" not in errors:
        # An edit that sends neither keeps the file or link the resource has.
        neither = _("Choose a file to upload or give a link to the document.")
        errors.update(file=neither, url=neither)
    kind = _checked_file(upload, errors) if upload is not None and "file" not in errors else None
    _raise_if(errors)
    return fields, kind


def _store(resource: Resource, upload: UploadedFile, kind: FileKind) -> str:
    """Writes the file under a random name (models.resource_upload_path); the stored name."""
    resource.upload.save(f"upload.{extension_of(upload.name)}", upload, save=False)
    resource.content_type = kind.content_type
    resource.size = upload.size
    resource.url = ""
    return resource.upload.name


def _delete_file_after_commit(name: str) -> None:
    if name:
        transaction.on_commit(lambda: default_storage.delete(name))


def resource_create(
    *, title: str, description: str = "", url: str = "", upload: UploadedFile | None = None, by=None
) -> Resource:
    """A resource from exactly one of an uploaded file (PDF, Office document, image, checked by
    its content) and a web address."""
    fields, kind = _resource_fields(
        title=title, description=description, url=url, upload=upload, creating=True
    )
    resource = Resource(created_by=by, **fields)
    stored = ""
    try:
        with transaction.atomic(), audit_action("resource.created"):
            if upload is not None and kind is not None:
                stored = _store(resource, upload, kind)
            resource.save()
            publish(ResourceChanged(resource_id=resource.pk, action="created"))
    except Exception:
        if stored:  # the row never existed: its file must not stay behind
            default_storage.delete(stored)
        raise
    return resource


def _resource_locked(resource_id: int) -> Resource:
    resource = Resource.objects.select_for_update().filter(pk=resource_id).first()
    if resource is None:
        raise NotFound(_("This resource does not exist."))
    return resource


def resource_update(
    *,
    resource_id: int,
    title: str,
    description: str = "",
    url: str = "",
    upload: UploadedFile | None = None,
) -> Resource:
    """Title and description as sent; a new file replaces the old one (or the link), a new
    link replaces the file; neither keeps what the resource has. A replaced file is deleted.
    An unknown resource answers 404 before any rule of the form."""
    stored = ""
    try:
        with transaction.atomic(), audit_action("resource.updated"):
            resource = _resource_locked(resource_id)
            fields, kind = _resource_fields(
                title=title, description=description, url=url, upload=upload, creating=False
            )
            previous = resource.upload.name
            resource.title, resource.description = fields["title"], fields["description"]
            if upload is not None and kind is not None:
                stored = _store(resource, upload, kind)
            elif fields["url"]:
                resource.url = fields["url"]
                resource.upload, resource.content_type, resource.size = "", "", None
            resource.save()
            publish(ResourceChanged(resource_id=resource.pk, action="updated"))
            if previous != resource.upload.name:
                _delete_file_after_commit(previous)
    except Exception:
        if stored:
            default_storage.delete(stored)
        raise
    return resource


def resource_delete(*, resource_id: int) -> None:
    """The row and, once that is committed, its file."""
    with transaction.atomic(), audit_action("resource.deleted"):
        resource = _resource_locked(resource_id)
        publish(ResourceChanged(resource_id=resource.pk, action="deleted"))
        name = resource.upload.name
        resource.delete()
        _delete_file_after_commit(name)


def _news_item_fields(
    *, title: str | None, date: str | None, description: str | None, link: str | None
) -> dict:
    errors: dict[str, str] = {}
    fields = {
        "title": _title(title, limit=NewsItem.TITLE_MAX, errors=errors),
        "date": None,
        "description": _text(description, field="description", limit=NewsItem.DESCRIPTION_MAX, errors=errors),
        "link": _web_address(link, field="link", limit=NewsItem.LINK_MAX, errors=errors),
    }
    day = (date or "").strip()
    if not day:
        errors["date"] = _("Please enter the date.")
    else:
        try:
            fields["date"] = datetime.date.fromisoformat(day)
        except ValueError:
            errors["date"] = _("Enter the date as YYYY-MM-DD.")
    # Field order in the form: the first message is the one the form's banner shows.
    ordered = {name: errors[name] for name in ("title", "date", "description", "link") if name in errors}
    _raise_if(ordered)
    return fields


def news_item_create(*, title: str, date: str, description: str = "", link: str = "") -> NewsItem:
    fields = _news_item_fields(title=title, date=date, description=description, link=link)
    with transaction.atomic(), audit_action("news_item.created"):
        update = NewsItem.objects.create(**fields)
        publish(NewsItemChanged(update_id=update.pk, action="created"))
    return update


def _update_locked(update_id: int) -> NewsItem:
    update = NewsItem.objects.select_for_update().filter(pk=update_id).first()
    if update is None:
        raise NotFound(_("This update does not exist."))
    return update


def news_item_update(
    *, update_id: int, title: str, date: str, description: str = "", link: str = ""
) -> NewsItem:
    """Every field as sent (PUT): an empty description or link clears it."""
    with transaction.atomic(), audit_action("news_item.updated"):
        update = _update_locked(update_id)  # an unknown update answers 404 before any rule
        fields = _news_item_fields(title=title, date=date, description=description, link=link)
        for name, value in fields.items():
            setattr(update, name, value)
        update.save()
        publish(NewsItemChanged(update_id=update.pk, action="updated"))
    return update


def news_item_delete(*, update_id: int) -> None:
    with transaction.atomic(), audit_action("news_item.deleted"):
        update = _update_locked(update_id)
        publish(NewsItemChanged(update_id=update.pk, action="deleted"))
        signed_video_forget(target=target_of("update", update.pk))  # its signed video goes with it
        update.delete()
