from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules


class OutboxConfig(AppConfig):
    name = "services.outbox"
    label = "outbox"
    verbose_name = "Outbox"

    def ready(self):
        # Every domain's handlers.py registers its subscriptions on import, in web and worker alike.
        autodiscover_modules("handlers")
