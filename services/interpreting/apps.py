from django.apps import AppConfig


class InterpretingConfig(AppConfig):
    name = "services.interpreting"
    label = "interpreting"
    verbose_name = "Interpreter directory and requests"

    def ready(self):
        from . import directory, handlers  # noqa: F401  (the outbox's handlers, the profile's signals)
