from django.apps import AppConfig


class RegistrationsConfig(AppConfig):
    name = "services.registrations"
    label = "registrations"
    verbose_name = "Registrations"
