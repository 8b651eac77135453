from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "services.events"
    label = "events"
    verbose_name = "Events"

    def ready(self):
        from services.audit.registry import audit_follow
        from services.core.preload import page_data_register
        from services.signed_videos.services import signed_video_forget
        from services.signed_videos.targets import target_kind_register, target_of

        from . import page_data
        from .models import Event
        from .services import event_before_delete

        # A signed video may belong to any event (services/signed_videos), and goes with it.
        target_kind_register(
            "event",
            lambda event_id: Event.objects.filter(pk=event_id).exists(),
            # As the public event page: any event but a draft.
            public=lambda event_id: (
                Event.objects.filter(pk=event_id).exclude(status=Event.Status.DRAFT).exists()
            ),
        )

        @event_before_delete
        def _signed_video_forget(event) -> dict[str, int]:
            signed_video_forget(target=target_of("event", event.pk))
            return {}

        # The public event pages carry their first data in their HTML (core/preload.py).
        page_data_register(r"^/events/?$", page_data.events_page)
        page_data_register(r"^/event/(\d+)/?$", page_data.event_page)
        page_data_register(r"^/registration/?$", page_data.registration_page)

        audit_follow(
            Event,
            object_type="event",
            # Counters follow the registrations (recorded there); the image's sizes follow its file.
            exclude=[
                "registrations_total",
                "registrations_pending",
                "registrations_approved",
                "waitlist_waiting",
                "waitlist_offered",
                "counters_updated_at",
                "updated_at",
                "created_at",
                "image_variants",
            ],
            label=lambda event: event.title,
        )
