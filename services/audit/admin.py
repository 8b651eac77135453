"""The trail in Django's admin: read only, personal values left out of the list (the entry's own page
shows them, as a record's History tab does)."""

from django.contrib import admin

from .models import Entry

# django-auditlog registers its own admin for the entry model; ours says less in the list.
if admin.site.is_registered(Entry):
    admin.site.unregister(Entry)


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = [
        "timestamp",
        "verb",
        "actor_kind",
        "actor_name",
        "object_type",
        "object_repr",
        "remote_addr",
    ]
    list_filter = ["actor_kind", "object_type"]
    search_fields = ["verb", "object_repr", "actor_name"]
    date_hierarchy = "timestamp"
    list_select_related = ["actor"]
    fields = [
        "timestamp",
        "verb",
        "actor_kind",
        "actor",
        "actor_name",
        "remote_addr",
        "object_type",
        "object_id",
        "object_repr",
        "changes",
        "cid",
    ]
    readonly_fields = fields

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
