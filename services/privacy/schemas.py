from ninja import Schema


class EraseIn(Schema):
    # Missing arrives as "" so that the service answers with its own message.
    email: str = ""


class ErasedOut(Schema):
    """How many of each kind were erased."""

    registrations: int
    waitlist_entries: int
    members: int
    contact_messages: int
    interpreter_requests: int  # requests for an interpreter (kept anonymous for the report)
    emails: int
    events: int  # outbox payloads that held the address (a password-reset request)
    message: str


class RetentionOut(Schema):
    """The retention periods in days, as configured (the public privacy page shows them)."""

    personal_data_days: int
    notification_body_days: int
    member_rejected_days: int
    audit_days: int  # the record of who did what with personal data (services/audit)


class PrivacyOut(Schema):
    retention: RetentionOut
