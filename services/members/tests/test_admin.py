"""The members admin (staff only): list, filters, edits, decisions, numbers, erasure, retention."""

import csv
import io
import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.members import services
from services.members.models import Member
from services.members.selectors import MEMBER_TOTALS
from services.notifications.models import Notification
from services.outbox.models import OutboxMessage
from services.registrations.tests.helpers import deliver_all

from .helpers import APPLICATION, apply, make_member

MEMBERS = "/api/management/members/"


@pytest.mark.django_db
def test_the_list_pages_searches_and_filters_in_the_database(staff_client):
    for i in range(23):
        make_member(
            i,
            approval_status="Approved" if i % 3 == 0 else "Pending",
            is_active_member=i % 2 == 0,
            membership_type="Institutional" if i % 5 == 0 else "Individual",
        )
    make_member(99, full_name="Aline Uwase", email="ALINE@example.org")
    body = staff_client.get(MEMBERS).json()
    assert (body["count"], body["page_size"], body["total_pages"], len(body["results"])) == (24, 10, 3, 10)
    assert [m["full_name"] for m in staff_client.get(MEMBERS, {"search": "aline"}).json()["results"]] == [
        "Aline Uwase"
    ]
    assert staff_client.get(MEMBERS, {"search": "aline@EXAMPLE"}).json()["count"] == 1
    approved = staff_client.get(f"{MEMBERS}?approval_status=Approved").json()
    assert approved["count"] == 8
    both = staff_client.get(f"{MEMBERS}?approval_status=Approved&approval_status=Pending").json()
    assert both["count"] == 24
    # A search with a status: the matches of that status only (1 and 10-19 but 12, 15 and 18).
    pending = staff_client.get(MEMBERS, {"search": "member 1", "approval_status": "Pending"}).json()
    assert pending["count"] == 8 and {m["approval_status"] for m in pending["results"]} == {"Pending"}
    institutional_active = staff_client.get(f"{MEMBERS}?membership_type=Institutional&active=true").json()
    assert {m["membership_type"] for m in institutional_active["results"]} == {"Institutional"}
    assert all(m["is_active_member"] for m in institutional_active["results"])
    assert staff_client.get(f"{MEMBERS}?approval_status=Maybe").status_code == 400


@pytest.mark.django_db
def test_the_list_shows_each_member_as_the_member_page_does(staff_client):
    """The list's rows are built from the database's values without a second validation: the
    same answer as one member's page, whatever the member holds."""
    make_member(1)
    make_member(2, gender="Non-binary", areas_of_interest=["Medical"], membership_number="2026-0007")
    make_member(
        3, membership_type="Institutional", gender="", date_of_birth=None, contact_person_name="A. B."
    )
    services.member_decide(member_id=make_member(4).pk, status=Member.Approval.APPROVED)
    for query in ({}, {"search": "member", "approval_status": "Approved"}):
        rows = staff_client.get(MEMBERS, query).json()["results"]
        assert rows
        for row in rows:
            page = staff_client.get(f"{MEMBERS}{row['id']}/").json()
            assert page.pop("renewal_notices") == []  # the member's record only
            assert row == page


@pytest.mark.django_db
def test_the_search_and_filters_cost_the_same_queries_for_3_or_300_members(
    staff_client, django_assert_num_queries
):
    for size in (3, 300):
        for i in range(Member.objects.count(), size):
            make_member(i)
        # The token's user, then the page with the count of all it matched (one statement).
        with django_assert_num_queries(2):
            body = staff_client.get(MEMBERS, {"search": "member 1", "approval_status": "Pending"}).json()
        assert body["count"] == Member.objects.filter(full_name__icontains="member 1").count()


@pytest.mark.django_db
def test_the_total_stays_exact_on_every_page_past_the_end_and_when_nothing_matches(
    staff_client, django_assert_num_queries
):
    now = timezone.now()
    for i in range(23):  # the newest first is not the order of the ids
        Member.objects.filter(pk=make_member(i).pk).update(created_at=now - timedelta(minutes=i))
    newest_first = [m.pk for m in Member.objects.order_by("-created_at", "-pk")]
    for number, rows in ((1, 10), (3, 3)):
        with django_assert_num_queries(2):
            body = staff_client.get(MEMBERS, {"page": number}).json()
        shown = (body["count"], body["page"], body["total_pages"], len(body["results"]))
        assert shown == (23, number, 3, rows)
        assert [m["id"] for m in body["results"]] == newest_first[(number - 1) * 10 : number * 10]
    # Past the end: counted again, then the last page.
    past = staff_client.get(MEMBERS, {"page": 9}).json()
    assert (past["count"], past["page"], len(past["results"])) == (23, 3, 3)
    assert past["results"] == staff_client.get(MEMBERS, {"page": 3}).json()["results"]
    with django_assert_num_queries(2):  # an empty first page is the whole answer: none
        none = staff_client.get(MEMBERS, {"search": "nobody at all"}).json()
    assert (none["count"], none["page"], none["total_pages"], none["results"]) == (0, 1, 1, [])
    # A page number no database offset can hold is past the end too, not a server error.
    far = staff_client.get(MEMBERS, {"page": 10**22})
    assert far.status_code == 200
    assert (far.json()["page"], far.json()["results"]) == (3, past["results"])


