"""Demo resources and updates for `manage.py seed_demo`: the public Resources and Updates pages
and the staff Content page have something to show at once. The uploaded documents are small
real PDFs written by services.core.pdf, so no binary file lives in the repository."""

from datetime import date, timedelta

from django.core.files.base import ContentFile
from django.db import transaction

from services.core.pdf import text_pdf

from . import public_reads
from .models import NewsItem, Resource

_DOCUMENTS = [
    (
        "Code of Ethics for Sign Language Interpreters",
        "The principles every member follows: confidentiality, impartiality, accuracy and respect.",
        [
            "1. Keep everything you interpret confidential.",
            "2. Interpret faithfully, without adding or leaving out.",
            "3. Stay impartial; declare any conflict of interest.",
            "4. Respect the Deaf community's language and culture.",
        ],
    ),
    (
        "Guide to Booking an Interpreter",
        "How organisations can book a qualified interpreter for meetings, hospitals and events.",
        [
            "Tell us the date, time, place and subject two weeks ahead.",
            "Share slides and names with the interpreter beforehand.",
            "For more than two hours, book a team of two interpreters.",
        ],
    ),
]

_LINKS = [
    (
        "UN Convention on the Rights of Persons with Disabilities",
        "The convention Rwanda ratified; articles 21 and 24 recognise sign languages.",
        "https://www.un.org/development/desa/disabilities/convention-on-the-rights-of-persons-with-disabilities.html",
    ),
]


def _updates(today: date) -> list[dict]:
    return [
        {
            "title": "Registration open for the Pan-African Interpreters Conference",
            "date": today - timedelta(days=2),
            "description": "Members get a reduced fee. Seats are limited, so register early.",
            "link": "",
        },
        {
            "title": "Celebrating the International Day of Sign Languages",
            "date": today - timedelta(days=12),
            "description": "Members signed the national anthem together in Kigali on 23 September.",
            "link": "https://www.un.org/en/observances/sign-languages-day",
        },
        {
            "title": "Interpreters at the national health campaign",
            "date": today - timedelta(days=30),
            "description": "Our members interpreted at twelve health centres during the campaign.",
            "link": "",
        },
    ]


def seed_content(*, today: date, by=None) -> int:
    """The demo resources and updates, once (nothing is added when any resource or update exists)."""
    if Resource.objects.exists() or NewsItem.objects.exists():
        return 0
    with transaction.atomic():
        for title, description, lines in _DOCUMENTS:
            resource = Resource(
                title=title, description=description, created_by=by, content_type="application/pdf"
            )
            content = text_pdf(title, lines)
            resource.upload.save("demo.pdf", ContentFile(content), save=False)
            resource.size = len(content)
            resource.save()
        for title, description, url in _LINKS:
            Resource.objects.create(title=title, description=description, url=url, created_by=by)
        for values in _updates(today):
            NewsItem.objects.create(**values)
        # Whatever a previous run left in the cache no longer holds.
        transaction.on_commit(public_reads.invalidate)
    return len(_DOCUMENTS) + len(_LINKS) + len(_updates(today))
