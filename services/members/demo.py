"""Demo members for `manage.py seed_demo`: the members page has rows of every state at once.
Sample people, made only when there are no members yet, so staff changes are never undone."""

from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from .models import Member
from .periods import membership_fee, period_add
from .services import next_membership_number
from .verification import card_code_issue

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


# Days since the approved ones' period started, so that the page shows every standing at once:
# Expiring, Grace, Active and Lapsed (docs/members.md, The membership year).
_PERIOD_STARTED = {"Aline Uwase": 350, "Jean-Paul Habimana": 380, "Rwanda National Union of the Deaf": 20}


def _demo_period(member: Member, *, start: date) -> None:
    period_add(
        member, start=start, fee=membership_fee(member.membership_type), transaction_id=member.transaction_id
    )
    card_code_issue(member)
    member.save(update_fields=["membership_end", "verify_code_hash", "verify_code_sealed"])


def seed_members(*, year: int, today: date | None = None) -> int:
    if Member.objects.exists():
        return 0
    today = today or timezone.localdate()
    with transaction.atomic():
        for index, (name, gender, status, active, kind) in enumerate(_PEOPLE):
            slug = name.lower().replace(" ", ".").replace("-", "")
            member = Member.objects.create(
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
            if status == "Approved":
                _demo_period(member, start=today - timedelta(days=_PERIOD_STARTED.get(name, 420)))
    return len(_PEOPLE)


# Members with a history, for the reports: (name, kind, days since they applied, days since
# their first approval, days since their renewal, status, active). Approved over the past months;
# some joined more than a year ago and renewed, one lapsed (approved, not active), one refused.
_HISTORY = [
    ("Jeanne Mukeshimana", "Individual", 335, 330, None, "Approved", True),
    ("Innocent Habyarimana", "Individual", 280, 272, None, "Approved", True),
    ("Vestine Uwamahoro", "Individual", 214, 210, None, "Approved", True),
    ("Fabrice Ishimwe", "Individual", 190, 181, None, "Approved", True),
    ("Deaf Women Cooperative Huye", "Institutional", 160, 152, None, "Approved", True),
    ("Sandrine Mutoni", "Individual", 125, 121, None, "Approved", True),
    ("Hope Iradukunda", "Individual", 96, 90, None, "Approved", True),
    ("Kevin Manzi", "Individual", 64, 60, None, "Approved", True),
    ("Ange Uwera", "Individual", 20, 15, None, "Approved", True),
    ("Alphonse Nkurunziza", "Individual", 430, 425, 62, "Approved", True),
    ("Beatrice Nyiransabimana", "Individual", 525, 520, 155, "Approved", True),
    ("Emmanuel Tuyisenge", "Individual", 610, 600, 240, "Approved", True),
    ("Musanze Interpreters Network", "Institutional", 400, 395, 28, "Approved", True),
    ("Olive Mukandayisenga", "Individual", 460, 455, None, "Approved", False),
    ("Yves Kayitare", "Individual", 100, None, None, "Rejected", False),
    ("Claude Niyibizi", "Individual", 306, 300, None, "Approved", True),
    ("Yvonne Mukamurenzi", "Individual", 301, 296, None, "Approved", True),
    ("Theophile Ndagijimana", "Individual", 93, 88, None, "Approved", True),
    ("Rose Nyiraneza", "Individual", 90, 86, None, "Approved", True),
    ("Gisenyi Deaf Association", "Institutional", 52, 45, None, "Approved", True),
    ("Didier Nsengiyumva", "Individual", 12, 8, None, "Approved", True),
    ("Francine Uwase", "Individual", 475, 470, 100, "Approved", True),
]


def history_email(name: str) -> str:
    return name.lower().replace(" ", ".") + "@example.org"


def seed_member_history(*, today: date, by=None) -> int:
    """Made once (when the first of them is missing), so staff changes are never undone."""
    if Member.objects.filter(email=history_email(_HISTORY[0][0])).exists():
        return 0

    def at(days_ago: int, hour: int = 10) -> datetime:
        return timezone.make_aware(datetime.combine(today - timedelta(days=days_ago), time(hour)))

    with transaction.atomic():
        for index, (name, kind, applied, joined, renewed, status, active) in enumerate(_HISTORY):
            approved = renewed if renewed is not None else joined
            member = Member.objects.create(
                full_name=name,
                email=history_email(name),
                phone=f"+25078{7100000 + index:07d}",
                date_of_birth=f"19{75 + index}-0{1 + index % 9}-20",
                gender="Prefer Not to Say" if kind == "Institutional" else ("Female", "Male")[index % 2],
                nationality="Rwandan",
                address="Huye, Rwanda" if index % 3 == 0 else "Kigali, Rwanda",
                occupation="Sign language interpreter" if kind == "Individual" else "",
                organization="" if kind == "Individual" else name,
                experience_years=2 + index % 7,
                membership_type=kind,
                preferred_communication_language="Rwandan Sign Language",
                areas_of_interest=["Community Outreach", "Training"][: 1 + index % 2],
                payment_method="Mobile Money" if index % 2 else "Bank Transfer",
                transaction_id=f"MP{today:%y}{7100 + index}" if status == "Approved" else "",
                agree_to_terms=True,
                terms_accepted_at=at(applied, 9),
                approval_status=status,
                is_active_member=active,
                membership_number=(
                    next_membership_number((today - timedelta(days=joined)).year)
                    if joined is not None
                    else None
                ),
                joined_at=at(joined) if joined is not None else None,
                approved_at=at(approved) if status == "Approved" else None,
                renewed_at=at(renewed) if renewed is not None else None,
                rejected_at=at(applied - 3) if status == "Rejected" else None,
                decided_by=by,
            )
            # The application's own date (created_at is set on save).
            Member.objects.filter(pk=member.pk).update(created_at=at(applied, 9))
            if status == "Approved" and renewed is not None:
                # The first year, then its renewal from the day after it ended: the growth report
                # counts renewals from periods that follow an earlier one.
                first = period_add(member, start=today - timedelta(days=joined), fee=membership_fee(kind))
                _demo_period(member, start=first.end + timedelta(days=1))
            elif status == "Approved":  # the current period, from the approval
                _demo_period(member, start=today - timedelta(days=approved))
    return len(_HISTORY)
