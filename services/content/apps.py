from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "services.content"
    label = "content"
    verbose_name = "Content"
