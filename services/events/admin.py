from django.contrib import admin

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
        event_delete(event=obj)

    def delete_queryset(self, request, queryset):
        for event in queryset:
            event_delete(event=event)
