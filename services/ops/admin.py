from django.contrib import admin

from .models import Heartbeat, WorkerPresence

admin.site.register(Heartbeat)


@admin.register(WorkerPresence)
class WorkerPresenceAdmin(admin.ModelAdmin):
    """What each worker last said about itself (the System page reads these rows)."""

    list_display = ("hostname", "queues", "started_at", "seen_at", "stopped_at")
    readonly_fields = [field.name for field in WorkerPresence._meta.fields]
