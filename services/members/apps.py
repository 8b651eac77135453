from django.apps import AppConfig


class MembersConfig(AppConfig):
    name = "services.members"
    label = "members"
    verbose_name = "Members"
