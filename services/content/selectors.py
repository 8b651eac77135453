from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from services.core.errors import NotFound

from .models import ContactMessage, NewsItem, Resource


def _searched(queryset: QuerySet, search: str | None) -> QuerySet:
    term = (search or "").strip()
    if not term:
        return queryset
    return queryset.filter(Q(title__icontains=term) | Q(description__icontains=term))


def resource_list(*, search: str | None = None) -> QuerySet:
    """Newest first."""
    return _searched(Resource.objects.all(), search).order_by("-created_at", "-id")


def news_item_list(*, search: str | None = None) -> QuerySet:
    """By date, newest first; on one date the latest written first."""
    return _searched(NewsItem.objects.all(), search).order_by("-date", "-created_at", "-id")


def resource_get(*, resource_id: int) -> Resource:
    resource = Resource.objects.filter(pk=resource_id).first()
    if resource is None:
        raise NotFound(_("This resource does not exist."))
    return resource


def news_item_get(*, update_id: int) -> NewsItem:
    update = NewsItem.objects.filter(pk=update_id).first()
    if update is None:
        raise NotFound(_("This update does not exist."))
    return update


def contact_message_list(*, search: str | None = None) -> QuerySet:
    """Contact messages, newest first; the search matches the name, the address or the text."""
    queryset = ContactMessage.objects.all()
    term = (search or "").strip()
    if term:
        queryset = queryset.filter(
            Q(name__icontains=term) | Q(email__icontains=term) | Q(message__icontains=term)
        )
    return queryset.order_by("-created_at", "-pk")
