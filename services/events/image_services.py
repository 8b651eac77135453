"""Setting, replacing and removing an event's uploaded picture (staff). The files are written
before the row changes and the old ones are deleted only once the change is committed, so the
public pages never point at a missing file."""

from django.db import transaction
from django.utils.translation import gettext as _

from services.core.errors import NotFound, ValidationFailed
from services.outbox.services import publish

from . import images
from .domain_events import EventUpdated
from .models import IMAGE_ALT_MAX, Event


def clean_alt(value: str | None) -> str:
    """The text read in place of the picture: required, one line, not too long. Control and
    direction characters are refused by the API's parser before this."""
    alt = (value or "").strip()
    if not alt:
        raise ValidationFailed(
            _("Please describe the image for people who cannot see it."),
            fields={"image_alt": _("Please describe the image for people who cannot see it.")},
        )
    if any(mark in alt for mark in "\r\n\t\u2028\u2029\x0b\x0c"):
        raise ValidationFailed(
            _("Please write the description on one line."),
            fields={"image_alt": _("Please write the description on one line.")},
        )
    if len(alt) > IMAGE_ALT_MAX:
        message = _("Please keep the description under %(limit)d characters.") % {"limit": IMAGE_ALT_MAX}
        raise ValidationFailed(message, fields={"image_alt": message})
    return alt


def _not_found() -> NotFound:
    return NotFound(_("Not Found! The event you're looking for doesn't exist."))


def event_image_set(*, event_id: int, alt: str | None, upload=None) -> Event:
    """A new picture (with its description), or only a new description for the picture the
    event has. Raises ValidationFailed with the field at fault (image, image_alt)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise _not_found()
    alt = clean_alt(alt)
    if upload is None and not event.image_variants:
        message = _("Choose an image to upload.")
        raise ValidationFailed(message, fields={"image": message})
    variants: list[dict] = []
    if upload is not None:
        try:
            variants = [variant.as_json() for variant in images.store(event.pk, upload)]
        except images.ImageRefused as refused:
            raise ValidationFailed(str(refused), fields={"image": str(refused)}) from None
    new_names = [variant["name"] for variant in variants]
    old_names = [variant["name"] for variant in event.image_variants]
    try:
        with transaction.atomic():
            locked = Event.objects.select_for_update().filter(pk=event.pk).first()
            if locked is None:  # deleted meanwhile
                raise _not_found()
            event = locked
            old_names = [variant["name"] for variant in event.image_variants]
            event.image_alt = alt
            if variants:
                event.image_variants = variants
            event.save(update_fields=["image_alt", "image_variants", "updated_at"])
            publish(EventUpdated(event_id=event.pk))
            if variants:
                transaction.on_commit(lambda: images.delete(event.pk, old_names, keep=new_names))
    except Exception:
        images.delete(event.pk, new_names, keep=old_names)  # the row still names the old ones
        raise
    return event


def event_image_remove(*, event_id: int) -> Event:
    """Back to the fixed picture the event chose (event_image_id); the files go after commit."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise _not_found()
        old_names = [variant["name"] for variant in event.image_variants]
        if old_names or event.image_alt:
            event.image_variants, event.image_alt = [], ""
            event.save(update_fields=["image_alt", "image_variants", "updated_at"])
            publish(EventUpdated(event_id=event.pk))
            transaction.on_commit(lambda: images.delete(event.pk, old_names))
    return event
