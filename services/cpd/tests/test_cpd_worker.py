"""CPD crediting with a real worker (docs/members.md, CPD hours and certificates): an event set
to Completed credits its checked-in members through the worker, the hourly sweep run twice at once
beside it adds nothing, and each member gets exactly one certificate e-mail, with the PDF."""

import threading

import pytest
from django.db import connection

from conftest import broker_backlog, drain, mails_to, process_env, wait_for
from services.cpd.crediting import cpd_sweep
from services.members.models import CpdCredit
from services.members.tests.test_my_membership import approved

from .test_cpd import attendee, complete, cpd_event

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_worker_credits_once_and_e_mails_one_certificate_each(staff_client, celery_worker, mail_dir):
    members = [approved(i, email=f"Cpd.Member{i}@Example.org") for i in range(1, 4)]
    event = cpd_event()
    for i, member in enumerate(members, start=1):
        attendee(event, i, member.email.lower())
    complete(staff_client, event)

    # The sweep twice at once, racing the worker's handler: the unique key decides.
    def sweep():
        try:
            cpd_sweep()
        finally:
            connection.close()

    threads = [threading.Thread(target=sweep) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wait_for(lambda: CpdCredit.objects.count() == 3, what="three credits")
    drain(celery_worker.log, queued=broker_backlog(process_env()))
    for member in members:
        wait_for(lambda member=member: mails_to(mail_dir, member.email), what=f"a mail to {member.email}")
    drain(celery_worker.log, queued=broker_backlog(process_env()))
    assert CpdCredit.objects.filter(event_id=event.pk).count() == 3
    for member in members:
        mails = mails_to(mail_dir, member.email)
        assert len(mails) == 1, member.email
        attachments = [part.get_filename() for part in mails[0].iter_attachments()]
        assert attachments == ["cpd-certificate.pdf"]
