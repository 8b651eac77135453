"""Renewal through the payment desk (docs/members.md, Renewal): the member asks, staff confirm at
the desk, the next period follows; one transaction id confirms one payment across both kinds."""

import threading
from datetime import date, datetime, timedelta
from importlib import import_module
from zoneinfo import ZoneInfo

import pytest
from django.apps import apps
from django.db import connection, connections
from django.utils import timezone

from conftest import need
from services.core.models import PaymentClaim
from services.events.tests.factories import make_event
from services.members import renewals
from services.members.handlers import send_renewal_confirmed, send_renewal_requested
from services.members.models import Member, MembershipPeriod, Renewal
from services.members.verification import card_code_issue
from services.notifications.models import Notification
from services.notifications.parts import parts
from services.outbox.domain_event import event_from_payload
from services.outbox.models import OutboxMessage
from services.registrations.tests.helpers import decide, person, register

from .helpers import make_member
from .test_my_membership import approved, bearer, post, signed_in

RENEW = "/api/my-membership/renew/"
CONFIRM = "/api/management/renewals/{}/confirm/"
KIGALI = ZoneInfo("Africa/Kigali")
FEES = {"Individual": 10000, "Institutional": 50000}


@pytest.fixture(autouse=True)
def _fees(settings):
    settings.MEMBERSHIP_FEES = dict(FEES)


def _on(monkeypatch, day: date):
    """Time frozen at noon in Kigali on `day` (timezone.localdate follows timezone.now)."""
    moment = datetime(day.year, day.month, day.day, 12, tzinfo=KIGALI)
    monkeypatch.setattr(timezone, "now", lambda: moment)


def member_ending(i: int, end: date, **fields) -> Member:
    member = approved(i, **fields)
    card_code_issue(member)  # as an approval gives it
    member.save(update_fields=["verify_code_hash", "verify_code_sealed"])
    MembershipPeriod.objects.filter(member=member).update(end=end, start=end - timedelta(days=364))
    Member.objects.filter(pk=member.pk).update(membership_end=end)
    member.refresh_from_db()
    return member


def renew(client, access, **payload):
    body = {"membership_type": "Individual", "payment_method": "Mobile Money", **payload}
    return post(client, RENEW, body, **bearer(access))


def run(topic, handler):
    for message in OutboxMessage.objects.filter(topic=topic).order_by("pk"):
        handler(event_from_payload(message.topic, message.payload), message)
    OutboxMessage.objects.filter(topic=topic).delete()


END = date(2027, 3, 31)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("day", "opens"),
    [
        (END - timedelta(days=61), False),  # the day before E-60
        (END - timedelta(days=60), True),  # E-60
        (END, True),
        (END + timedelta(days=30), True),  # the last day of grace
        (END + timedelta(days=400), True),  # lapsed long ago
    ],
)
def test_renewal_opens_at_e_minus_60_and_stays_open(client, monkeypatch, day, opens):
    member = member_ending(1, END)
    _on(monkeypatch, day)
    access = signed_in(client, member)
    state = client.get(RENEW, **bearer(access)).json()
    assert state["open"] is opens
    assert state["opens_on"] == "2027-01-30"
    response = renew(client, access)
    if opens:
        assert response.status_code == 200, response.json()
        assert response.json()["amount"] == 10000
    else:
        assert response.status_code == 409
        body = response.json()
        assert body["code"] == "renewal_not_open"
        assert body["detail"] == "Renewal opens on 2027-01-30, 60 days before your membership ends."
        assert not Renewal.objects.exists()


@pytest.mark.django_db
def test_renew_answers_a_reference_the_amount_and_how_to_pay_and_e_mails_it(client, monkeypatch, settings):
    member = member_ending(1, END, language="fr")
    _on(monkeypatch, END - timedelta(days=10))
    access = signed_in(client, member)
    response = renew(client, access, payment_method="Bank Transfer")
    assert response.status_code == 200
    body = response.json()
    reference = body["reference"]
    assert len(reference) == 6 and reference.isalnum() and reference == reference.upper()
    assert (body["amount"], body["status"], body["payment_method"]) == (10000.0, "Pending", "Bank Transfer")
    assert reference in body["methods"]["Mobile Money"]
    assert settings.PAYMENT_DETAILS["bank_account"] in body["methods"]["Bank Transfer"]
    # Asking again answers the same pending renewal, updated.
    again = renew(client, access, membership_type="Individual", payment_method="Mobile Money").json()
    assert (again["id"], again["reference"], again["payment_method"]) == (
        body["id"],
        reference,
        "Mobile Money",
    )
    assert Renewal.objects.count() == 1
    assert client.get(RENEW, **bearer(access)).json()["pending"]["reference"] == reference
    # Each request (the first and the change) e-mails how to pay, in the member's language.
    run("renewal.requested", send_renewal_requested)
    mails = Notification.objects.filter(template="renewal_requested", recipient=member.email)
    assert mails.count() == 2
    assert {mail.language for mail in mails} == {"fr"}
    latest = mails.latest("pk").context
    assert latest["reference"] == reference
    assert latest["my_membership_link"] == f"{settings.FRONTEND_URL}/my-membership"
    # A double click sends nothing more.
    renew(client, access, payment_method="Mobile Money")
    assert not OutboxMessage.objects.filter(topic="renewal.requested").exists()


