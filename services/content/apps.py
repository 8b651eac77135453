from django.apps import AppConfig


class ContentConfig(AppConfig):
    name = "services.content"
    label = "content"
    verbose_name = "Content"

    def ready(self):
        from services.audit.registry import audit_follow
        from services.signed_videos.targets import target_kind_register

        from .models import ContactMessage, NewsItem, Resource

        # A signed video may belong to any update (services/signed_videos).
        target_kind_register("update", lambda update_id: NewsItem.objects.filter(pk=update_id).exists())

        audit_follow(NewsItem, object_type="news_item", exclude=["created_at"], label=lambda item: item.title)
        audit_follow(
            Resource,
            object_type="resource",
            exclude=["created_at", "updated_at"],
            label=lambda resource: resource.title,
        )
        audit_follow(
            ContactMessage,
            object_type="contact_message",
            personal=["name", "email", "message"],
            exclude=["created_at"],
            # Never the sender's name (ContactMessage.__str__): the label outlives an erasure.
            label=lambda contact: f"#{contact.pk}",
        )
