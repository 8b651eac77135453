from datetime import datetime
from typing import Any, Literal

from ninja import Schema


class HealthOut(Schema):
    status: str
    checks: dict[str, dict[str, Any]] | None = None  # for staff and the monitoring token only


class ConfigOut(Schema):
    map_tile_url: str
    map_attribution: str
    association: dict[str, str]
    # The largest resource file staff may upload (the Content page states it before uploading).
    resource_upload_max_mb: int
    # The largest signed video, and the resumable upload's largest chunk (docs/content.md).
    signed_video_max_mb: int
    signed_video_chunk_max_mb: int
    # Whether the public forms must send a solved bot challenge (the browser fetches none if not).
    public_form_challenge: bool
    # Hours an unpaid seat is kept when an event sets no deadline of its own (the event form says
    # it next to the field); null: no deadline by default.
    registration_payment_deadline_hours: float | None
    # The yearly membership fee of each type, whole Rwf (the membership form's Payment step).
    membership_fees: dict[str, int | None]
    # Where members and registrants pay (MOBILE MONEY and bank account).
    payment: dict[str, str]
    # True when these details are `make run`'s demo values: every screen that shows them says
    # "demo, not a real account". Never true in production (the processes refuse to start).
    demo: bool


class WorkerOut(Schema):
    hostname: str
    state: Literal["online", "offline", "stopped"]
    queues: list[str]
    started_at: datetime | None
    seen_at: datetime | None
    stopped_at: datetime | None


class WorkersOut(Schema):
    # "broker": the workers answered (or not) just now; "records": their own presence stamps.
    source: Literal["broker", "records"]
    source_reason: Literal["broker_unreachable", "no_broadcast", "inspect_failed"] | None
    items: list[WorkerOut]


class BrokerOut(Schema):
    ok: bool
    transport: str


class QueueOut(Schema):
    name: str
    depth: int | None  # None: cannot be counted now (unknown, not empty)


class OutboxOut(Schema):
    backlog: int
    oldest_age_seconds: float | None
    pending_deliveries: int
    dead_deliveries: int


class BeatTaskOut(Schema):
    name: str
    task: str
    enabled: bool
    every_seconds: int | None
    crontab: str | None  # "minute hour day-of-month month day-of-week"
    timezone: str | None
    last_run_at: datetime | None
    total_run_count: int
    late: bool
    overdue_seconds: float | None


class DeadDeliveryOut(Schema):
    id: int
    handler: str
    topic: str
    attempts: int
    last_error: str
    updated_at: datetime


class EmailOut(Schema):
    id: int
    recipient: str  # masked: j***@example.org
    subject: str
    template: str
    language: str
    status: Literal["queued", "sending", "sent", "failed"]
    attempts: int
    created_at: datetime
    sent_at: datetime | None
    updated_at: datetime


class FailedEmailOut(EmailOut):
    error: str
    retryable: bool


class FailedEmailsOut(Schema):
    count: int
    items: list[FailedEmailOut]


class SystemOut(Schema):
    checked_at: datetime
    broker: BrokerOut
    workers: WorkersOut
    queues: list[QueueOut]
    outbox: OutboxOut
    beat: list[BeatTaskOut]
    dead_deliveries: list[DeadDeliveryOut]
    failed_emails: FailedEmailsOut
    recent_emails: list[EmailOut]