@pytest.mark.django_db
def test_no_fee_configured_is_refused_never_invented(client, monkeypatch, settings):
    settings.MEMBERSHIP_FEES = {"Individual": None, "Institutional": 50000}
    member = member_ending(1, END)
    _on(monkeypatch, END)
    access = signed_in(client, member)
    response = renew(client, access)
    assert response.status_code == 409
    body = response.json()
    assert body["code"] == "no_fee"
    assert "membership_type" in body["fields"]
    assert client.get(RENEW, **bearer(access)).json()["fees"][0] == {
        "membership_type": "Individual",
        "amount": None,
    }
    assert not Renewal.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"payment_method": "Cash"}, "payment_method"),
        ({"payment_method": ""}, "payment_method"),
        ({"membership_type": "Gold"}, "membership_type"),
        ({"membership_type": "Institutional"}, "membership_type"),  # needs a contact person: staff
        ({"membership_type": ["Individual"]}, "membership_type"),
    ],
)
def test_bad_renewal_input_answers_the_envelope(client, monkeypatch, payload, field):
    _on(monkeypatch, END)
    access = signed_in(client, member_ending(1, END))
    response = renew(client, access, **payload)
    assert response.status_code == 400
    assert response.json()["fields"][field]
    assert not Renewal.objects.exists()


@pytest.mark.django_db
def test_one_member_asking_to_renew_over_and_over_is_limited_and_another_member_is_not(client, monkeypatch):
    first, second = member_ending(1, END), member_ending(2, END)
    _on(monkeypatch, END - timedelta(days=10))
    access = signed_in(client, first)
    methods = ("Mobile Money", "Bank Transfer")
    answers = [renew(client, access, payment_method=methods[i % 2]).status_code for i in range(11)]
    assert answers == [200] * 10 + [429]
    refused = renew(client, access)
    assert refused.json()["code"] == "throttled"
    # The same client address, another member: their own count.
    assert renew(client, signed_in(client, second)).status_code == 200


@pytest.mark.django_db
def test_a_rejected_application_cannot_renew(client, monkeypatch):
    member = member_ending(1, END)
    _on(monkeypatch, END)
    access = signed_in(client, member)
    Member.objects.filter(pk=member.pk).update(approval_status=Member.Approval.REJECTED)
    # The session ends with the approval (401 envelope) ...
    response = renew(client, access)
    assert response.status_code == 401
    assert response.json()["code"]
    # ... and the rule holds in the service itself.
    member.refresh_from_db()
    with pytest.raises(renewals.Conflict) as refused:
        renewals.renewal_request(member=member, data={"payment_method": "Mobile Money"})
    assert refused.value.code == "not_a_member"
    assert not Renewal.objects.exists()


def _pending(client, monkeypatch, member, day):
    _on(monkeypatch, day)
    access = signed_in(client, member)
    return renew(client, access).json(), access


def confirm(staff_client, renewal_id, transaction_id="MP777", method="Mobile Money"):
    return staff_client.post(
        CONFIRM.format(renewal_id),
        data={"transaction_id": transaction_id, "payment_method": method},
        content_type="application/json",
    )


@pytest.mark.django_db
def test_confirming_adds_the_next_period_from_the_day_after_the_end(client, staff_client, staff, monkeypatch):
    member = member_ending(1, END)
    answer, access = _pending(client, monkeypatch, member, END - timedelta(days=20))
    response = confirm(staff_client, answer["id"])
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["status"] == "Confirmed"
    assert body["period"] == {"start": "2027-04-01", "end": "2028-03-31"}
    period = MembershipPeriod.objects.get(member=member, start=date(2027, 4, 1))
    assert (period.fee, period.payment_reference, period.transaction_id, period.payment_method) == (
        10000,
        answer["reference"],
        "MP777",
        "Mobile Money",
    )
    assert period.confirmed_by == staff and period.confirmed_at is not None
    member.refresh_from_db()
    assert member.membership_end == date(2028, 3, 31)
    # A double click answers the same; no second period.
    assert confirm(staff_client, answer["id"]).status_code == 200
    assert MembershipPeriod.objects.filter(member=member).count() == 2
    # The member sees the new end date.
    mine = client.get("/api/my-membership/", **bearer(access)).json()
    assert (mine["membership_end"], mine["standing"]) == ("2028-03-31", "Active")
    # The new card is e-mailed (PDF attached).
    run("renewal.confirmed", send_renewal_confirmed)
    mail = Notification.objects.get(template="renewal_confirmed", recipient=member.email)
    assert mail.context["end"] == "2028-03-31"
    attachment = parts(mail).attachments[0]
    assert attachment[0] == "membership-card.pdf" and attachment[1].startswith(b"%PDF")


