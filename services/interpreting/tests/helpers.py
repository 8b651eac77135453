"""Profiles for the directory's tests."""

from django.utils import timezone

from services.interpreting.models import InterpreterProfile
from services.members.tests.helpers import approved

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
