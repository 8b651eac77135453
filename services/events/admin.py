from django.contrib import admin

from .models import Event


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("title", "date", "status", "location", "created_at")
    list_filter = ("status",)
    search_fields = ("title", "location")