@pytest.mark.django_db
def test_a_lapsed_membership_renews_from_today(client, staff_client, monkeypatch):
    member = member_ending(1, END)
    today = END + timedelta(days=45)
    answer, _access = _pending(client, monkeypatch, member, today)
    body = confirm(staff_client, answer["id"]).json()
    assert body["period"]["start"] == today.isoformat()
    member.refresh_from_db()
    assert member.membership_end == date(2028, 5, 14)


@pytest.mark.django_db
def test_in_grace_the_next_period_starts_the_day_after_the_end(client, staff_client, monkeypatch):
    member = member_ending(1, END)
    answer, _access = _pending(client, monkeypatch, member, END + timedelta(days=30))
    assert confirm(staff_client, answer["id"]).json()["period"]["start"] == "2027-04-01"


@pytest.mark.django_db
def test_confirm_form_rules_and_unknown_renewal(client, staff_client, monkeypatch):
    member = member_ending(1, END)
    answer, _access = _pending(client, monkeypatch, member, END)
    for payload, field in (
        ({"transaction_id": "  ", "payment_method": "Mobile Money"}, "transaction_id"),
        ({"transaction_id": "X" * 101, "payment_method": "Mobile Money"}, "transaction_id"),
        ({"transaction_id": "MP1", "payment_method": "Cash"}, "payment_method"),
    ):
        response = staff_client.post(
            CONFIRM.format(answer["id"]), data=payload, content_type="application/json"
        )
        assert response.status_code == 400
        assert field in response.json()["fields"]
    assert confirm(staff_client, 999999).status_code == 404
    assert Renewal.objects.get().status == "Pending"


@pytest.mark.django_db
def test_one_transaction_id_confirms_one_payment_across_both_kinds(client, staff_client, monkeypatch):
    event = make_event(price=2000)
    rid = register(client, event.pk, person(1)).json()["registration"]["id"]
    assert decide(staff_client, rid, "Approved", "MP123").status_code == 200
    from services.registrations.models import Registration

    reg_reference = Registration.objects.get(pk=rid).payment_reference
    member = member_ending(1, END)
    answer, _access = _pending(client, monkeypatch, member, END)
    refused = confirm(staff_client, answer["id"], "mp123")
    assert refused.status_code == 409
    message = f"This transaction ID is already recorded for another registration ({reg_reference})."
    assert refused.json()["fields"]["transaction_id"] == message
    assert refused.json()["detail"] == message
    assert Renewal.objects.get().status == "Pending"
    # And the other way round.
    assert confirm(staff_client, answer["id"], "MP900").status_code == 200
    rid2 = register(client, event.pk, person(2)).json()["registration"]["id"]
    client_reference = answer["reference"]
    back = decide(staff_client, rid2, "Approved", "mp900")
    assert back.status_code == 409
    assert back.json()["fields"]["transaction_id"] == (
        f"This transaction ID is already recorded for another registration ({client_reference})."
    )
    assert Registration.objects.get(pk=rid2).registration_status == "Pending"
    assert PaymentClaim.objects.count() == 2


def _at_once(actions: dict) -> dict[str, str]:
    """Run the actions in two threads released at the same moment; what each ended with."""
    barrier = threading.Barrier(len(actions))
    outcomes: dict[str, str] = {}

    def run_one(name):
        barrier.wait()
        try:
            actions[name]()
            outcomes[name] = "confirmed"
        except renewals.Conflict as exc:
            outcomes[name] = exc.code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run_one, args=(name,)) for name in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def _race_one_round(round_: int, staff) -> None:
    from services.registrations import decisions
    from services.registrations.models import Registration

    event = make_event(price=2000, title=f"Event {round_}")
    registration = Registration.objects.create(
        event=event,
        full_name=f"Person {round_}",
        email=f"p{round_}@example.org",
        phone=f"+2507800000{round_}",
        preferred_language="English",
        payment_reference=f"REG{round_}AB",
    )
    member = member_ending(round_ + 1, END)
    renewal = renewals.renewal_request(member=member, data={"payment_method": "Mobile Money"})
    data = {"transaction_id": f"RACE{round_}", "payment_method": "Mobile Money"}
    decision = {**data, "transaction_id": f"race{round_}", "registration_status": "Approved"}
    outcomes = _at_once(
        {
            "renewal": lambda: renewals.renewal_confirm(renewal_id=renewal.pk, data=data, by=staff),
            "registration": lambda: decisions.registration_decide(
                registration_id=registration.pk, data=decision, by=staff
            ),
        }
    )
    assert sorted(outcomes.values()) == ["confirmed", "duplicate_transaction"], outcomes
    renewal.refresh_from_db()
    registration.refresh_from_db()
    confirmed = [renewal.status == "Confirmed", registration.registration_status == "Approved"]
    assert confirmed.count(True) == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_transaction_id_at_the_same_moment_on_both_desks_confirms_one(monkeypatch):
    need(connection.vendor == "postgresql", "needs PostgreSQL (DATABASE_URL) for truly parallel writes")
    from services.accounts.tests.factories import make_user

    staff = make_user()
    _on(monkeypatch, END)
    for round_ in range(5):
        _race_one_round(round_, staff)
    assert PaymentClaim.objects.count() == 5


