import pytest
from django.utils import timezone

from services.content.demo import seed_content
from services.content.models import NewsItem, Resource

from .factories import RESOURCES, UPDATES


@pytest.mark.django_db
def test_seed_content_once_with_downloadable_pdfs(client):
    assert seed_content(today=timezone.localdate()) == 6
    assert seed_content(today=timezone.localdate()) == 0
    assert (Resource.objects.count(), NewsItem.objects.count()) == (3, 3)
    resources = client.get(RESOURCES).json()
    uploads = [item for item in resources if item["file"].startswith("/api/")]
    assert len(uploads) == 2 and all(item["file_type"] == "application/pdf" for item in uploads)
    download = client.get(uploads[0]["file"])
    assert b"".join(download.streaming_content).startswith(b"%PDF-")
    assert len(client.get(UPDATES).json()) == 3
