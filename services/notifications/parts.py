"""Parts of an e-mail made only when it is rendered, from what its domain keeps, and never stored
with the e-mail: a ticket's QR code, say, whose code the database holds only sealed. The domain
that sends the e-mail registers, for its template, a function that reads the stored context and
returns the extra context, the inline images (shown in the HTML part by `cid:`) and attachments."""

from collections.abc import Callable
from dataclasses import dataclass, field

from .models import Notification


@dataclass(frozen=True)
class Inline:
    cid: str  # without angle brackets: the HTML part shows it as <img src="cid:…">
    filename: str
    content: bytes
    subtype: str = "png"


@dataclass(frozen=True)
class Parts:
    context: dict = field(default_factory=dict)
    inline: list[Inline] = field(default_factory=list)
    attachments: list[tuple[str, bytes, str]] = field(default_factory=list)  # filename, content, mimetype


PartsMaker = Callable[[Notification], Parts]
_makers: dict[str, PartsMaker] = {}


def parts_for(*templates: str):
    def register(make: PartsMaker) -> PartsMaker:
        for template in templates:
            _makers[template] = make
        return make

    return register


def parts(notification: Notification) -> Parts:
    make = _makers.get(notification.template)
    return make(notification) if make is not None else Parts()
