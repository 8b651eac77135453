from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "services.core"
    label = "core"
    verbose_name = "Core"

    def ready(self) -> None:
        from . import checks  # noqa: F401 - registers the association details check
