from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "services.core"
    label = "core"
    verbose_name = "Core"
