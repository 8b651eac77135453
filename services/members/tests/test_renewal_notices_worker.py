"""The renewal notice through a real `celery worker`: the beat's task sent twice at once, one
e-mail in the member's mailbox, in their language, with the link to renew."""

import time as clock
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from conftest import mails_to, wait_for
from services.members.models import RenewalNotice
from services.members.tasks import send_renewal_notices
from services.notifications.models import Notification

from .test_renewal_notices import member_ending

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_the_beat_task_run_twice_at_once_sends_one_notice(celery_worker, mail_dir):
    # Ends in 3 days: the 7-day point passed 4 days ago, and the 30-day one is stale.
    member = member_ending(
        1, timezone.localdate() + timedelta(days=3), preferred_communication_language="French"
    )
    for _beat in range(2):
        send_renewal_notices.delay()
    mail = wait_for(lambda: next(iter(mails_to(mail_dir, member.email)), None), what="the notice")
    clock.sleep(2)  # the second task had its chance
    assert len(mails_to(mail_dir, member.email)) == 1
    assert list(RenewalNotice.objects.values_list("member_id", "kind")) == [(member.pk, "7_days")]
    assert Notification.objects.filter(template="renewal_notice").count() == 1
    assert mail["Content-Language"] == "fr"
    assert f"{settings.FRONTEND_URL}/my-membership" in mail.get_body(preferencelist=("plain",)).get_content()
