"""Where a signed video belongs: one of the fixed pages, an event or an update. The apps that own
events and updates say how to know that one exists (target_kind_register, from their ready()):
this app sits below them and never imports them."""

import re
from collections.abc import Callable

from django.utils.translation import gettext as _

from services.core.errors import ValidationFailed

PAGES = ("home", "about", "services", "membership")
_PATTERN = re.compile(r"^(?:page:(?:home|about|services|membership)|(event|update):([1-9][0-9]{0,17}))$")
_exists: dict[str, Callable[[int], bool]] = {}
_public: dict[str, Callable[[int], bool]] = {}


def target_kind_register(
    kind: str, exists: Callable[[int], bool], *, public: Callable[[int], bool] | None = None
) -> None:
    """`exists(id)`: staff may add a video to it; `public(id)`: visitors may see it (a draft
    event's video stays staff's until the event is public). Without `public`, whatever exists."""
    _exists[kind] = exists
    _public[kind] = public or exists


def target_public(target: str) -> bool:
    """Whether visitors may see what `target` (well formed) points at: pages always."""
    found = _PATTERN.match(target)
    kind = found.group(1) if found else None
    return kind is None or (kind in _public and _public[kind](int(found.group(2))))


def target_of(kind: str, object_id: int) -> str:
    return f"{kind}:{int(object_id)}"


def target_parsed(value: str) -> str | None:
    """The target when it is well formed (existence not checked), else None."""
    value = (value or "").strip()
    return value if _PATTERN.match(value) else None


def target_checked(value: str) -> str:
    """A well-formed target whose event or update exists, or ValidationFailed on `target`."""
    target = target_parsed(value)
    if target is None:
        raise ValidationFailed(
            _("Choose where the video goes: a page, an event or an update."),
            fields={"target": _("This is not a page, an event or an update.")},
        )
    found = _PATTERN.match(target)
    kind, object_id = found.group(1), found.group(2)
    if kind and not (kind in _exists and _exists[kind](int(object_id))):
        message = _("This event does not exist.") if kind == "event" else _("This update does not exist.")
        raise ValidationFailed(message, fields={"target": message})
    return target