@pytest.mark.django_db
def test_the_total_is_kept_a_few_seconds_and_a_write_here_counts_at_once(staff_client, monkeypatch):
    from services.core import prepared

    for i in range(3):
        make_member(i)
    pending = {"approval_status": "Pending"}
    assert staff_client.get(MEMBERS, pending).json()["count"] == 3
    # Staff add one through this process: the next list counts it.
    make_member(3)
    assert staff_client.get(MEMBERS, pending).json()["count"] == 4
    # A change this process does not hear of (another process's, a bulk update): the rows show it
    # at once, the total within the seconds it is kept.
    Member.objects.filter(pk=Member.objects.order_by("pk").first().pk).update(approval_status="Approved")
    body = staff_client.get(MEMBERS, pending).json()
    assert (len(body["results"]), body["count"]) == (3, 4)
    later = prepared.monotonic() + MEMBER_TOTALS.seconds + 1
    monkeypatch.setattr(prepared, "monotonic", lambda: later)
    assert staff_client.get(MEMBERS, pending).json()["count"] == 3


@pytest.mark.django_db
def test_the_query_count_does_not_grow_with_the_page(staff_client):
    def queries():
        with CaptureQueriesContext(connection) as captured:
            assert staff_client.get(MEMBERS, {"page_size": 50}).status_code == 200
        return len(captured)

    make_member(1)
    few = queries()
    for i in range(2, 40):
        make_member(i)
    assert queries() == few


@pytest.mark.django_db
def test_approval_assigns_a_sequential_number_per_year_and_activates(client, staff_client):
    ids = [
        apply(client, {**APPLICATION, "email": f"a{i}@example.org"}).json()["member"]["id"] for i in range(3)
    ]
    numbers = [staff_client.post(f"{MEMBERS}{i}/approve/").json()["membership_number"] for i in ids]
    year = timezone.localdate().year
    assert numbers == [f"{year}-0001", f"{year}-0002", f"{year}-0003"]
    member = staff_client.get(f"{MEMBERS}{ids[0]}/").json()
    assert (member["approval_status"], member["is_active_member"]) == ("Approved", True)
    again = staff_client.post(f"{MEMBERS}{ids[0]}/approve/")
    assert (again.status_code, again.json()["code"]) == (409, "invalid_transition")
    rejected = staff_client.post(f"{MEMBERS}{ids[1]}/reject/").json()
    assert (rejected["approval_status"], rejected["is_active_member"]) == ("Rejected", False)
    toggled = staff_client.post(f"{MEMBERS}{ids[2]}/toggle-active/").json()
    assert toggled["is_active_member"] is False
    approved = staff_client.get("/api/management/approved-members/").json()
    assert [m["id"] for m in approved] == [ids[0], ids[2]]  # by name, then as they came


@pytest.mark.django_db(transaction=True)
def test_membership_numbers_stay_unique_under_concurrent_approvals():
    members = [make_member(i) for i in range(12)]
    errors = []

    def approve(member_id):
        try:
            services.member_decide(member_id=member_id, status=Member.Approval.APPROVED)
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=approve, args=(m.pk,)) for m in members]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    numbers = sorted(Member.objects.values_list("membership_number", flat=True))
    year = timezone.localdate().year
    assert numbers == [f"{year}-{n:04d}" for n in range(1, 13)]


@pytest.mark.django_db
def test_an_edit_keeps_empty_fields_and_publishes_approval_changes(client, staff_client):
    member_id = apply(client).json()["member"]["id"]
    response = staff_client.put(
        f"{MEMBERS}{member_id}/",
        data={
            "id": member_id,
            "full_name": "",
            "address": "KG 1 Ave, Kigali",
            "areas_of_interest": [],
            "approval_status": "Approved",
            "is_active_member": True,
        },
        content_type="application/json",
    )
    assert response.status_code == 200
    member = response.json()
    assert member["full_name"] == APPLICATION["full_name"]  # left empty: kept
    assert member["address"] == "KG 1 Ave, Kigali"
    assert member["areas_of_interest"] == ["Advocacy", "Training"]
    assert member["membership_number"]
    assert OutboxMessage.objects.filter(topic="member.approved").count() == 1
    taken = make_member(5)
    clash = staff_client.put(
        f"{MEMBERS}{member_id}/", data={"email": taken.email}, content_type="application/json"
    )
    assert (clash.status_code, list(clash.json()["fields"])) == (409, ["email"])


