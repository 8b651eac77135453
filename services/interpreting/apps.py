from django.apps import AppConfig


class InterpretingConfig(AppConfig):
    name = "services.interpreting"
    label = "interpreting"
    verbose_name = "Interpreter directory and requests"
