from contextlib import suppress

from django.contrib import admin

from services.core.errors import NotFound

from .models import ContactMessage
from .services import contact_message_erase


@admin.register(ContactMessage)
class ContactMessageAdmin(admin.ModelAdmin):
    list_display = ("name", "email", "created_at")
    search_fields = ("name", "email", "message")
    readonly_fields = ("name", "email", "message", "language", "created_at")

    # Deleting here erases as the dashboard does: the message and the e-mails it led to.
    def delete_model(self, request, obj):
        self.delete_queryset(request, ContactMessage.objects.filter(pk=obj.pk))

    def delete_queryset(self, request, queryset):
        for pk in queryset.values_list("pk", flat=True):
            with suppress(NotFound):  # erased by someone else meanwhile
                contact_message_erase(contact_message_id=pk)
