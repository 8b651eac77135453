from django.contrib import admin, messages

from .models import Delivery, OutboxMessage
from .services import delivery_rerun, messages_discard


class DeliveryInline(admin.TabularInline):
    model = Delivery
    extra = 0
    can_delete = False
    readonly_fields = ("handler", "status", "attempts", "next_attempt_at", "last_error", "completed_at")


@admin.register(OutboxMessage)
class OutboxMessageAdmin(admin.ModelAdmin):
    list_display = ("topic", "created_at", "relayed_at", "completed_at")
    list_filter = ("topic",)
    readonly_fields = (
        "id",
        "topic",
        "payload",
        "created_at",
        "relayed_at",
        "completed_at",
        "attempts",
        "last_error",
    )
    inlines = [DeliveryInline]

    # A delete goes through the outbox's own rule: never a message a worker is still writing
    # deliveries for or running a handler of (deleting one under it failed the worker's write).
    def delete_model(self, request, obj):
        if not messages_discard(message_ids=[obj.pk]):
            self.message_user(request, f"{obj} is still being worked on: left alone.", level=messages.WARNING)

    def delete_queryset(self, request, queryset):
        ids = list(queryset.values_list("pk", flat=True))
        left = len(ids) - messages_discard(message_ids=ids)
        if left:
            self.message_user(request, f"{left} still being worked on: left alone.", messages.WARNING)


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    """Dead deliveries are the ones to look at: fix the cause (see the error), then run them again."""

    list_display = ("handler", "message", "status", "attempts", "updated_at", "last_error")
    list_filter = ("status", "handler")
    readonly_fields = [field.name for field in Delivery._meta.fields]
    actions = ["run_again"]

    def has_delete_permission(self, request, obj=None):
        return False  # a delivery goes with its message (see OutboxMessageAdmin)

    @admin.action(description="Run the selected dead deliveries again")
    def run_again(self, request, queryset):
        rerun = sum(
            delivery_rerun(delivery=delivery) for delivery in queryset.filter(status=Delivery.Status.DEAD)
        )
        self.message_user(request, f"{rerun} deliveries handed to a worker again.", level=messages.INFO)
