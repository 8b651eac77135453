"""Renewal notices: 30 and 7 days before a period's end, on the end day and when grace ends, each
once per period and kind whatever runs the sweep; a sweep that was down sends only the latest
kind still meaningful; none about a renewed period. In the member's language, with the renewal
link; staff see which went out on the member; the queries of a batch do not grow with its
members."""

import email
from datetime import date, datetime, time, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from conftest import process_env
from services.core.tests.children import database, in_child, manage, released_together
from services.members.models import MembershipPeriod, RenewalNotice
from services.members.notices import end_ranges, notice_due, renewal_notices_send
from services.notifications.models import Notification
from services.notifications.services import notifications_sweep, render_email

from .helpers import make_member

E = date(2027, 3, 10)
HOUR = 9


def at(day: date, hour: int = HOUR, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


def days(n: int) -> date:
    return E + timedelta(days=n)


# --- The rule (pure) ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("now", "due"),
    [
        (at(days(-31)), None),
        (at(days(-30), 8, 59), None),  # the day, before the hour
        (at(days(-30)), "30_days"),
        (at(days(-8), 23, 59), "30_days"),
        (at(days(-7), 8, 59), "30_days"),
        (at(days(-7)), "7_days"),
        (at(days(-3)), "7_days"),  # catching up: never "in 30 days" three days before the end
        (at(days(0), 8, 59), "7_days"),
        (at(days(0)), "end_day"),
        (at(days(0), 23, 59), "end_day"),
        (at(days(1), 0, 0), None),  # "ends today" is past the day after
        (at(days(29)), None),
        (at(days(30), 8, 59), None),
        (at(days(30)), "grace_end"),
        (at(days(59), 23, 59), "grace_end"),  # a beat down for weeks still says it
        (at(days(60), 8, 59), "grace_end"),
        (at(days(60)), None),  # lapsed long ago: no e-mail out of the blue
        (at(days(400)), None),
    ],
)
def test_which_notice_is_due(now, due):
    assert notice_due(E, now, HOUR) == due


def test_the_databases_end_date_ranges_are_the_same_rule():
    for offset in range(-45, 75):
        for clock in ((0, 0), (8, 59), (9, 0), (23, 59)):
            now = at(days(offset), *clock)
            ranges = end_ranges(now, HOUR)
            for shift in range(-100, 100):
                end = E + timedelta(days=shift)
                in_db = [kind for kind, (first, last) in ranges.items() if first <= end <= last]
                due = notice_due(end, now, HOUR)
                assert in_db == ([due] if due else []), (now, end)


# --- The sweep ------------------------------------------------------------------------------


def member_ending(i: int, end: date, **fields):
    values = {"approval_status": "Approved", "membership_number": f"2026-{i:04d}", **fields}
    member = make_member(i, membership_end=end, **values)
    MembershipPeriod.objects.create(member=member, start=end - timedelta(days=364), end=end)
    return member


def notices() -> list[tuple[int, str]]:
    return sorted(RenewalNotice.objects.values_list("member_id", "kind"))


def mails() -> list[Notification]:
    return list(Notification.objects.filter(template="renewal_notice").order_by("pk"))


@pytest.mark.django_db
def test_each_notice_goes_once_however_often_the_sweep_runs():
    one, two = member_ending(1, E), member_ending(2, E)
    assert renewal_notices_send(now=at(days(-30), 8, 59)) == 0
    for kind, day in (("30_days", -30), ("7_days", -7), ("end_day", 0), ("grace_end", 30)):
        assert renewal_notices_send(now=at(days(day))) == 2, kind
        assert renewal_notices_send(now=at(days(day))) == 0  # run twice
        assert renewal_notices_send(now=at(days(day), 18)) == 0
    assert renewal_notices_send(now=at(days(45))) == 0
    kinds = ["30_days", "7_days", "end_day", "grace_end"]
    assert notices() == sorted((m.pk, kind) for m in (one, two) for kind in kinds)
    assert sorted((m.recipient, m.context["kind"]) for m in mails()) == sorted(
        (m.email, kind) for m in (one, two) for kind in kinds
    )


