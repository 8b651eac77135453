from django.contrib import admin

from .models import HandledMessage, OutboxMessage


class HandledInline(admin.TabularInline):
    model = HandledMessage
    extra = 0
    readonly_fields = ("handler", "handled_at")


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("topic", "created_at", "dispatched_at", "attempts")
    list_filter = ("topic",)
    readonly_fields = ("id", "topic", "payload", "created_at", "dispatched_at", "attempts", "last_error")
    inlines = [HandledInline]
