"""Demo interpreter profiles (manage.py seed_demo): some of the demo's approved individual
members, most listed, across districts, languages and settings, so that the directory, its map
and the staff's suggestions show something on a first run."""

from django.db import transaction
from django.utils import timezone

from services.members.models import Member

from .models import InterpreterProfile

DEMO_CONSENT = "Demo: listed in the public directory of interpreters, with my display name."

# (full name, districts, sign languages, spoken languages, settings, level, years, listed)
_PROFILES = (
    (
        "Aline Uwase",
        ["Gasabo", "Kicukiro", "Nyarugenge"],
        ["Rwandan Sign Language", "International Sign"],
        ["Kinyarwanda", "English"],
        ["medical", "conference", "media"],
        "Certified",
        9,
        True,
    ),
    (
        "Jean-Paul Habimana",
        ["Huye", "Nyanza", "Gisagara"],
        ["Rwandan Sign Language"],
        ["Kinyarwanda", "French"],
        ["education", "religious"],
        "Practising",
        5,
        True,
    ),
    (
        "Jeanne Mukeshimana",
        ["Musanze", "Burera"],
        ["Rwandan Sign Language"],
        ["Kinyarwanda", "Kiswahili"],
        ["legal and police", "medical"],
        "Certified",
        7,
        True,
    ),
    (
        "Innocent Habyarimana",
        ["Rubavu", "Nyabihu", "Rutsiro"],
        ["Rwandan Sign Language", "American Sign Language"],
        ["Kinyarwanda", "English"],
        ["education", "video remote"],
        "Practising",
        4,
        True,
    ),
    (
        "Vestine Uwamahoro",
        ["Gasabo", "Rwamagana", "Kayonza"],
        ["Rwandan Sign Language"],
        ["Kinyarwanda", "English", "French"],
        ["DeafBlind / tactile", "medical"],
        "Certified trainer",
        12,
        True,
    ),
    (
        "Fabrice Ishimwe",
        ["Nyagatare", "Gatsibo"],
        ["Rwandan Sign Language"],
        ["Kinyarwanda"],
        ["conference", "media"],
        "Trainee",
        1,
        True,
    ),
    (
        "Sandrine Mutoni",
        ["Kicukiro", "Bugesera"],
        ["Rwandan Sign Language", "International Sign"],
        ["Kinyarwanda", "English"],
        ["legal and police", "conference"],
        "Certified",
        6,
        True,
    ),
    # Not listed: staff still see her among the suggestions.
    (
        "Hope Iradukunda",
        ["Rusizi", "Nyamasheke"],
        ["Rwandan Sign Language"],
        ["Kinyarwanda", "French"],
        ["medical", "education"],
        "Practising",
        3,
        False,
    ),
)


def seed_interpreters() -> int:
    """The profiles, once (idempotent): the members must exist (seed_members, seed_member_history)."""
    if InterpreterProfile.objects.exists():
        return 0
    now = timezone.now()
    members = {
        member.full_name: member
        for member in Member.objects.filter(
            full_name__in=[row[0] for row in _PROFILES], approval_status=Member.Approval.APPROVED
        )
    }
    created = 0
    with transaction.atomic():
        for name, districts, signs, spoken, work, level, years, listed in _PROFILES:
            member = members.get(name)
            if member is None:
                continue
            InterpreterProfile.objects.create(
                member=member,
                display_name=name.split()[0] + " " + name.split()[-1][0] + ".",
                sign_languages=signs,
                spoken_languages=spoken,
                districts=districts,
                settings=work,
                certification_level=level,
                years_of_practice=years,
                bio=f"Demo profile: {level.lower()} interpreter, {years} years of practice.",
                listed=listed,
                consent_at=now if listed else None,
                consent_text=DEMO_CONSENT if listed else "",
            )
            created += 1
    return created
