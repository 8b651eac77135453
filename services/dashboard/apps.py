from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class DashboardConfig(AppConfig):
    name = "services.dashboard"
    label = "dashboard"

    def ready(self):
        from services.events.models import Event
        from services.members.models import ErasedMember, Member
        from services.registrations.models import ErasedRegistration, Registration

        from .selectors import summary_stale

        # What the home page counts: a write in this process drops the figures it keeps.
        for model in (Member, ErasedMember, Registration, ErasedRegistration, Event):
            for signal in (post_save, post_delete):
                signal.connect(summary_stale, sender=model, dispatch_uid=f"dashboard-{model.__name__}")
