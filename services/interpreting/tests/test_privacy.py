"""No public endpoint of requests shows anyone's contact details: a walk through every new
public endpoint, with requests filled by a listed and an unlisted interpreter, looks for every
e-mail address, phone number and address that nobody consented to show."""

import pytest

from services.interpreting.models import InterpreterRequest
from services.notifications.models import Notification
from services.notifications.services import render_email

from .helpers import STAFF, body, cancel_token_of, interpreter, offer_token, post, send

pytestmark = pytest.mark.django_db

PRIVATE = ["claudine@example.org", "0788 123 456", "+250788123456", "KG 544 St", "Mukamana", "Ward 3"]


def test_no_public_answer_shows_a_requester_or_an_unlisted_interpreter(client, staff_client):
    listed, unlisted = interpreter(1, display_name="Aline U."), interpreter(2, listed=False)
    private = [*PRIVATE, unlisted.member.email, unlisted.member.phone, unlisted.member.full_name]
    private += [listed.member.email, listed.member.phone]
    staff = staff_client.defaults.pop("HTTP_AUTHORIZATION")  # staff_client is the same client
    answers = []
    for profile in (listed, unlisted):
        made = send(client, body())
        answers.append(made)
        request = InterpreterRequest.objects.get(reference=made.json()["reference"])
        client.defaults["HTTP_AUTHORIZATION"] = staff
        post(client, f"{STAFF}{request.pk}/offers/", {"member_ids": [profile.member_id]})
        client.defaults.pop("HTTP_AUTHORIZATION")
        answers.append(
            post(client, "/api/interpreter-offers/accept/", {"token": offer_token(profile.member)})
        )
        answers.append(
            post(client, "/api/interpreter-offers/accept/", {"token": offer_token(profile.member)})
        )
        answers.append(
            post(client, "/api/interpreter-offers/decline/", {"token": offer_token(profile.member)})
        )
        answers.append(
            post(client, "/api/interpreter-requests/cancel/", {"token": cancel_token_of(request.reference)})
        )
        answers.append(post(client, "/api/interpreter-offers/accept/", {"token": "forged"}))
    answers.append(send(client, body(email="x")))
    answers.append(client.get("/api/interpreting/summary/"))
    for answer in answers:
        assert answer.status_code < 500
        text = answer.content.decode()
        for value in private:
            assert value not in text, (answer.request["PATH_INFO"], value)


def test_every_email_of_a_request_renders_in_every_language(client, staff_client, settings):
    aline = interpreter(1, display_name="Aline U.")
    for code, _name in settings.LANGUAGES:
        made = send(client, body(duration_minutes=150), HTTP_ACCEPT_LANGUAGE=code)
        request = InterpreterRequest.objects.get(reference=made.json()["reference"])
        post(staff_client, f"{STAFF}{request.pk}/offers/", {"member_ids": [aline.member_id]})
        post(staff_client, f"{STAFF}{request.pk}/unfilled/", {"reason": "Only one interpreter free"})
    templates = set()
    for notification in Notification.objects.all():
        mail = render_email(notification)
        templates.add(notification.template)
        assert notification.context["reference"] in mail.subject + mail.body
    assert {"interpreter_request_received", "interpreter_offer", "interpreter_request_unfilled"} <= templates
    offer = render_email(Notification.objects.filter(template="interpreter_offer").first())
    assert "/interpreter-offer#token=" in offer.body and "answer=decline" in offer.body
    unfilled = render_email(Notification.objects.filter(template="interpreter_request_unfilled").first())
    assert "/interpreter-request/cancel#token=" in unfilled.body
