from dataclasses import dataclass

from services.outbox.domain_event import DomainEvent


@dataclass(frozen=True)
class SignedVideoChanged(DomainEvent):
    """A target's public signed video changed (ready, captions, transcript, deleted): the pages
    that carry it (events, updates, and the public read of this app) are cached again."""

    topic = "signed_video.changed"
    target: str
