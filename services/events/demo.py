"""Demo events for `manage.py seed_demo`: every public and admin screen has content at once.
Dates are relative to today so that "upcoming" stays upcoming; rows are matched by title."""

from datetime import date, time, timedelta
from decimal import Decimal

from .models import Event

DEFAULT_FAQS = [
    {"question": "Is there parking at the venue?", "answer": "Yes, free parking is available on site."},
    {
        "question": "What documents should I bring?",
        "answer": "Your national ID or passport and your registration confirmation.",
    },
    {
        "question": "Can I register on site?",
        "answer": "On-site registration is possible while seats remain, "
        "but registering online guarantees your place.",
    },
]


# Real places (published coordinates of each venue); an event without them (online, or a venue
# whose point we have not checked) shows its location text and no map.
KCC = {"latitude": Decimal("-1.954722"), "longitude": Decimal("30.093889")}

# What the venue access field is for, as an example: nothing in it is a fact about the real
# venues named here (nobody checked them), and it says so.
DEMO_ACCESS_INFO = (
    "Demo: an example, not checked with the venue.\n"
    "Here staff say which entrance is step-free, where the sign language interpreters stand, "
    "and where to find the accessible toilets, parking and a quiet room.\n"
    "The door team will show you the way when you arrive."
)


def _events(today: date) -> list[dict]:
    return [
        {
            "title": "Pan-African Sign Language Interpreters Conference",
            "subtitle": "Connecting Africa through sign language",
            "description": "Three days of keynotes, workshops and networking for interpreters, "
            "Deaf leaders and partners from across the continent.",
            "location": "Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali",
            "access_info": DEMO_ACCESS_INFO,
            **KCC,
            "call_for_abstracts_url": "https://www.rnslia.org.rw/call-for-abstracts",
            "date": today + timedelta(days=45),
            "time": time(8, 30),
            "price": Decimal("15000"),
            "speakers": ["Dr. Aline Uwase", "Jean Bosco Niyonzima", "Grace Mukamana"],
            "agenda": [
                {"time": "08:30", "activity": "Registration and welcome coffee"},
                {"time": "09:30", "activity": "Opening keynote: the state of interpreting in Africa"},
                {"time": "11:00", "activity": "Workshop: medical interpreting ethics"},
                {"time": "14:00", "activity": "Panel: Deaf-led advocacy"},
            ],
            "faqs": DEFAULT_FAQS,
            # No invented organiser's address or phone: people would write or call them. The
            # page and the staff notices then use the association's own (demo-marked in make run).
            "social_links": {
                "facebook": "https://www.facebook.com/rnslia",
                "twitter": "https://x.com/rnslia",
            },
            "event_image_id": "panafrica1",
            "status": Event.Status.PUBLISHED,
            "maximum_attendees": 300,
        },
        {
            "title": "Legal Interpreting Workshop",
            "subtitle": "Interpreting in courts and police stations",
            "description": "A practical one-day workshop on terminology, role boundaries and ethics in legal "
            "settings.",
            "location": "Hôtel des Mille Collines, KN 6 Ave, Kiyovu, Kigali",
            "access_info": DEMO_ACCESS_INFO,
            "latitude": Decimal("-1.946900"),
            "longitude": Decimal("30.061900"),
            "date": today + timedelta(days=14),
            "time": time(9, 0),
            "price": Decimal("5000"),
            "speakers": ["Claudine Mukeshimana"],
            "agenda": [
                {"time": "09:00", "activity": "Legal vocabulary in Rwandan Sign Language"},
                {"time": "13:00", "activity": "Role plays with feedback"},
            ],
            "faqs": DEFAULT_FAQS[:2],
            "event_image_id": "workshop1",
            "cpd_hours": Decimal("6"),
            "cpd_category": "Interpreting practice",
            "status": Event.Status.PUBLISHED,
            "maximum_attendees": 25,
        },
        {
            "title": "Deaf Awareness Community Day",
            "subtitle": "Open to everyone, free of charge",
            "description": "Games, a sign language taster class and stands from partner organisations.",
            "location": "Amahoro Stadium grounds, Remera, Kigali",
            "access_info": DEMO_ACCESS_INFO,
            "latitude": Decimal("-1.955028"),
            "longitude": Decimal("30.114444"),
            "date": today + timedelta(days=7),
            "time": time(10, 0),
            "price": None,
            "speakers": [],
            "agenda": [],
            "faqs": [],
            "event_image_id": "afsli1",
            "status": Event.Status.PUBLISHED,
            "maximum_attendees": None,
        },
        {
            "title": "Ethics Seminar for New Interpreters",
            "description": "Draft: programme still being confirmed with the speakers.",
            "location": "Online",
            "date": today + timedelta(days=60),
            "time": time(14, 0),
            "price": Decimal("0"),
            "event_image_id": "seminar1",
            "cpd_hours": Decimal("2"),
            "cpd_category": "Ethics and professional practice",
            "status": Event.Status.DRAFT,
            "faqs": DEFAULT_FAQS,
        },
        {
            "title": "Annual General Meeting 2026",
            "description": "Members reviewed the year's activities and elected the executive committee.",
            "location": "Kigali Convention Centre, KG 2 Roundabout, Kimihurura, Kigali",
            **KCC,
            "date": today - timedelta(days=40),
            "time": time(9, 0),
            "event_image_id": "kcc1",
            "status": Event.Status.COMPLETED,
            "maximum_attendees": 150,
        },
        # Past events with attendees (services/registrations/demo.py), for the reports.
        {
            "title": "Medical Interpreting Masterclass",
            "description": "Interpreting in clinics and hospitals: terminology, consent and confidentiality.",
            "location": "King Faisal Hospital, KG 544 St, Kacyiru, Kigali",
            "latitude": Decimal("-1.943611"),
            "longitude": Decimal("30.095000"),
            "date": today - timedelta(days=12),
            "time": time(9, 0),
            "price": Decimal("5000"),
            "event_image_id": "workshop1",
            "cpd_hours": Decimal("3.5"),
            "cpd_category": "Interpreting practice",
            "status": Event.Status.COMPLETED,
            "maximum_attendees": 40,
        },
        {
            "title": "Deaf Culture and History Seminar",
            "description": "Deaf elders and researchers on the history of Rwandan Sign Language.",
            "location": "University of Rwanda, Gikondo Campus",
            "date": today - timedelta(days=75),
            "time": time(14, 0),
            "event_image_id": "seminar1",
            "status": Event.Status.COMPLETED,
        },
        {
            "title": "Interpreters Networking Evening",
            "description": "Interpreters, Deaf leaders and partners met to share their year.",
            "location": "Kigali Marriott Hotel",
            "date": today - timedelta(days=150),
            "time": time(17, 30),
            "event_image_id": "conference1",
            "status": Event.Status.COMPLETED,
        },
        {
            "title": "Interpreting for Television Training",
            "description": "Cancelled: it will be rescheduled next year.",
            "location": "Rwanda Broadcasting Agency, Kigali",
            "date": today + timedelta(days=21),
            "event_image_id": "conference1",
            "status": Event.Status.CANCELLED,
        },
    ]


PLACE_FIELDS = ("latitude", "longitude", "call_for_abstracts_url")


def seed_events(*, today: date, by=None) -> int:
    created = 0
    for values in _events(today):
        event, was_created = Event.objects.get_or_create(
            title=values["title"], defaults={**values, "created_by": by}
        )
        created += was_created
        # A demo database seeded before events had places gets them now; a place staff set stays.
        if not was_created and event.latitude is None and values.get("latitude") is not None:
            place = {name: values.get(name, getattr(event, name)) for name in PLACE_FIELDS}
            Event.objects.filter(pk=event.pk).update(**place)
        # Likewise the venue access text, for a demo database seeded before the field existed.
        if not was_created and not event.access_info and values.get("access_info"):
            Event.objects.filter(pk=event.pk).update(access_info=values["access_info"])
        # And the CPD hours (none set by staff yet).
        if not was_created and event.cpd_hours is None and values.get("cpd_hours") is not None:
            cpd = {"cpd_hours": values["cpd_hours"], "cpd_category": values["cpd_category"]}
            Event.objects.filter(pk=event.pk).update(**cpd)
    return created
