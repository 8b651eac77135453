"""The periodic tasks, defined in code; `manage.py setup_periodic_tasks` writes them to
django-celery-beat's tables (run by `make run` and the compose entrypoint)."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Every:
    seconds: int


@dataclass(frozen=True)
class Daily:
    hour: int
    minute: int = 0


BEAT_SCHEDULE = {
    # Relays outbox messages whose on-commit enqueue never reached the broker: every 30 s.
    "outbox-sweep": ("outbox.sweep", Every(30)),
    # Stamps the worker heartbeat that /api/health/ reads: every 30 s.
    "ops-heartbeat": ("ops.heartbeat", Every(30)),
    # Re-queues e-mails stuck in flight or never enqueued, rings for e-mails left waiting: every 30 s.
    "notifications-sweep": ("notifications.sweep", Every(30)),
    # Deletes password-reset links that expired (60 min) or were used: every hour.
    "accounts-purge-reset-tokens": ("accounts.purge_reset_tokens", Every(3600)),
    "members-purge-sign-in": ("members.purge_sign_in", Every(3600)),  # links and sessions that ended
    # Deletes the records of used bot-challenge solutions once their challenge expired: every hour.
    "core-purge-used-challenges": ("core.purge_used_challenges", Every(3600)),
    # Marks Published events whose date has passed as Completed: daily at 00:10 Kigali time.
    "events-complete-past": ("events.complete_past", Daily(hour=0, minute=10)),
    # E-mails one payment reminder to each unpaid registrant, 24 h before the deadline: every hour.
    "registrations-payment-reminders": ("registrations.send_payment_reminders", Every(3600)),
    # E-mails each Approved registrant the event's reminders (EVENT_REMINDERS: 7 days and 1 day
    # before its start), each once; a missed run catches up with the latest one due: every 10 minutes.
    "registrations-event-reminders": ("registrations.send_event_reminders", Every(600)),
    # Ends sign-ups not confirmed within SIGNUP_CONFIRM_MINUTES and seats unpaid by the deadline
    # (their seats already count as free; this tells the people and the waiting list): every minute.
    "registrations-expire-holds": ("registrations.expire_holds", Every(60)),
    # Passes expired waiting-list offers to the next person: every 5 minutes.
    "registrations-expire-offers": ("registrations.expire_waitlist_offers", Every(300)),
    # Checks every upcoming event's counters against the rows: daily at 02:30 Kigali time.
    "registrations-reconcile-counters": ("registrations.reconcile_counters", Daily(hour=2, minute=30)),
    # E-mails members their renewal notices (30 and 7 days before the end, on the end day, when
    # grace ends; at RENEWAL_NOTICE_HOUR), each once; a missed run catches up with the latest one
    # still meaningful: every 10 minutes.
    "members-renewal-notices": ("members.send_renewal_notices", Every(600)),
    # Credits checked-in members the CPD hours of events Completed in the last CPD_SWEEP_DAYS that
    # their handler missed (a lost message), each once: every hour.
    "cpd-sweep": ("cpd.sweep", Every(3600)),
    # Erases rejected membership applications older than MEMBER_REJECTED_RETENTION_DAYS: daily at 03:45.
    "members-purge-rejected": ("members.purge_rejected", Daily(hour=3, minute=45)),
    # Erases registrations that ended (Rejected, Expired, Cancelled) and waiting-list entries that
    # ended, PERSONAL_DATA_RETENTION_DAYS later, keeping an anonymous tally for the reports: daily at 03:30.
    "registrations-purge-ended": ("registrations.purge_ended", Daily(hour=3, minute=30)),
    # E-mails the interpreters and the requester of each assigned interpreter request the day
    # before (24 h ahead), once per request: every 10 minutes.
    "interpreting-reminders": ("interpreting.send_reminders", Every(600)),
    # Erases the requester's details of interpreter requests INTERPRETER_REQUEST_RETENTION_DAYS
    # after their date, keeping the anonymous counts for the report: daily at 03:40.
    "interpreting-erase-requesters": ("interpreting.erase_requesters", Daily(hour=3, minute=40)),
    # Erases contact messages older than PERSONAL_DATA_RETENTION_DAYS: daily at 03:35.
    "content-purge-contact-messages": ("content.purge_contact_messages", Daily(hour=3, minute=35)),
    # Clears the content of e-mails sent or failed NOTIFICATION_BODY_RETENTION_DAYS ago: daily at 03:50.
    "notifications-clear-bodies": ("notifications.clear_bodies", Daily(hour=3, minute=50)),
    # Deletes audit entries older than AUDIT_RETENTION_DAYS (two years): daily at 03:55 Kigali time.
    "audit-prune": ("audit.prune", Daily(hour=3, minute=55)),
    # Signed videos: deletes resumable uploads older than SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS and
    # files left by stopped requests, and hands lost preparations to a worker again: every hour.
    "signed-videos-sweep": ("signed_videos.sweep", Every(3600)),
    # Deletes dispatched outbox messages older than OUTBOX_RETENTION_DAYS: daily at 03:15 Kigali time.
    "outbox-purge": ("outbox.purge", Daily(hour=3, minute=15)),
}

# Tasks the schedule starts: what they change is recorded as the schedule's (services/audit/).
SCHEDULED_TASKS = frozenset(task for task, _every in BEAT_SCHEDULE.values())
