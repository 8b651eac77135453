"""Every e-mail in its recipient's language, every API message in the request's: registrants by the
language they chose, members and contact visitors by the site's language when they wrote, staff by
their profile (English by default). The Notification row records the language it was written in."""

from datetime import date

import pytest

from services.accounts.models import StaffProfile
from services.accounts.tests.factories import make_user
from services.events.tests.factories import make_event
from services.members.tests.helpers import APPLICATION, apply
from services.notifications.languages import language_code
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations.tests.helpers import VALID, confirm, deliver_all, register

pytestmark = pytest.mark.django_db


def written(template: str, recipient: str | None = None) -> tuple[Notification, object]:
    rows = Notification.objects.filter(template=template)
    notification = (rows.filter(recipient=recipient) if recipient else rows).get()
    return notification, render_email(notification)


@pytest.mark.parametrize(
    ("value", "code"),
    [("French", "fr"), ("Kinyarwanda", "rw"), ("Ikinyarwanda", "rw"), ("Kiswahili", "sw"),
     ("English", "en"), ("fr-FR", "fr"), ("sw_KE", "sw"), ("Français", "fr"), ("", "en"), (None, "en"),
     ("Klingon", "en"), ("de", "en")],
)  # fmt: skip
def test_a_chosen_language_becomes_one_of_the_four_codes(value, code):
    assert language_code(value) == code


def test_a_registrant_who_chose_french_gets_every_word_in_french(client):
    event = make_event(
        title="Journée de la langue des signes", price=5000, date=date(2031, 11, 3), time="14:00"
    )
    reference = register(client, event.pk, {**VALID, "preferred_language": "French"}).json()[
        "payment_reference"
    ]
    deliver_all()
    notification, mail = written("registration_received")
    assert notification.language == "fr"
    assert mail.extra_headers["Content-Language"] == "fr"
    assert mail.subject == f"Gardez votre place : Journée de la langue des signes (référence {reference})"
    assert "Pour garder votre place, ouvrez ce lien dans les 30 minutes." in mail.body
    assert "Veuillez payer avant le " in mail.body  # the deadline, in French
    assert "3 novembre 2031 14:00" in mail.body  # the date in French, the time on 24 hours
    # The payment texts were made in the worker, in the e-mail's language too.
    assert "Payez par Mobile Money ou par virement bancaire." in mail.body
    assert "- Virement bancaire: Payez 5\u202f000 Rwf à " in mail.body  # French separators
    html = mail.alternatives[0][0]
    assert '<html lang="fr">' in html and "Montant à payer" in html


@pytest.mark.parametrize(
    ("language", "greeting", "day"),
    [("Kinyarwanda", "Muraho Aline Uwase,", "3 Ugushyingo 2031"),
     ("Kiswahili", "Ndugu Aline Uwase,", "3 Novemba 2031"),
     ("English", "Dear Aline Uwase,", "November 3, 2031")],
)  # fmt: skip
def test_registrants_read_their_own_language_and_date(client, language, greeting, day):
    event = make_event(price=0, date=date(2031, 11, 3))
    register(client, event.pk, {**VALID, "preferred_language": language})
    deliver_all()
    notification, mail = written("registration_received")
    assert notification.language == language_code(language)
    assert mail.body.startswith(greeting) and day in mail.body


def test_the_organiser_gets_the_notice_in_their_staff_language_and_english_by_default(client):
    organiser = make_user("organiser", email="events@rnslia.org.rw")
    StaffProfile.objects.create(user=organiser, preferred_language="Kiswahili")
    register(
        client, make_event(contact_email="events@rnslia.org.rw").pk, {**VALID, "preferred_language": "French"}
    )
    register(
        client, make_event(contact_email="").pk, {**VALID, "email": "b@example.org", "phone": "0788 999 111"}
    )
    confirm(client, VALID["email"])
    confirm(client, "b@example.org")
    deliver_all()
    notification, mail = written("registration_notice", "events@rnslia.org.rw")
    assert notification.language == "sw"
    assert mail.subject.startswith("Usajili mpya wa ")
    inbox, inbox_mail = written("registration_notice", "info@rnslia.org.rw")  # nobody's profile: English
    assert inbox.language == "en" and inbox_mail.subject.startswith("New registration for ")


