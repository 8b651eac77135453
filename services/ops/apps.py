from django.apps import AppConfig


class OpsConfig(AppConfig):
    name = "services.ops"
    label = "ops"
    verbose_name = "Operations"
