from django.apps import AppConfig


class RegistrationsConfig(AppConfig):
    name = "services.registrations"
    label = "registrations"
    verbose_name = "Registrations"

    def ready(self):
        # Registrations depends on events, never the reverse: it plugs its part of the events'
        # staff counts and of an event's deletion into the events module (docs/decisions.md).
        from services.core.preload import page_data_register
        from services.events.selectors import staff_counts_provide
        from services.events.services import event_before_delete

        from . import page_data
        from .erasure import event_registrants_erase
        from .selectors import with_registration_counts

        staff_counts_provide(with_registration_counts)
        event_before_delete(event_registrants_erase)
        # Codes are token_urlsafe: anything else is no ticket, and is not looked up.
        page_data_register(r"^/ticket/([A-Za-z0-9_-]{1,64})/?$", page_data.ticket_page)
        _follow_in_audit_trail()


def _follow_in_audit_trail():
    from services.audit.registry import audit_follow

    from .models import Registration, WaitlistEntry

    personal = [
        "full_name",
        "email",
        "phone",
        "disability",
        "disability_details",
        "membership_number",
        "payment_notes",
        "status_reason",
    ]
    audit_follow(
        Registration,
        object_type="registration",
        personal=personal,
        exclude=["updated_at", "registration_date", "hold_expires_at"],
        label=lambda registration: registration.payment_reference or f"#{registration.pk}",
    )
    audit_follow(
        WaitlistEntry,
        object_type="waitlist_entry",
        personal=personal,
        exclude=["created_at", "hold_expires_at"],
        label=lambda entry: f"#{entry.pk}",
    )
