from datetime import datetime
from typing import Any, Literal

from ninja import Schema

from services.core.openapi import IsoDate

from .models import Entry
from .selectors import entry_actor, entry_changes


class ActivityFilters(Schema):
    actor: int | None = None
    object_type: str | None = None
    object_id: int | None = None
    action: str | None = None
    since: IsoDate | None = None
    until: IsoDate | None = None
    search: str | None = None
    page: int | None = None
    page_size: int | None = None


class ActorOut(Schema):
    id: int | None
    username: str
    name: str


class ActivityOut(Schema):
    id: int
    actor: ActorOut | Literal["visitor", "worker", "schedule", "system"]
    at: datetime
    client_ip: str | None
    action: str
    object_type: str
    object_id: int | None
    object_label: str
    changes: dict[str, dict[str, Any]]

    @classmethod
    def of(cls, entry: Entry, *, masked: bool) -> dict:
        return {
            "id": entry.pk,
            "actor": entry_actor(entry),
            "at": entry.timestamp,
            "client_ip": entry.remote_addr,
            "action": entry.verb,
            "object_type": entry.object_type,
            "object_id": entry.object_id,
            "object_label": entry.object_repr,
            "changes": entry_changes(entry, masked=masked),
        }


class ActivityPageOut(Schema):
    results: list[ActivityOut]
    count: int
    page: int
    page_size: int
    total_pages: int


class ActivityFacetsOut(Schema):
    actors: list[ActorOut]
    object_types: list[str]
    actions: list[str]
