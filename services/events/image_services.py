"""Setting, replacing and removing an event's uploaded picture (staff). The files are written
before the row changes and the old ones are deleted only once the change is committed, so the
public pages never point at a missing file."""

from django.db import transaction
from django.utils.translation import gettext as _

from services.audit.recording import audit_action, audit_record
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


IMAGE_CHANGED = "event.image_changed"


def _picture(variants: list[dict]) -> str | None:
    """The picture as the trail names it: its widest file (the name starts with the bytes' hash)."""
    widest = max(variants, key=lambda variant: variant.get("width") or 0, default=None)
    return widest["name"] if widest else None


def _picture_recorded(event: Event, old_variants: list[dict]) -> None:
    """The file's change, which the model diff leaves out (image_variants are sizes, not news); the
    description's change comes from the save, merged into the same entry (one insert)."""
    before, after = _picture(old_variants), _picture(event.image_variants)
    if before != after:
        audit_record(
            IMAGE_CHANGED,
            object_type="event",
            object_id=event.pk,
            label=event.title,
            changes={"image": (before, after)},
            model=Event,
        )


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
        with transaction.atomic(), audit_action(IMAGE_CHANGED):
            locked = Event.objects.select_for_update().filter(pk=event.pk).first()
            if locked is None:  # deleted meanwhile
                raise _not_found()
            event = locked
            old_variants = event.image_variants
            old_names = [variant["name"] for variant in old_variants]
            event.image_alt = alt
            if variants:
                event.image_variants = variants
            _picture_recorded(event, old_variants)
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
    with transaction.atomic(), audit_action(IMAGE_CHANGED):
        event = Event.objects.select_for_update().filter(pk=event_id).first()
        if event is None:
            raise _not_found()
        old_variants = event.image_variants
        old_names = [variant["name"] for variant in old_variants]
        if old_names or event.image_alt:
            event.image_variants, event.image_alt = [], ""
            _picture_recorded(event, old_variants)
            event.save(update_fields=["image_alt", "image_variants", "updated_at"])
            publish(EventUpdated(event_id=event.pk))
            transaction.on_commit(lambda: images.delete(event.pk, old_names))
    return event
