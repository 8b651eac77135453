"""Apply, approve, read the two e-mails: through the outbox and a real `celery worker`."""

import pytest

from conftest import mails_to, wait_for
from services.members.models import Member

from .helpers import APPLICATION, apply

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_an_applicant_is_acknowledged_then_welcomed_with_a_number(
    client, staff_client, celery_worker, mail_dir
):
    member_id = apply(client).json()["member"]["id"]
    [acknowledgement] = wait_for(lambda: mails_to(mail_dir, APPLICATION["email"]), what="the acknowledgement")
    assert "10,000 Rwf" in acknowledgement.get_body(preferencelist=("plain",)).get_content()

    assert staff_client.post(f"/api/management/members/{member_id}/approve/").status_code == 200
    mails = wait_for(
        lambda: m if len(m := mails_to(mail_dir, APPLICATION["email"])) == 2 else None, what="the welcome"
    )
    number = Member.objects.get().membership_number
    assert number in mails[1]["Subject"]
    assert number in mails[1].get_body(preferencelist=("plain",)).get_content()
