"""The audit trail of staff accounts, as the staff read it in the activity list: who signed in or out,
who failed or was locked out (with the username typed, masked in the list), password changes and
resets, edits of an account; never a password, a token, a reset link or a hash."""

import hashlib

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from services.accounts.handlers import send_password_reset_link
from services.audit.models import Entry
from services.notifications.models import Notification
from services.notifications.services import notification_send
from services.outbox.domain_event import event_from_payload
from services.outbox.models import OutboxMessage

from .factories import PASSWORD, make_user

ACTIVITY = "/api/management/activity/"
LOGIN = "/api/users/login/"
LOGOUT = "/api/users/logout/"
REFRESH = "/api/users/token/refresh/"
CHANGE = "/api/users/change-password/"
RESET_REQUEST = "/api/users/request-password-reset/"
RESET = "/api/users/reset-password/"
ADDRESS = "10.20.30.40"
MASK = "•••"


def post(client, path, payload, **extra):
    return client.post(path, data=payload, content_type="application/json", REMOTE_ADDR=ADDRESS, **extra)


@pytest.fixture
def reader(db):
    """Another staff user reading the activity list (signing out ends every session of the user)."""
    from services.accounts.tokens import token_pair_issue

    auditor = make_user("auditor")
    return Client(HTTP_AUTHORIZATION=f"Bearer {token_pair_issue(user=auditor).access}")


def activity(reader, **filters) -> list[dict]:
    response = reader.get(ACTIVITY, filters)
    assert response.status_code == 200
    return response.json()["results"]


def the_entry(reader, action: str, **filters) -> dict:
    [entry] = activity(reader, action=action, **filters)
    return entry


def of_account(user) -> dict:
    return {"object_type": "staff_account", "object_id": user.pk}


def actor(user) -> dict:
    return {"id": user.pk, "username": user.username, "name": user.get_full_name()}


def sign_in(client, username, password=PASSWORD):
    return post(client, LOGIN, {"username": username, "password": password})


