"""What a payer reads comes from the settings: the fees and payment details on the screens
(GET /api/config/) and in the e-mails, marked "demo, not a real account" only when they are
`make run`'s demo values."""

import pytest

from services.events.tests.factories import make_event
from services.members.tests.helpers import APPLICATION, apply
from services.notifications.models import Notification
from services.notifications.services import render_email
from services.registrations.tests.helpers import deliver_all, register

DEMO_NOTE = "Demo details, not a real account: do not pay to them."


def test_config_gives_the_fees_the_payment_details_and_whether_they_are_demo(client, settings):
    settings.MEMBERSHIP_FEES = {"Individual": 12000, "Institutional": 75000}
    body = client.get("/api/config/").json()
    assert body["membership_fees"] == {"Individual": 12000, "Institutional": 75000}
    assert body["payment"] == settings.PAYMENT_DETAILS
    assert body["payment"]["bank_account"] == "100-2233-4455-66"  # .ci/details.env
    assert body["demo"] is False
    settings.DETAILS_DEMO = True
    assert client.get("/api/config/").json()["demo"] is True


@pytest.mark.django_db
@pytest.mark.parametrize("demo", [False, True])
def test_a_paid_sign_up_shows_the_real_account_or_says_demo(client, settings, demo):
    settings.DETAILS_DEMO = demo
    answer = register(client, make_event(price=5000).pk).json()
    assert answer["payment_info"]["demo"] is demo
    assert "100-2233-4455-66" in answer["payment_info"]["methods"]["Bank Transfer"]
    deliver_all()
    message = render_email(Notification.objects.get(template="registration_received"))
    assert "+250 788 314 160" in message.body  # PAYMENT_MOBILE_MONEY_NUMBER
    for text in (message.body, message.alternatives[0][0]):
        assert (DEMO_NOTE in text) is demo


@pytest.mark.django_db
@pytest.mark.parametrize(("kind", "fee"), [("Individual", "10,000 Rwf"), ("Institutional", "50,000 Rwf")])
def test_the_membership_e_mail_gives_the_fee_of_the_chosen_type(client, settings, kind, fee):
    settings.DETAILS_DEMO = kind == "Institutional"
    contact = {"contact_person_name": "Claudine Mukamana", "contact_person_role": "Director"}
    application = {**APPLICATION, "membership_type": kind, **(contact if kind == "Institutional" else {})}
    assert apply(client, application).status_code == 201
    deliver_all()
    message = render_email(Notification.objects.get(template="member_applied"))
    assert f"Membership fee: {fee}" in message.body
    assert "Bank of Kigali, account 100-2233-4455-66" in message.body
    assert (DEMO_NOTE in message.body) is settings.DETAILS_DEMO