@pytest.mark.django_db(transaction=True)
def test_two_staff_confirming_one_renewal_at_once_add_one_period(monkeypatch):
    need(connection.vendor == "postgresql", "needs PostgreSQL (DATABASE_URL) for truly parallel writes")
    from services.accounts.tests.factories import make_user

    staff = make_user()
    _on(monkeypatch, END)
    member = member_ending(1, END)
    renewal = renewals.renewal_request(member=member, data={"payment_method": "Mobile Money"})
    barrier = threading.Barrier(2)
    errors = []

    def click():
        barrier.wait()
        try:
            renewals.renewal_confirm(
                renewal_id=renewal.pk,
                data={"transaction_id": "TWICE1", "payment_method": "Mobile Money"},
                by=staff,
            )
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=click) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert MembershipPeriod.objects.filter(member=member).count() == 2
    assert OutboxMessage.objects.filter(topic="renewal.confirmed").count() == 1


@pytest.mark.django_db
def test_the_data_migration_claims_earlier_transaction_ids(client, staff_client, monkeypatch):
    """A period confirmed before the claims table (its id claimed by the migration) refuses a
    registration with the same id."""
    member = member_ending(1, END)
    MembershipPeriod.objects.filter(member=member).update(transaction_id="OLD1")
    migration = import_module("services.members.migrations.0015_claim_period_transaction_ids")
    migration.claim(apps, None)
    assert PaymentClaim.objects.get().reference == "2026-0001"
    event = make_event(price=2000)
    rid = register(client, event.pk, person(1)).json()["registration"]["id"]
    refused = decide(staff_client, rid, "Approved", "old1")
    assert refused.status_code == 409
    assert "2026-0001" in refused.json()["fields"]["transaction_id"]


@pytest.mark.django_db
def test_free_seats_claim_no_transaction_id(client, staff_client):
    event = make_event(maximum_attendees=10)  # free
    ids = [register(client, event.pk, person(i)).json()["registration"]["id"] for i in range(2)]
    assert [decide(staff_client, rid, "Approved", "").status_code for rid in ids] == [200, 200]
    assert not PaymentClaim.objects.exists()


@pytest.mark.django_db
def test_a_member_session_reaches_neither_the_desk_nor_the_confirmation(client, monkeypatch):
    member = member_ending(1, END)
    answer, access = _pending(client, monkeypatch, member, END)
    for method, path in (
        ("get", "/api/management/payment-desk/"),
        ("post", CONFIRM.format(answer["id"])),
    ):
        response = getattr(client, method)(
            path,
            data={"transaction_id": "MP1", "payment_method": "Mobile Money"} if method == "post" else None,
            content_type="application/json",
            **bearer(access),
        )
        assert response.status_code in (401, 403), path
        assert response.json()["code"]
    assert Renewal.objects.get().status == "Pending"


@pytest.mark.django_db
def test_erasing_the_member_erases_their_renewals_and_its_e_mails(client, staff_client, monkeypatch):
    member = member_ending(1, END)
    _pending(client, monkeypatch, member, END)
    run("renewal.requested", send_renewal_requested)
    assert Notification.objects.filter(template="renewal_requested").exists()
    assert staff_client.delete(f"/api/management/members/{member.pk}/").status_code == 200
    assert not Renewal.objects.exists()
    assert not Notification.objects.filter(template="renewal_requested").exists()


@pytest.mark.django_db
def test_a_transaction_id_staff_recorded_at_approval_is_refused_at_the_desk(client, staff_client):
    member = make_member(5, transaction_id="APP77")
    assert staff_client.post(f"/api/management/members/{member.pk}/approve/").status_code == 200
    number = Member.objects.get(pk=member.pk).membership_number
    event = make_event(price=2000)
    rid = register(client, event.pk, person(1)).json()["registration"]["id"]
    refused = decide(staff_client, rid, "Approved", "app77")
    assert refused.status_code == 409
    assert number in refused.json()["fields"]["transaction_id"]