def emailed_reset_token(settings, user) -> str:
    """The token of the link e-mailed to `user`, as the worker would send it."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    for message in OutboxMessage.objects.filter(topic="password_reset.requested"):
        send_password_reset_link(event_from_payload(message.topic, message.payload), message)
    notification = Notification.objects.filter(template="password_reset", recipient=user.email).latest("pk")
    notification_send(notification_id=notification.pk)
    body = mail.outbox[-1].body
    return body.split("#token=", 1)[1].split()[0]


@pytest.mark.django_db
def test_a_sign_in_is_the_staff_users_own_with_their_address(reader, staff):
    assert sign_in(Client(), staff.username).status_code == 200

    entry = the_entry(reader, "auth.signed_in", **of_account(staff))
    assert entry["actor"] == actor(staff)
    assert entry["client_ip"] == ADDRESS
    assert entry["object_label"] == staff.username
    assert entry["changes"] == {}


@pytest.mark.django_db
def test_a_sign_out_is_recorded_and_a_token_refresh_is_not(reader, staff):
    visitor = Client()
    tokens = sign_in(visitor, staff.username).json()
    before = Entry.objects.count()
    refreshed = post(visitor, REFRESH, {"refresh": tokens["refresh"]})
    assert refreshed.status_code == 200
    assert Entry.objects.count() == before  # a refresh is no action

    assert post(visitor, LOGOUT, {"refresh": refreshed.json()["refresh"]}).status_code == 200
    entry = the_entry(reader, "auth.signed_out", **of_account(staff))
    assert entry["actor"] == actor(staff)
    assert entry["client_ip"] == ADDRESS
    # Signing out an ended session again ends nothing: nothing more recorded.
    post(visitor, LOGOUT, {"refresh": refreshed.json()["refresh"]})
    assert len(activity(reader, action="auth.signed_out")) == 1
    assert activity(reader, action="auth.token_refreshed") == []


@pytest.mark.django_db
def test_a_wrong_password_is_a_visitors_failed_sign_in_on_the_account(reader, staff):
    assert sign_in(Client(), staff.username, "Not-The-Password-1").status_code == 401

    entry = the_entry(reader, "auth.sign_in_failed", **of_account(staff))
    assert entry["actor"] == "visitor"
    assert entry["client_ip"] == ADDRESS
    # The account's History tab shows the username typed; the list across records masks it.
    assert entry["changes"] == {"username": {"before": None, "after": staff.username}}
    [listed] = activity(reader, action="auth.sign_in_failed")
    assert listed["changes"] == {"username": {"before": None, "after": MASK}}


@pytest.mark.django_db
def test_an_unknown_username_names_no_account_and_is_masked(reader):
    typed = "Correct-Horse-42-typed-in-the-wrong-box"
    assert sign_in(Client(), typed, "whatever").status_code == 401

    entry = the_entry(reader, "auth.sign_in_failed")
    assert entry["actor"] == "visitor"
    assert entry["client_ip"] == ADDRESS
    assert (entry["object_type"], entry["object_id"], entry["object_label"]) == ("staff_account", None, "")
    assert entry["changes"] == {"username": {"before": None, "after": MASK}}
    assert Entry.objects.get(verb="auth.sign_in_failed").changes == {"username": [None, typed]}


@pytest.mark.django_db
def test_a_right_password_of_a_non_staff_account_is_a_failed_sign_in(reader):
    member = make_user("member", staff=False)
    assert sign_in(Client(), member.username).status_code == 401

    entry = the_entry(reader, "auth.sign_in_failed", **of_account(member))
    assert entry["actor"] == "visitor"
    assert activity(reader, action="auth.signed_in", **of_account(member)) == []


@pytest.mark.django_db
def test_the_lockout_is_recorded_when_decided_and_for_each_attempt_refused_meanwhile(reader, staff):
    visitor = Client()
    answers = [sign_in(visitor, staff.username, f"guess-{n}").status_code for n in range(5)]
    assert answers == [401, 401, 401, 401, 429]

    failed = activity(reader, action="auth.sign_in_failed", **of_account(staff))
    [locked] = activity(reader, action="auth.locked_out", **of_account(staff))
    assert len(failed) == 4
    assert locked["actor"] == "visitor"
    assert locked["client_ip"] == ADDRESS
    assert locked["changes"] == {"username": {"before": None, "after": staff.username}}

    assert sign_in(visitor, staff.username).status_code == 429  # even the right password
    assert len(activity(reader, action="auth.locked_out", **of_account(staff))) == 2
    assert activity(reader, action="auth.signed_in", **of_account(staff)) == []


@pytest.mark.django_db
def test_a_password_change_is_the_users_own(reader, staff_client, staff):
    response = post(staff_client, CHANGE, {"current_password": PASSWORD, "new_password": "Fresh-Password-99"})
    assert response.status_code == 200

    entry = the_entry(reader, "auth.password_changed", **of_account(staff))
    assert entry["actor"] == actor(staff)
    assert entry["client_ip"] == ADDRESS
    assert entry["changes"] == {}
    # The hash changed on the user row, yet no edit of the account is recorded for it.
    assert activity(reader, action="staff_account.updated", **of_account(staff)) == []


@pytest.mark.django_db
def test_a_reset_request_is_a_visitors_with_the_address_typed_masked(reader, staff):
    assert post(Client(), RESET_REQUEST, {"email": "Someone@Example.org"}).status_code == 200

    entry = the_entry(reader, "auth.password_reset_requested")
    assert entry["actor"] == "visitor"
    assert entry["client_ip"] == ADDRESS
    # No account named: the request does the same work for any address (the worker finds the user).
    assert (entry["object_type"], entry["object_id"]) == ("staff_account", None)
    assert entry["changes"] == {"email": {"before": None, "after": MASK}}


@pytest.mark.django_db
def test_a_reset_by_the_emailed_link_is_recorded_on_the_account(reader, staff, settings):
    visitor = Client()
    post(visitor, RESET_REQUEST, {"email": staff.email})
    token = emailed_reset_token(settings, staff)
    assert post(visitor, RESET, {"token": token, "new_password": "Reset-Password-77"}).status_code == 200

    entry = the_entry(reader, "auth.password_reset", **of_account(staff))
    assert entry["actor"] == "visitor"
    assert entry["client_ip"] == ADDRESS
    assert entry["object_label"] == staff.username
    assert entry["changes"] == {}


def admin_client(username="admin") -> tuple[Client, object]:
    admin = make_user(username)
    # Made a superuser behind the trail's back: the edits under test are the only ones recorded.
    get_user_model().objects.filter(pk=admin.pk).update(is_superuser=True)
    browser = Client(REMOTE_ADDR=ADDRESS)
    browser.force_login(admin)
    return browser, admin


def user_form(user, **changed) -> dict:
    """Django's admin form of a user, as it comes filled in, with `changed` typed over it."""
    return {
        "username": user.username,
        "first_name": user.first_name,
        "last_name": user.last_name,
        "email": user.email,
        "is_active": "on",
        "is_staff": "on",
        "date_joined_0": user.date_joined.strftime("%Y-%m-%d"),
        "date_joined_1": user.date_joined.strftime("%H:%M:%S"),
        **changed,
    }


PROFILE_FORM = {
    "role": "Coordinator",
    "phone": "+250788000111",
    "preferred_language": "English",
    "date_of_birth": "",
    "occupation": "",
    "organization": "",
    "experience_years": "3",
    "preferred_communication_language": "",
    "skills": "",
    "areas_of_interest": "[]",
    "certifications": "",
    "session_version": "7",
}


