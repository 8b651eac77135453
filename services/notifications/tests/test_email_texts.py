"""E-mails read right in each language: the association's own name in Kinyarwanda, the membership
type as a translated label (never glued into a sentence), and every time with its zone."""

from datetime import date

import pytest

from services.events.tests.factories import make_event
from services.members.tests.helpers import APPLICATION, apply
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations.tests.helpers import VALID, deliver_all, register

pytestmark = pytest.mark.django_db


def mail_of(template: str):
    return render_email(Notification.objects.get(template=template))


@pytest.mark.parametrize(
    ("language", "type_line"),
    [("en", "Membership type: Individual"), ("fr", "Type d’adhésion: Individuel"),
     ("rw", "Ubwoko bw’ubunyamuryango: Umuntu ku giti cye"), ("sw", "Aina ya uanachama: Binafsi")],
)  # fmt: skip
def test_the_application_email_names_the_type_on_its_own_line(client, settings, language, type_line):
    apply(client, HTTP_ACCEPT_LANGUAGE=language)
    deliver_all()
    mail = mail_of("member_applied")
    assert type_line in mail.body
    assert " as a " not in mail.body and "Individual member" not in mail.body


def test_an_institution_reads_its_type_in_kinyarwanda_under_the_kinyarwanda_name(client, settings):
    apply(
        client,
        {
            **APPLICATION,
            "membership_type": "Institutional",
            "contact_person_name": "Claudine Mukamana",
            "contact_person_role": "Umuyobozi",
        },
        HTTP_ACCEPT_LANGUAGE="rw",
    )
    deliver_all()
    mail = mail_of("member_applied")
    html = mail.alternatives[0][0]
    # The header (and footer) name the association in Kinyarwanda; a bank account keeps its
    # holder's legal name.
    assert f"{settings.ASSOCIATION_NAME_RW}</td>" in html
    assert f"{settings.ASSOCIATION['name']}</td>" not in html
    assert settings.ASSOCIATION_NAME_RW in mail.body and ": Ikigo" in mail.body
    # The inbox's notice (English) names the contact person.
    notice = mail_of("member_notice")
    assert "Membership type: Institutional" in notice.body
    assert "Contact person: Claudine Mukamana (Umuyobozi)" in notice.body
    assert f"{settings.ASSOCIATION['name']}</td>" in notice.alternatives[0][0]


@pytest.mark.parametrize(
    ("language", "when"),
    [("English", "November 3, 2031 2:00 PM (Kigali time, CAT)"),
     ("French", "3 novembre 2031 14:00 (heure de Kigali, CAT)"),
     ("Kiswahili", "(saa za Kigali, CAT)"), ("Kinyarwanda", "(isaha y'i Kigali, CAT)")],
)  # fmt: skip
def test_event_times_and_payment_deadlines_carry_the_time_zone(client, language, when):
    event = make_event(price=5000, date=date(2031, 11, 3), time="14:00")
    register(client, event.pk, {**VALID, "preferred_language": language})
    deliver_all()
    body = mail_of("registration_received").body
    assert when in body
    # The deadline to pay is a moment too: it carries the zone as well (two mentions at least).
    zone = when[when.index("(") :]
    assert body.count(zone) >= 2
