"""For the directory's and the requests' tests: profiles, a valid request body, interpreters
with profiles, the links of the e-mails."""

from datetime import timedelta

from django.utils import timezone

from services.interpreting.models import InterpreterProfile
from services.members.tests.helpers import approved
from services.notifications.models import Notification
from services.registrations.tests.helpers import deliver_all

PROFILE = {
    "display_name": "Aline U.",
    "sign_languages": ["rwandan sign language"],
    "spoken_languages": ["KINYARWANDA", "English"],
    "districts": ["gasabo", "Kicukiro"],
    "settings": ["Medical"],
    "certification_level": "certified",
    "years_of_practice": 7,
    "bio": "Hospital and conference work.",
    "show_phone": False,
    "show_email": False,
    "listed": True,
    "consent": True,
}


def listed_profile(i: int, *, listed=True, hidden=False, member=None, **fields) -> InterpreterProfile:
    member = member or approved(i)
    values = {
        "display_name": f"Interpreter {i:04d}",
        "sign_languages": ["Rwandan Sign Language"],
        "spoken_languages": ["Kinyarwanda"],
        "districts": ["Gasabo"],
        "settings": ["medical"],
        "certification_level": "Certified",
        "years_of_practice": 3,
        "bio": "Bio.",
        "listed": listed,
        "consent_at": timezone.now() if listed else None,
        "consent_text": "I agree." if listed else "",
        "hidden_at": timezone.now() if hidden else None,
        **fields,
    }
    return InterpreterProfile.objects.create(member=member, **values)


REQUESTS = "/api/interpreter-requests/"
STAFF = "/api/management/interpreter-requests/"


def body(**changes) -> dict:
    day = timezone.localdate() + timedelta(days=5)
    return {
        "requester_type": "hospital",
        "full_name": "Claudine Mukamana",
        "email": "claudine@example.org",
        "phone": "0788 123 456",
        "contact_preference": "email",
        "date": day.isoformat(),
        "start_time": "10:00",
        "duration_minutes": 60,
        "mode": "in_person",
        "district": "Gasabo",
        "address": "King Faisal Hospital, KG 544 St",
        "video_link": "",
        "setting": "medical",
        "languages": ["Rwandan Sign Language", "Kinyarwanda"],
        "deaf_count": 1,
        "deafblind_needs": "",
        "preferred_interpreter_id": None,
        "notes": "Ward 3.",
        **changes,
    }


def interpreter(i: int, *, listed: bool = True, **fields) -> InterpreterProfile:
    member = approved(i, full_name=fields.pop("full_name", f"Interpreter {i}"))
    values = {
        "display_name": f"Interpreter {i}.",
        "sign_languages": ["Rwandan Sign Language"],
        "spoken_languages": ["Kinyarwanda", "English"],
        "districts": ["Gasabo", "Kicukiro"],
        "settings": ["medical", "education"],
        "listed": listed,
        "consent_at": timezone.now() if listed else None,
        **fields,
    }
    return InterpreterProfile.objects.create(member=member, **values)


def send(client, payload=None, **extra):
    """Send the form, then run the worker's handlers (the acknowledgement)."""
    answer = client.post(REQUESTS, data=payload or body(), content_type="application/json", **extra)
    deliver_all()
    return answer


def post(client, path, payload=None):
    return client.post(path, data=payload or {}, content_type="application/json")


def mails(template: str, recipient: str | None = None) -> list[Notification]:
    rows = Notification.objects.filter(template=template).order_by("pk")
    return list(rows.filter(recipient=recipient) if recipient else rows)


def fragment_token(link: str) -> str:
    return link.split("#token=", 1)[1].split("&", 1)[0]


def offer_token(member) -> str:
    return fragment_token(mails("interpreter_offer", member.email)[-1].context["accept_link"])


def cancel_token_of(reference: str) -> str:
    mail = next(m for m in mails("interpreter_request_received") if m.context["reference"] == reference)
    return fragment_token(mail.context["cancel_link"])