@pytest.mark.django_db
def test_each_decision_sends_one_email(client, staff_client):
    member_id = apply(client).json()["member"]["id"]
    staff_client.post(f"{MEMBERS}{member_id}/approve/")
    deliver_all()
    deliver_all()
    templates = sorted(Notification.objects.values_list("template", flat=True))
    assert templates == ["member_applied", "member_approved", "member_notice"]
    from services.notifications.services import render_email

    welcome = render_email(Notification.objects.get(template="member_approved"))
    number = Member.objects.get().membership_number
    assert number in welcome.subject and number in welcome.body
    acknowledgement = render_email(Notification.objects.get(template="member_applied"))
    assert "10,000 Rwf" in acknowledgement.body


@pytest.mark.django_db
def test_deleting_a_member_erases_their_personal_data_everywhere(client, staff_client):
    member_id = apply(client).json()["member"]["id"]
    deliver_all()
    assert Notification.objects.filter(context__name=APPLICATION["full_name"]).count() == 2
    response = staff_client.delete(f"{MEMBERS}{member_id}/")
    assert response.json() == {"message": "Member deleted successfully"}
    assert not Member.objects.exists()
    assert not Notification.objects.filter(context__name=APPLICATION["full_name"]).exists()
    assert not Notification.objects.filter(recipient__iexact=APPLICATION["email"]).exists()
    # The outbox keeps its own rows: they name only the member's id, which now points at nobody.
    assert list(OutboxMessage.objects.values_list("topic", "payload")) == [
        ("member.applied", {"member_id": member_id}),
        ("member.erased", {"member_id": member_id}),
    ]


@pytest.mark.django_db
def test_rejected_applications_are_erased_after_the_retention(settings):
    settings.MEMBER_REJECTED_RETENTION_DAYS = 180
    old = make_member(1, approval_status="Rejected", rejected_at=timezone.now() - timedelta(days=181))
    recent = make_member(2, approval_status="Rejected", rejected_at=timezone.now() - timedelta(days=10))
    kept = make_member(3, approval_status="Approved")
    assert services.rejected_purge() == 1
    assert set(Member.objects.values_list("pk", flat=True)) == {recent.pk, kept.pk}
    assert not Member.objects.filter(pk=old.pk).exists()


@pytest.mark.django_db
def test_the_export_is_the_filtered_list(staff_client):
    make_member(1, full_name="=cmd()", approval_status="Approved")
    make_member(2, full_name="Pending person")
    response = staff_client.get(f"{MEMBERS}export/?approval_status=Approved")
    assert response["Content-Disposition"] == 'attachment; filename="members.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [row[1] for row in rows[1:]] == ["'=cmd()"]


@pytest.mark.django_db
def test_staff_create_needs_staff(staff_client):
    anonymous = staff_client.post(
        MEMBERS, data=APPLICATION, content_type="application/json", HTTP_AUTHORIZATION=""
    )
    assert anonymous.status_code == 401
    assert staff_client.post(MEMBERS, data=APPLICATION, content_type="application/json").status_code == 201


@pytest.mark.django_db
def test_staff_record_the_payment_when_they_enter_or_edit_an_application(staff_client):
    created = staff_client.post(
        MEMBERS, data={**APPLICATION, "transaction_id": "MP2611-0001"}, content_type="application/json"
    )
    assert (created.status_code, created.json()["transaction_id"]) == (201, "MP2611-0001")
    edited = staff_client.put(
        f"{MEMBERS}{created.json()['id']}/",
        data={"transaction_id": "MP2611-0002"},
        content_type="application/json",
    )
    assert edited.json()["transaction_id"] == "MP2611-0002"
    assert Member.objects.get().transaction_id == "MP2611-0002"


@pytest.mark.django_db
def test_the_statuses_staff_read_are_in_their_language(staff_client):
    member = make_member(1, full_name="Aline Uwase", approval_status="Approved", membership_type="Individual")
    english = staff_client.post(f"{MEMBERS}{member.pk}/approve/")
    assert english.json()["detail"] == "This member is already Approved."
    french = staff_client.post(f"{MEMBERS}{member.pk}/approve/", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.json()["detail"] == "Ce membre est déjà Approuvé."
    exported = staff_client.get(f"{MEMBERS}export/", HTTP_ACCEPT_LANGUAGE="rw").content.decode("utf-8-sig")
    _header, row = list(csv.reader(io.StringIO(exported)))
    assert (row[4], row[5]) == ("Umuntu ku giti cye", "Byemejwe")  # Membership type, Approval
    exported = staff_client.get(f"{MEMBERS}export/").content.decode("utf-8-sig")
    assert list(csv.reader(io.StringIO(exported)))[1][4:6] == ["Individual", "Approved"]
