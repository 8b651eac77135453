from django.apps import AppConfig


class CpdConfig(AppConfig):
    name = "services.cpd"
    label = "cpd"
    verbose_name = "CPD crediting"