def test_a_staff_password_reset_follows_the_staff_users_language(client):
    user = make_user("kalisa", email="kalisa@example.org")
    StaffProfile.objects.create(user=user, preferred_language="Kinyarwanda")
    client.post("/api/users/request-password-reset/", {"email": user.email}, content_type="application/json")
    deliver_all()
    notification, mail = written("password_reset")
    assert notification.language == "rw"
    assert mail.subject.startswith("Muhindure ijambobanga ryanyu")
    assert "nyuma y’iminota 60" in mail.body  # the plural form of 60 minutes


def test_a_contact_visitor_is_acknowledged_in_the_language_they_used(client):
    payload = {"name": "Amani", "email": "amani@example.org", "message": "Habari!"}
    client.post(
        "/api/management/contact-form/", payload, content_type="application/json", HTTP_ACCEPT_LANGUAGE="sw"
    )
    deliver_all()
    notification, mail = written("contact_acknowledgement")
    assert notification.language == "sw"
    assert mail.subject.startswith("Tumepokea ujumbe wako")
    staff_notice, _ = written("contact_notice")
    assert staff_notice.language == "en"


def test_a_member_hears_back_in_the_language_they_applied_in(client):
    response = apply(client, HTTP_ACCEPT_LANGUAGE="rw-RW,rw;q=0.9,en;q=0.5")
    assert response.status_code == 201, response.content
    assert "Ubusabe bwo kuba umunyamuryango bwoherejwe!" in response.json()["message"]
    deliver_all()
    notification, mail = written("member_applied", APPLICATION["email"])
    assert notification.language == "rw"
    assert mail.body.startswith("Muraho Jean Bosco Niyonsenga,")
    assert "Kohereza kuri banki" in mail.body


def test_every_queued_email_records_the_language_it_is_written_in(client):
    register(client, make_event().pk, {**VALID, "preferred_language": "French"})
    confirm(client, VALID["email"])
    client.post(
        "/api/management/contact-form/",
        {"name": "A", "email": "a@example.org", "message": "Hi"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    apply(client, HTTP_ACCEPT_LANGUAGE="fr")
    deliver_all()
    languages = dict(Notification.objects.values_list("template", "language"))
    assert languages == {
        "registration_received": "fr",
        "registration_approved": "fr",  # a free event: opening the link confirmed the seat
        "registration_notice": "en",
        "contact_acknowledgement": "fr",
        "contact_notice": "en",
        "member_applied": "fr",
        "member_notice": "en",
    }


@pytest.mark.parametrize(
    ("language", "required"),
    [("fr", "Veuillez remplir tous les champs."), ("rw", "Nyamuneka mwuzuze ibice byose."),
     ("sw", "Tafadhali jaza sehemu zote."), ("en", "Please fill out all fields.")],
)  # fmt: skip
def test_validation_messages_come_in_the_requests_language(client, language, required):
    response = client.post(
        "/api/management/contact-form/",
        {"name": "A"},
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert response.json()["detail"] == required
    assert response["Content-Language"] == language


def test_error_envelopes_come_in_the_requests_language(client):
    missing = client.get("/api/management/public-events/999999/", HTTP_ACCEPT_LANGUAGE="fr")
    assert missing.json()["detail"] == "Introuvable ! L’événement que vous cherchez n’existe pas."
    again = client.get(
        "/api/management/public-events/999999/", HTTP_ACCEPT_LANGUAGE="en"
    )  # cached per language
    assert again.json()["detail"] == "Not Found! The event you're looking for doesn't exist."
    nowhere = client.get("/api/no-such-endpoint/", HTTP_ACCEPT_LANGUAGE="sw")
    assert nowhere.json()["detail"] == "Hakuna huduma ya API kwenye anwani hii."
    control = client.get("/api/management/public-events/?q=%00", HTTP_ACCEPT_LANGUAGE="rw")
    assert control.status_code == 400
    assert "inyuguti zitemewe" in control.json()["detail"]
    unauthenticated = client.get("/api/management/members/", HTTP_ACCEPT_LANGUAGE="fr")
    assert unauthenticated.status_code == 401
    assert (
        unauthenticated.json()["detail"] == "Vous n’êtes pas connecté, ou votre connexion n’est pas valide."
    )
