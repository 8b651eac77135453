from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "services.notifications"
    label = "notifications"
    verbose_name = "Notifications"
