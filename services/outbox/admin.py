from django.contrib import admin, messages

from .models import Delivery, OutboxMessage
from .services import delivery_rerun


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


@admin.register(Delivery)
class DeliveryAdmin(admin.ModelAdmin):
    """Dead deliveries are the ones to look at: fix the cause (see the error), then run them again."""

    list_display = ("handler", "message", "status", "attempts", "updated_at", "last_error")
    list_filter = ("status", "handler")
    readonly_fields = [field.name for field in Delivery._meta.fields]
    actions = ["run_again"]

    @admin.action(description="Run the selected dead deliveries again")
    def run_again(self, request, queryset):
        rerun = sum(
            delivery_rerun(delivery=delivery) for delivery in queryset.filter(status=Delivery.Status.DEAD)
        )
        self.message_user(request, f"{rerun} deliveries handed to a worker again.", level=messages.INFO)
