"""Demo members for `manage.py seed_demo`: the members page has rows of every state at once.
Sample people, made only when there are no members yet, so staff changes are never undone."""

from django.db import transaction

from .models import Member
from .services import next_membership_number

_PEOPLE = [
    ("Aline Uwase", "Female", "Approved", True, "Individual"),
    ("Jean-Paul Habimana", "Male", "Approved", True, "Individual"),
    ("Rwanda National Union of the Deaf", "Prefer Not to Say", "Approved", True, "Institutional"),
    ("Claudine Mukamana", "Female", "Approved", False, "Individual"),
    ("Eric Nshimiyimana", "Male", "Pending", False, "Individual"),
    ("Grace Ingabire", "Female", "Pending", False, "Individual"),
    ("Patrick Niyonzima", "Non-binary", "Pending", False, "Individual"),
    ("Kigali Deaf Youth Club", "Prefer Not to Say", "Pending", False, "Institutional"),
    ("Solange Umutoni", "Female", "Rejected", False, "Individual"),
]


def seed_members(*, year: int) -> int:
    if Member.objects.exists():
        return 0
    with transaction.atomic():
        for index, (name, gender, status, active, kind) in enumerate(_PEOPLE):
            slug = name.lower().replace(" ", ".").replace("-", "")
            Member.objects.create(
                full_name=name,
                email=f"{slug}@example.org",
                phone=f"+25078{7000000 + index:07d}",
                date_of_birth=f"19{80 + index}-0{1 + index % 9}-15",
                gender=gender,
                nationality="Rwandan",
                address="Kigali, Rwanda",
                occupation="Sign language interpreter" if kind == "Individual" else "",
                organization="" if kind == "Individual" else name,
                experience_years=index,
                membership_type=kind,
                preferred_communication_language="Rwandan Sign Language",
                areas_of_interest=["Training", "Advocacy"][: 1 + index % 2],
                payment_method="Mobile Money" if index % 2 else "Bank Transfer",
                agree_to_terms=True,
                approval_status=status,
                is_active_member=active,
                membership_number=next_membership_number(year) if status == "Approved" else None,
            )
    return len(_PEOPLE)
