"""After an erasure, a dump of the whole database holds nothing of the person: their data is made
through the real API (a registration with access needs, the waiting list and its offer, a
membership application, a contact message, a password-reset request), the e-mails are sent by a
real worker, then staff erase the address and the test reads the dump (pg_dump on PostgreSQL,
iterdump on SQLite) for every form in which it was stored."""

import re
import shutil
import subprocess

import pytest
from django.db import connection

from conftest import broker_backlog, drain, mails_to, need, process_env, wait_for
from services.events.tests.factories import make_event
from services.members.tests.helpers import APPLICATION
from services.notifications.models import Notification
from services.registrations.models import WaitlistEntry
from services.registrations.tests.helpers import VALID, person, register

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

EMAIL = "Grace.Uwimana@Example.org"
NAME = "Grace Uwimana"
PHONE_TYPED = "0788 555 123"
PHONE_TYPED_AGAIN = "+250 (788) 555-123"
ACCESS_NEEDS = "Usher syndrome: tactile signing, close up"  # ASCII: a dump escapes some others


def dump() -> str:
    """The whole database as text, as an operator's backup would hold it."""
    if connection.vendor == "sqlite":
        return "\n".join(connection.connection.iterdump())
    need(shutil.which("pg_dump") is not None, "pg_dump is not installed")
    db = connection.settings_dict
    command = ["pg_dump", "--no-owner", "-h", db["HOST"] or "127.0.0.1", "-U", db["USER"] or "postgres"]
    command += ["-p", str(db["PORT"] or 5432), db["NAME"]]
    result = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120)
    return result.stdout


def post(client, url, payload):
    response = client.post(url, data=payload, content_type="application/json")
    assert response.status_code in (200, 201), response.content
    return response.json()


def test_after_an_erasure_the_database_holds_nothing_of_the_person(
    client, staff_client, celery_worker, mail_dir
):
    her = {
        **VALID,
        "full_name": NAME,
        "email": EMAIL,
        "phone": PHONE_TYPED,
        "needs_interpreter": True,
        "disability": "Other",
        "disability_details": ACCESS_NEEDS,
    }
    # Paid events: a seat waits for its payment, so the waiting list and the offer happen.
    open_day = make_event(title="Open Day", price=5000)
    small_room = make_event(title="Small Room", maximum_attendees=1, price=5000)
    post(client, f"/api/management/events/{open_day.pk}/register/", her)
    seat = register(client, small_room.pk, person(1)).json()["registration"]["id"]
    post(client, f"/api/management/events/{small_room.pk}/waitlist/", {**her, "phone": PHONE_TYPED_AGAIN})
    post(
        client,
        "/api/users/register/",
        {**APPLICATION, "full_name": NAME, "email": EMAIL.lower(), "phone": PHONE_TYPED},
    )
    post(
        client,
        "/api/management/contact-form/",
        {"name": NAME, "email": EMAIL, "message": f"Please call me on {PHONE_TYPED}. {ACCESS_NEEDS}."},
    )
    post(client, "/api/users/request-password-reset/", {"email": EMAIL})
    # She opens the links of her seat's and her waiting-list place's first e-mails (kept hashed),
    # so that the organisers are told of her, with her access needs.
    for subject in ("Keep your seat", "waiting list"):
        found = wait_for(lambda s=subject: [m for m in mails_to(mail_dir, EMAIL) if s in str(m["Subject"])])
        text = found[0].get_body(preferencelist=("plain",)).get_content()
        (token,) = re.findall(r"/my-registration#token=([\w-]+)", text)
        assert post(client, "/api/my-registration/", {"token": token})["confirmed_now"] is True
    # The seat before her frees: the offer (a single-use link, kept hashed) goes to her.
    assert staff_client.delete(f"/api/management/registrations/{seat}/").status_code == 200
    offer_hash = WaitlistEntry.objects.get(email=EMAIL).offer_token_hash
    assert offer_hash
    # Received, on the waiting list, the offer, the membership acknowledgement, the contact receipt.
    wait_for(lambda: len(mails_to(mail_dir, EMAIL)) + len(mails_to(mail_dir, EMAIL.lower())) >= 5, timeout=60)
    wait_for(lambda: not Notification.objects.exclude(status="sent").exists(), what="every e-mail sent")
    before = dump()
    for text in (EMAIL, NAME, "+250788555123", ACCESS_NEEDS, offer_hash):
        assert text.lower() in before.lower(), text  # the test looks for what is really there

    erased = staff_client.post(
        "/api/management/personal-data/erase/", data={"email": EMAIL.upper()}, content_type="application/json"
    ).json()
    assert (erased["registrations"], erased["waitlist_entries"], erased["members"]) == (1, 1, 1)
    assert (erased["contact_messages"], erased["events"]) == (1, 1)
    assert erased["emails"] >= 8
    drain(celery_worker.log, queued=broker_backlog(process_env()))

    after = dump().lower()
    for text in (
        EMAIL,
        "+250788555123",  # E.164, as every phone is stored
        "0788555123",
        PHONE_TYPED,  # as typed, in the contact message
        PHONE_TYPED_AGAIN,
        ACCESS_NEEDS,
        offer_hash,
        NAME,  # nothing names her either
    ):
        assert text.lower() not in after, f"{text!r} is still in the database"
