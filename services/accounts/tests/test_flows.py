"""The reset flow through a real worker: the e-mail arrives with a working, single-use link."""

import re

import pytest

from conftest import mails_to, wait_for

from .factories import make_user

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def text_of(mail) -> str:
    return mail.get_payload(0).get_payload(decode=True).decode()


def test_reset_email_link_works_once_and_a_notice_follows(client, celery_worker, mail_dir, settings):
    staff = make_user("resetter", email="resetter@example.org")
    client.post(
        "/api/users/request-password-reset/",
        data={"email": "resetter@example.org"},
        content_type="application/json",
    )
    [mail] = wait_for(lambda: mails_to(mail_dir, "resetter@example.org"), what="the reset e-mail")
    link = re.search(r"(\S+/reset-password#token=(\S+))", text_of(mail))
    assert link.group(1).startswith(settings.FRONTEND_URL)
    token = link.group(2)

    response = client.post(
        "/api/users/reset-password/",
        data={"token": token, "new_password": "Worker-Reset-2026"},
        content_type="application/json",
    )
    assert response.status_code == 200
    staff.refresh_from_db()
    assert staff.check_password("Worker-Reset-2026")
    assert client.get(f"/api/users/validate-reset-token/{token}/").json() == {"valid": False}

    notices = wait_for(
        lambda: (
            len(mails_to(mail_dir, "resetter@example.org")) == 2
            and mails_to(mail_dir, "resetter@example.org")
        ),
        what="the password-changed notice",
    )
    assert any("reset through an e-mailed link" in " ".join(text_of(mail).split()) for mail in notices)
