from django.contrib import admin

from .models import PasswordResetToken, StaffProfile


@admin.register(StaffProfile)
class StaffProfileAdmin(admin.ModelAdmin):
    list_display = ("user", "role", "organization")
    search_fields = ("user__username", "user__email")


@admin.register(PasswordResetToken)
class PasswordResetTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "created_at", "expires_at", "used_at")
    readonly_fields = ("user", "token_hash", "created_at", "expires_at", "used_at")
