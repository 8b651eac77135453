from decimal import Decimal

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from services.events.models import Event
from services.members.models import CpdCredit


@pytest.mark.django_db
def test_seed_demo_is_idempotent_and_covers_every_event_status(client):
    call_command("seed_demo", force=True)
    call_command("seed_demo", force=True)
    user = get_user_model().objects.get(username="admin")
    assert user.is_staff and user.check_password("portal-demo-2026")
    assert Event.objects.count() == 9
    assert set(Event.objects.values_list("status", flat=True)) == {
        "Draft",
        "Published",
        "Completed",
        "Cancelled",
    }
    assert Event.objects.filter(status="Published", price__isnull=True).exists()  # a free one
    login = client.post(
        "/api/users/login/",
        data={"username": "admin", "password": "portal-demo-2026"},
        content_type="application/json",
    )
    assert login.status_code == 200
    assert len(client.get("/api/management/public-events/").json()) == 3
    workshop = Event.objects.get(title="Legal Interpreting Workshop")
    assert workshop.registrations.count() == 23  # once, however often it runs (2 ended apart)
    public = client.get(f"/api/management/public-events/{workshop.pk}/").json()
    assert (public["total_registrations_count"], public["open_seats"]) == (20, 5)
    from services.members.models import Member

    assert set(Member.objects.values_list("approval_status", flat=True)) == {
        "Pending",
        "Approved",
        "Rejected",
    }
    assert Member.objects.filter(membership_number__isnull=False).count() == 4 + 21
    # Each approved member has a period, and the members page shows every standing at once.
    from django.utils import timezone

    from services.members.standing import member_standing

    today = timezone.localdate()
    approved = Member.objects.filter(approval_status="Approved")
    assert approved.count() == approved.filter(periods__isnull=False).distinct().count()
    standings = {member_standing(m.approval_status, m.membership_end, today) for m in approved}
    assert standings == {"Active", "Expiring", "Grace", "Lapsed"}


@pytest.mark.django_db
def test_seed_demo_fills_every_report():
    from services.dashboard import selectors

    call_command("seed_demo", force=True)
    call_command("seed_demo", force=True)
    attendance = selectors.attendance_report(period="year")
    assert attendance["count"] == 4  # the four past events, the AGM among them
    assert 0 < attendance["totals"]["members"] < attendance["totals"]["total_attendees"]
    # The most recent one was checked in at its door (two confirmed people did not come, seeded
    # once however often the command runs); the others were held before check-in.
    masterclass = attendance["rows"][0]
    assert masterclass["event_name"] == "Medical Interpreting Masterclass"
    assert masterclass["counted_from"] == "check_ins"
    assert (masterclass["total_attendees"], masterclass["members"]) == (7, 5)
    # The members checked in there hold its CPD hours, once however often the command runs.
    credits = CpdCredit.objects.filter(title="Medical Interpreting Masterclass")
    assert sorted(credits.values_list("hours", flat=True)) == [Decimal("3.5")] * 5
    assert attendance["totals"]["events_from_confirmed_seats"] == 3
    activities = selectors.activity_report(period="year")
    kinds = {row["kind"] for row in activities["rows"]}
    assert {"member_joined", "member_renewed", "registration_approved"} <= kinds
    assert any(row["decided_by"] == "Demo Administrator" for row in activities["rows"])
    refused = selectors.activity_report(period="year", search="Yves Kayitare")["rows"]
    assert (refused[0]["kind"], refused[0]["decided_by"]) == ("member_rejected", "Demo Administrator")
    growth = selectors.growth_report(period="year")
    assert sum(1 for row in growth["rows"] if row["new_members"]) >= 6  # joins spread over months
    assert growth["totals"]["renewals"] >= 3
    assert 0 < growth["totals"]["retention_rate"] < 100


@pytest.mark.django_db
def test_seed_demo_refuses_a_production_database(settings):
    from django.core.management.base import CommandError

    settings.DEBUG = False
    settings.EMBEDDED = False
    with pytest.raises(CommandError):
        call_command("seed_demo")