@pytest.mark.django_db
def test_a_sweep_that_was_down_sends_only_the_latest_notice_still_meaningful():
    member = member_ending(1, E)
    assert renewal_notices_send(now=at(days(-3))) == 1  # down since before E-30
    assert notices() == [(member.pk, "7_days")]
    assert renewal_notices_send(now=at(days(2))) == 0  # down on the end day: "today" is past
    assert renewal_notices_send(now=at(days(50))) == 1  # down through the end of grace
    assert notices() == [(member.pk, "7_days"), (member.pk, "grace_end")]
    long_lapsed = member_ending(2, E - timedelta(days=365))
    assert renewal_notices_send(now=at(days(50))) == 0
    assert RenewalNotice.objects.filter(member=long_lapsed).count() == 0


@pytest.mark.django_db
def test_no_notice_about_a_renewed_period_nor_to_someone_not_approved():
    renewed = member_ending(1, E)
    MembershipPeriod.objects.create(member=renewed, start=days(1), end=days(365))
    member_ending(2, E, approval_status="Rejected")
    member_ending(3, E, approval_status="Pending")
    for day in (-30, -7, 0, 30):
        assert renewal_notices_send(now=at(days(day))) == 0
    # The new period's own notices come in their time.
    assert renewal_notices_send(now=at(days(365 - 30))) == 1
    assert list(RenewalNotice.objects.values_list("period__end", "kind")) == [(days(365), "30_days")]


@pytest.mark.django_db
def test_a_renewal_between_two_notices_stops_the_rest():
    member = member_ending(1, E)
    assert renewal_notices_send(now=at(days(-30))) == 1
    MembershipPeriod.objects.create(member=member, start=days(1), end=days(365))
    assert renewal_notices_send(now=at(days(-7))) == 0
    assert notices() == [(member.pk, "30_days")]


@pytest.mark.parametrize(
    ("kind", "day", "subject"),
    [
        ("30_days", -30, "Your membership ends in 30 days"),
        ("7_days", -7, "Your membership ends in 7 days"),
        ("end_day", 0, "Your membership ends today"),
        ("grace_end", 30, "Your membership has lapsed"),
    ],
)
@pytest.mark.django_db
def test_each_notice_names_its_kind_and_links_to_renewal(kind, day, subject, settings):
    settings.FRONTEND_URL = "https://portal.example.rw"
    member_ending(1, E)
    assert renewal_notices_send(now=at(days(day))) == 1
    (notification,) = mails()
    assert (notification.context["kind"], notification.language) == (kind, "en")
    message = render_email(notification)
    assert message.subject == subject
    parsed = email.message_from_bytes(message.message().as_bytes())
    html = next(p for p in parsed.walk() if p.get_content_type() == "text/html").get_payload(decode=True)
    assert 'href="https://portal.example.rw/my-membership"' in html.decode()
    assert "https://portal.example.rw/my-membership" in message.body
    assert "2026-0001" in message.body


@pytest.mark.django_db
def test_the_notice_is_in_the_members_communication_language():
    member_ending(1, E, preferred_communication_language="French", language="en")
    # Not a language the e-mails are written in: the site's language they applied in.
    member_ending(2, E, preferred_communication_language="Rwandan Sign Language", language="sw")
    member_ending(3, E, preferred_communication_language="", language="rw")
    assert renewal_notices_send(now=at(days(-7))) == 3
    assert [(m.recipient, m.language) for m in mails()] == [
        ("m1@example.org", "fr"),
        ("m2@example.org", "sw"),
        ("m3@example.org", "rw"),
    ]
    message = render_email(mails()[0])
    assert message.extra_headers["Content-Language"] == "fr"
    assert "my-membership" in message.body


@pytest.mark.django_db
def test_a_worker_killed_mid_send_leaves_one_e_mail_that_the_sweep_sends_again_not_a_second_notice():
    member = member_ending(1, E)
    assert renewal_notices_send(now=at(days(-7))) == 1
    (notification,) = mails()
    Notification.objects.filter(pk=notification.pk).update(
        status=Notification.Status.SENDING, updated_at=timezone.now() - timedelta(minutes=30)
    )
    assert renewal_notices_send(now=at(days(-7), 10)) == 0
    assert notifications_sweep() == 1
    assert [(m.pk, m.status) for m in mails()] == [(notification.pk, Notification.Status.QUEUED)]
    assert notices() == [(member.pk, "7_days")]


