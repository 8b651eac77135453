from django.contrib import admin, messages

from .models import Notification
from .services import NotRetryable, notification_retry


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("template", "recipient", "language", "status", "attempts", "created_at", "sent_at")
    list_filter = ("status", "template", "language")
    search_fields = ("recipient", "message_id")
    readonly_fields = [field.name for field in Notification._meta.fields]
    actions = ["retry_failed"]

    @admin.action(description="Send the selected failed e-mails again")
    def retry_failed(self, request, queryset):
        for notification in queryset.filter(status=Notification.Status.FAILED):
            try:
                notification_retry(notification=notification)
            except NotRetryable as error:
                self.message_user(request, f"{notification}: {error.message}", level=messages.WARNING)