@pytest.mark.django_db
def test_an_edit_of_a_staff_profile_is_an_update_of_the_account(reader, staff):
    from services.accounts.models import StaffProfile

    profile = StaffProfile.objects.create(user=staff, phone="+250788000000")
    browser, admin = admin_client()
    response = browser.post(
        f"/admin/accounts/staffprofile/{profile.pk}/change/", {"user": staff.pk, **PROFILE_FORM}
    )
    assert response.status_code == 302, response.content[:2000]

    [entry, created] = activity(reader, **of_account(staff))[:2]
    assert created["action"] == "staff_account.created"
    assert entry["action"] == "staff_account.updated"
    assert entry["actor"] == actor(admin)
    assert entry["client_ip"] == ADDRESS
    assert entry["object_label"] == staff.username
    # The session counter is no edit (it moves on every sign-out).
    assert entry["changes"] == {
        "role": {"before": "Administrator", "after": "Coordinator"},
        "phone": {"before": "+250788000000", "after": "+250788000111"},
        "preferred_language": {"before": "", "after": "English"},
        "experience_years": {"before": 0, "after": 3},
    }


@pytest.mark.django_db
def test_an_edit_of_a_staff_user_is_an_update_of_the_account(reader, staff):
    browser, admin = admin_client()
    response = browser.post(f"/admin/auth/user/{staff.pk}/change/", user_form(staff, last_name="Uwase"))
    assert response.status_code == 302, response.content[:2000]

    entry = the_entry(reader, "staff_account.updated", **of_account(staff))
    assert entry["actor"] == actor(admin)
    assert entry["client_ip"] == ADDRESS
    assert entry["changes"] == {"last_name": {"before": "Mukamana", "after": "Uwase"}}
    [listed] = activity(reader, action="staff_account.updated")
    assert listed["changes"] == {"last_name": {"before": MASK, "after": MASK}}


@pytest.mark.django_db
def test_no_entry_holds_a_password_a_token_a_link_or_a_hash(settings):
    """Every flow of the accounts through the API (and the admin), then every column of every entry."""
    staff = make_user("resetter", email="resetter@example.org")
    secrets = {PASSWORD, "Wrong-Guess-1", "Fresh-Password-99", "Reset-Password-77"}
    hashes = {staff.password}
    visitor = Client()

    first = sign_in(visitor, staff.username).json()
    refreshed = post(visitor, REFRESH, {"refresh": first["refresh"]}).json()
    post(visitor, LOGOUT, {"refresh": refreshed["refresh"]})
    secrets |= {first["access"], first["refresh"], refreshed["access"], refreshed["refresh"]}

    assert sign_in(visitor, staff.username, "Wrong-Guess-1").status_code == 401
    make_user("locky")
    assert [sign_in(visitor, "locky", f"Locky-Guess-{n}").status_code for n in range(5)][-1] == 429
    secrets |= {f"Locky-Guess-{n}" for n in range(5)}

    second = sign_in(visitor, staff.username).json()
    changed = post(
        visitor,
        CHANGE,
        {"current_password": PASSWORD, "new_password": "Fresh-Password-99"},
        HTTP_AUTHORIZATION=f"Bearer {second['access']}",
    ).json()
    staff.refresh_from_db()
    hashes.add(staff.password)
    secrets |= {second["access"], second["refresh"], changed["access"], changed["refresh"]}

    post(visitor, RESET_REQUEST, {"email": staff.email})
    token = emailed_reset_token(settings, staff)
    reset = post(visitor, RESET, {"token": token, "new_password": "Reset-Password-77"})
    assert reset.status_code == 200
    staff.refresh_from_db()
    hashes.add(staff.password)
    secrets |= {token, hashlib.sha256(token.encode()).hexdigest(), f"#token={token}"}

    browser, _admin = admin_client()
    response = browser.post(f"/admin/auth/user/{staff.pk}/change/", user_form(staff, first_name="Ann"))
    assert response.status_code == 302
    from services.accounts.models import StaffProfile

    profile = StaffProfile.objects.get(user=staff)
    response = browser.post(
        f"/admin/accounts/staffprofile/{profile.pk}/change/",
        {**PROFILE_FORM, "user": staff.pk, "session_version": profile.session_version},
    )
    assert response.status_code == 302
    hashes |= set(get_user_model().objects.values_list("password", flat=True))

    verbs = set(Entry.objects.values_list("verb", flat=True))
    assert {
        "auth.signed_in",
        "auth.signed_out",
        "auth.sign_in_failed",
        "auth.locked_out",
        "auth.password_changed",
        "auth.password_reset_requested",
        "auth.password_reset",
        "staff_account.created",
        "staff_account.updated",
    } <= verbs
    stored = [str(row) for row in Entry.objects.values()]
    for row in stored:
        for secret in secrets | hashes:
            assert secret not in row
        for marker in ("pbkdf2_", "argon2", "md5$", "bcrypt", "#token="):
            assert marker not in row
