from django.apps import AppConfig


class DashboardConfig(AppConfig):
    name = "services.dashboard"
    label = "dashboard"
