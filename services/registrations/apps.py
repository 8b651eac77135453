from django.apps import AppConfig


class RegistrationsConfig(AppConfig):
    name = "services.registrations"
    label = "registrations"
    verbose_name = "Registrations"

    def ready(self):
        # Registrations depends on events, never the reverse: it plugs its part of the events'
        # staff counts and of an event's deletion into the events module (docs/decisions.md).
        from services.events.selectors import staff_counts_provide
        from services.events.services import event_before_delete

        from .erasure import event_registrants_erase
        from .selectors import with_registration_counts

        staff_counts_provide(with_registration_counts)
        event_before_delete(event_registrants_erase)
