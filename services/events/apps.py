from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "services.events"
    label = "events"
    verbose_name = "Events"