@pytest.mark.django_db
def test_a_batch_costs_the_same_queries_for_10_or_100_members():
    def sweep(count: int, first: int, end: date) -> list[str]:
        for i in range(first, first + count):
            member_ending(i, end)
        with CaptureQueriesContext(connection) as queries:
            assert renewal_notices_send(now=at(days(-7)), batch=500) == count
        statements = [query["sql"] for query in queries]
        if connection.vendor == "sqlite":  # Django splits a bulk insert at 999 parameters there
            statements = [sql for sql in statements if not sql.startswith('INSERT INTO "notifications_notif')]
        return statements

    ten, hundred = sweep(10, 1, E), sweep(100, 100, E + timedelta(days=1))
    assert len(ten) == len(hundred) <= 8


@pytest.mark.django_db
def test_batches_take_every_member_in_the_end():
    for i in range(1, 8):
        member_ending(i, E)
    assert renewal_notices_send(now=at(days(-7)), batch=3) == 7
    assert RenewalNotice.objects.count() == 7


@pytest.mark.django_db
def test_staff_see_on_the_member_which_notices_went_out(staff_client, django_assert_num_queries):
    member = member_ending(1, E)
    other = member_ending(2, E + timedelta(days=60))
    renewal_notices_send(now=at(days(-30)))
    renewal_notices_send(now=at(days(-7)))
    detail = staff_client.get(f"/api/management/members/{member.pk}/").json()
    assert [n["kind"] for n in detail["renewal_notices"]] == ["30_days", "7_days"]
    assert detail["renewal_notices"][0]["sent_at"].startswith("2027-02-08")
    assert staff_client.get(f"/api/management/members/{other.pk}/").json()["renewal_notices"] == []
    # The list's rows stay one round trip (issue 26): the notices are the record's.
    with django_assert_num_queries(2):
        rows = staff_client.get("/api/management/members/").json()["results"]
    assert len(rows) == 2 and "renewal_notices" not in rows[0]


@pytest.mark.django_db
def test_erasing_a_member_erases_their_notices_and_e_mails(staff_client):
    member = member_ending(1, E)
    assert renewal_notices_send(now=at(days(-7))) == 1
    assert staff_client.delete(f"/api/management/members/{member.pk}/").status_code == 200
    assert (RenewalNotice.objects.count(), len(mails())) == (0, 0)


# --- Two sweeps at once, on PostgreSQL and SQLite ------------------------------------------

MEMBERS = 60

SETUP = """
import datetime
from services.members.models import Member, MembershipPeriod
end = datetime.date.today() + datetime.timedelta(days=3)
members = Member.objects.bulk_create([
    Member(full_name=f'M {i}', email=f'm{i}@example.org', phone=f'+25078{i:07d}', nationality='Rwandan',
           address='Kigali', membership_type='Individual', payment_method='Mobile Money',
           approval_status='Approved', membership_number=f'2026-{i:04d}', membership_end=end)
    for i in range(COUNT)
])
MembershipPeriod.objects.bulk_create([
    MembershipPeriod(member=m, start=end - datetime.timedelta(days=364), end=end) for m in members
])
print('ok')
""".replace("COUNT", str(MEMBERS))

SWEEP = """
import os
from services.members.notices import renewal_notices_send
print(renewal_notices_send(batch=int(os.environ['BATCH'])))
"""

COUNT = """
from services.notifications.models import Notification
from services.members.models import RenewalNotice
print(RenewalNotice.objects.count(), Notification.objects.filter(template='renewal_notice').count())
print(Notification.objects.filter(template='renewal_notice').values('recipient').distinct().count())
print(sorted(set(RenewalNotice.objects.values_list('kind', flat=True))))
"""


@pytest.mark.parametrize("engine", ["postgresql", "sqlite"])
def test_two_sweeps_at_once_send_each_notice_once(engine, tmp_path):
    data_dir = tmp_path / "data"
    data_dir.mkdir()
    with database(engine, tmp_path) as url:
        env = process_env(DATABASE_URL=url, DATA_DIR=str(data_dir), REDIS_URL="")
        manage(env, "migrate", "--noinput", "-v0")
        assert in_child(env, SETUP) == ["ok"]
        # batches that overlap differently
        sweeps = released_together(SWEEP, [{**env, "BATCH": "7"}, {**env, "BATCH": "25"}], tmp_path / "go")
        sent = [int(words[-1]) for words in sweeps]
        assert sum(sent) == MEMBERS
        words = in_child(env, COUNT)
        assert [int(word) for word in words[:3]] == [MEMBERS, MEMBERS, MEMBERS]
        assert words[3:] == ["['7_days']"]
