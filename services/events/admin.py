from contextlib import suppress

from django.contrib import admin

from services.core.errors import NotFound

from .models import Event
from .services import event_delete


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("title", "date", "status", "location", "created_at")
    list_filter = ("status",)
    search_fields = ("title", "location")
    # The picture's files are written by its upload endpoint only (services/events/images.py).
    readonly_fields = ("image_variants",)

    # Deleting here erases the registrants as the dashboard does (events.services.event_delete).
    def delete_model(self, request, obj):
        with suppress(NotFound):  # deleted meanwhile
            event_delete(event_id=obj.pk)

    def delete_queryset(self, request, queryset):
        for event in queryset:
            with suppress(NotFound):
                event_delete(event_id=event.pk)
