import re

import pytest
from django.utils import timezone

from services.content.demo import minimal_pdf, seed_content
from services.content.models import Resource, Update

from .factories import RESOURCES, UPDATES


def test_the_generated_pdf_is_well_formed():
    pdf = minimal_pdf("Annual (2025) report", ["Line one", "Line two"])
    assert pdf.startswith(b"%PDF-1.4\n") and pdf.endswith(b"%%EOF\n")
    # Every cross-reference entry points at its object, and startxref at the table.
    xref_at = int(re.search(rb"startxref\n(\d+)", pdf).group(1))
    assert pdf[xref_at:].startswith(b"xref\n0 6\n")
    offsets = [int(entry) for entry in re.findall(rb"(\d{10}) 00000 n ", pdf)]
    assert [pdf[offset:].split(b" ", 1)[0] for offset in offsets] == [b"1", b"2", b"3", b"4", b"5"]
    assert b"(Annual \\(2025\\) report)" in pdf
    length = int(re.search(rb"/Length (\d+)", pdf).group(1))
    stream = pdf.split(b"stream\n", 1)[1].split(b"\nendstream", 1)[0]
    assert len(stream) == length


@pytest.mark.django_db
def test_seed_content_once_with_downloadable_pdfs(client):
    assert seed_content(today=timezone.localdate()) == 6
    assert seed_content(today=timezone.localdate()) == 0
    assert (Resource.objects.count(), Update.objects.count()) == (3, 3)
    resources = client.get(RESOURCES).json()
    uploads = [item for item in resources if item["file"].startswith("/api/")]
    assert len(uploads) == 2 and all(item["file_type"] == "application/pdf" for item in uploads)
    download = client.get(uploads[0]["file"])
    assert b"".join(download.streaming_content).startswith(b"%PDF-")
    assert len(client.get(UPDATES).json()) == 3
