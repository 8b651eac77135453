from datetime import timedelta

import pytest
from django.conf import global_settings
from django.utils import timezone

from services import settings as product_settings
from services.accounts.handlers import send_password_changed_notice, send_password_reset_link
from services.accounts.models import PasswordResetToken, StaffProfile
from services.accounts.services import password_reset_tokens_purge
from services.notifications.models import Notification
from services.notifications.services import notification_send, render_email
from services.outbox.domain_event import event_from_payload
from services.outbox.models import OutboxMessage

from .factories import PASSWORD, make_user

REQUEST = "/api/users/request-password-reset/"
SAME_ANSWER = {"message": "If your email exists in our system, you will receive a password reset link."}


def post(client, path, payload, **extra):
    return client.post(path, data=payload, content_type="application/json", **extra)


def change_to_fresh_password(client, tokens):
    """The signed-in staff user changes the fixture's password to "Fresh-Password-99"."""
    return post(
        client,
        "/api/users/change-password/",
        {"current_password": PASSWORD, "new_password": "Fresh-Password-99"},
        HTTP_AUTHORIZATION=f"Bearer {tokens.access}",
    )


def run_handlers(topic):
    """Run the handlers of every stored message of `topic`, as the worker would."""
    handlers = {
        "password_reset.requested": send_password_reset_link,
        "password.changed": send_password_changed_notice,
    }
    for message in OutboxMessage.objects.filter(topic=topic):
        handlers[topic](event_from_payload(topic, message.payload), message)


def reset_link_token(user) -> str:
    run_handlers("password_reset.requested")
    notification = Notification.objects.filter(template="password_reset", recipient=user.email).latest("pk")
    return notification.context["reset_url"].rsplit("#token=", 1)[1]


@pytest.mark.django_db
def test_any_address_gets_the_same_answer_and_only_a_staff_address_gets_a_link(client, staff):
    make_user("member", staff=False, email="member@example.org")
    emails = ("STAFFER@example.org", "nobody@example.org", "member@example.org")
    for email in emails:
        response = post(client, REQUEST, {"email": email})
        assert (response.status_code, response.json()) == (200, SAME_ANSWER)
    assert [m.payload for m in OutboxMessage.objects.order_by("created_at")] == [
        {"email": e, "language": ""} for e in emails
    ]

    run_handlers("password_reset.requested")
    assert list(Notification.objects.values_list("template", "recipient")) == [
        ("password_reset", staff.email)
    ]
    assert PasswordResetToken.objects.get().user == staff


@pytest.mark.django_db
def test_a_blank_email_answers_the_screen_message(client):
    response = post(client, REQUEST, {"email": " "})
    assert response.status_code == 400
    assert response.json()["detail"] == "Please enter your email address"


@pytest.mark.django_db
def test_reset_link_is_stored_hashed_sent_once_and_scrubbed_after_sending(client, staff, settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.FRONTEND_URL = "https://portal.example.org"
    post(client, REQUEST, {"email": staff.email})
    token = reset_link_token(staff)

    stored = PasswordResetToken.objects.get()
    assert stored.token_hash != token and len(stored.token_hash) == 64
    assert 59 <= (stored.expires_at - stored.created_at).total_seconds() / 60 <= 60
    notification = Notification.objects.get(template="password_reset")
    # The token rides in the fragment, which no server (nor its access log) ever receives.
    assert notification.context["reset_url"] == f"https://portal.example.org/reset-password#token={token}"

    from django.core import mail

    notification_send(notification_id=notification.pk)
    assert f"https://portal.example.org/reset-password#token={token}" in mail.outbox[0].body
    notification.refresh_from_db()
    assert token not in str(notification.context)


@pytest.mark.django_db
def test_a_link_works_once(client, staff):
    post(client, REQUEST, {"email": staff.email})
    token = reset_link_token(staff)
    assert client.get(f"/api/users/validate-reset-token/{token}/").json() == {"valid": True}

    response = post(client, f"/api/users/reset-password/{token}/", {"new_password": "Brand-New-Pass-77"})
    assert response.json() == {"message": "Your password has been reset successfully!"}
    staff.refresh_from_db()
    assert staff.check_password("Brand-New-Pass-77")

    again = post(client, f"/api/users/reset-password/{token}/", {"new_password": "Another-Pass-88"})
    assert again.status_code == 400
    assert again.json() == {"detail": "Invalid or expired password reset link.", "code": "invalid_token"}
    assert client.get(f"/api/users/validate-reset-token/{token}/").json() == {"valid": False}
    assert OutboxMessage.objects.filter(topic="password.changed").count() == 1


@pytest.mark.django_db
def test_the_page_checks_and_uses_a_link_with_the_token_in_the_body(client, staff):
    post(client, REQUEST, {"email": staff.email})
    token = reset_link_token(staff)
    assert post(client, "/api/users/validate-reset-token/", {"token": token}).json() == {"valid": True}
    assert post(client, "/api/users/validate-reset-token/", {"token": "nope"}).json() == {"valid": False}

    response = post(
        client, "/api/users/reset-password/", {"token": token, "new_password": "Brand-New-Pass-77"}
    )
    assert response.json() == {"message": "Your password has been reset successfully!"}
    staff.refresh_from_db()
    assert staff.check_password("Brand-New-Pass-77")
    again = post(client, "/api/users/reset-password/", {"token": token, "new_password": "Another-Pass-88"})
    assert again.json() == {"detail": "Invalid or expired password reset link.", "code": "invalid_token"}


@pytest.mark.django_db
def test_an_expired_link_and_an_earlier_link_are_void(client, staff):
    post(client, REQUEST, {"email": staff.email})
    first = reset_link_token(staff)
    OutboxMessage.objects.all().delete()
    post(client, REQUEST, {"email": staff.email})
    second = reset_link_token(staff)
    assert client.get(f"/api/users/validate-reset-token/{first}/").json() == {"valid": False}
    assert client.get(f"/api/users/validate-reset-token/{second}/").json() == {"valid": True}

    PasswordResetToken.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    assert client.get(f"/api/users/validate-reset-token/{second}/").json() == {"valid": False}
    assert (
        post(
            client, f"/api/users/reset-password/{second}/", {"new_password": "Brand-New-Pass-77"}
        ).status_code
        == 400
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("short1!", "This password is too short. It must contain at least 8 characters."),
        ("12345678901", "This password is too common."),
        ("", "Please enter and confirm your new password."),
    ],
)
def test_weak_passwords_are_refused_with_the_validator_message(client, staff, password, message):
    post(client, REQUEST, {"email": staff.email})
    token = reset_link_token(staff)
    response = post(client, f"/api/users/reset-password/{token}/", {"new_password": password})
    assert response.status_code == 400
    assert response.json()["detail"] == message
    assert "new_password" in response.json()["fields"]
    assert client.get(f"/api/users/validate-reset-token/{token}/").json() == {"valid": True}  # not used up


@pytest.mark.django_db
@pytest.mark.parametrize("token", ["x", "a" * 300, "%20"])
def test_junk_tokens_are_invalid_not_errors(client, token):
    assert client.get(f"/api/users/validate-reset-token/{token}/").json() == {"valid": False}


@pytest.mark.django_db
def test_reset_emails_per_address_are_limited(client, staff, settings):
    settings.PASSWORD_RESET_PER_EMAIL = 3
    for _ in range(5):
        assert post(client, REQUEST, {"email": staff.email}).json() == SAME_ANSWER
    run_handlers("password_reset.requested")
    assert Notification.objects.filter(template="password_reset").count() == 3


@pytest.mark.django_db
def test_one_inbox_gets_at_most_the_cap_of_links_however_its_addresses_are_written(client, settings):
    """Two staff accounts on one mailbox (grace+portal@, Grace+admin@): the hourly cap is the
    inbox's, counted as mail servers deliver (capitals and +tags are one mailbox)."""
    settings.PASSWORD_RESET_PER_EMAIL = 3
    make_user("grace", email="grace+portal@example.org")
    make_user("grace-admin", email="Grace+admin@example.org")
    for email in ["grace+portal@example.org", "grace+admin@example.org"] * 3:
        post(client, REQUEST, {"email": email})
    run_handlers("password_reset.requested")
    assert Notification.objects.filter(template="password_reset").count() == 3


@pytest.mark.django_db
def test_reset_requests_per_client_address_are_throttled(client):
    statuses = [post(client, REQUEST, {"email": f"x{i}@example.org"}).status_code for i in range(11)]
    assert statuses[:10] == [200] * 10 and statuses[10] == 429


@pytest.mark.django_db
def test_change_password_revokes_every_refresh_token_and_returns_a_new_pair(client, staff, staff_tokens):
    other_session = post(client, "/api/users/login/", {"username": "staffer", "password": PASSWORD}).json()
    response = change_to_fresh_password(client, staff_tokens)
    assert response.status_code == 200
    body = response.json()
    assert body["message"] == "Password changed successfully!"
    for old in (staff_tokens.refresh, other_session["refresh"]):
        assert post(client, "/api/users/token/refresh/", {"refresh": old}).status_code == 401
    assert post(client, "/api/users/token/refresh/", {"refresh": body["refresh"]}).status_code == 200
    staff.refresh_from_db()
    assert staff.check_password("Fresh-Password-99")
    assert OutboxMessage.objects.get(topic="password.changed").payload == {
        "user_id": staff.pk,
        "how": "change",
    }


@pytest.mark.django_db
def test_a_changed_password_is_stored_with_the_products_slow_hasher(client, staff, staff_tokens, settings):
    # The other tests use a fast hasher (conftest); the product's own comes first again here, the
    # fast one after it only to read the fixture's current password.
    product_hashers = getattr(product_settings, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    settings.PASSWORD_HASHERS = [*product_hashers, *settings.PASSWORD_HASHERS]
    response = change_to_fresh_password(client, staff_tokens)
    assert response.status_code == 200
    staff.refresh_from_db()
    algorithm, iterations, *_ = staff.password.split("$")
    assert algorithm == "pbkdf2_sha256"
    assert int(iterations) >= 1_000_000
    assert "Fresh-Password-99" not in staff.password


@pytest.mark.django_db
def test_change_password_voids_reset_links(client, staff, staff_tokens):
    post(client, REQUEST, {"email": staff.email})
    token = reset_link_token(staff)
    change_to_fresh_password(client, staff_tokens)
    assert client.get(f"/api/users/validate-reset-token/{token}/").json() == {"valid": False}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("payload", "status", "detail", "field"),
    [
        (
            {"current_password": "", "new_password": "x"},
            400,
            "All password fields are required",
            "current_password",
        ),
        (
            {"current_password": "wrong", "new_password": "Fresh-Password-99"},
            400,
            "Your current password is incorrect.",
            "current_password",
        ),
        (
            {"current_password": PASSWORD, "new_password": "short"},
            400,
            "This password is too short. It must contain at least 8 characters.",
            "new_password",
        ),
        (
            {"current_password": PASSWORD, "new_password": "x" * 200},
            400,
            "Password must be at most 128 characters long.",
            "new_password",
        ),
    ],
)
def test_change_password_errors_are_envelopes(client, staff, staff_tokens, payload, status, detail, field):
    response = post(
        client, "/api/users/change-password/", payload, HTTP_AUTHORIZATION=f"Bearer {staff_tokens.access}"
    )
    assert response.status_code == status
    assert response.json()["detail"] == detail
    assert field in response.json()["fields"]
    staff.refresh_from_db()
    assert staff.check_password(PASSWORD)


@pytest.mark.django_db
def test_change_password_needs_a_token(client):
    assert (
        post(
            client, "/api/users/change-password/", {"current_password": "a", "new_password": "b"}
        ).status_code
        == 401
    )


@pytest.mark.django_db
def test_password_changed_notice_is_queued(staff, client, staff_tokens):
    change_to_fresh_password(client, staff_tokens)
    run_handlers("password.changed")
    notice = Notification.objects.get(template="password_changed")
    assert notice.recipient == staff.email and notice.context["how"] == "change"


@pytest.mark.django_db
def test_purge_deletes_expired_and_used_links_only(staff):
    now = timezone.now()
    PasswordResetToken.objects.create(user=staff, token_hash="a" * 64, expires_at=now - timedelta(minutes=1))
    PasswordResetToken.objects.create(
        user=staff,
        token_hash="b" * 64,
        expires_at=now + timedelta(minutes=30),
        used_at=now - timedelta(days=2),
    )
    live = PasswordResetToken.objects.create(
        user=staff, token_hash="c" * 64, expires_at=now + timedelta(minutes=30)
    )
    assert password_reset_tokens_purge() == 2
    assert list(PasswordResetToken.objects.values_list("pk", flat=True)) == [live.pk]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("accept_language", "language", "words"),
    [("fr-FR,fr;q=0.9", "fr", "Choisir un nouveau mot de passe"),
     ("rw", "rw", "Muhitemo ijambobanga rishya"),
     (None, "sw", "Chagua nenosiri jipya")],
)  # fmt: skip
def test_the_reset_email_speaks_the_language_of_the_screen_that_asked(
    client, staff, accept_language, language, words
):
    # The staff user's own language is Kiswahili: it serves only when the request names none.
    StaffProfile.objects.create(user=staff, preferred_language="Kiswahili")
    extra = {"HTTP_ACCEPT_LANGUAGE": accept_language} if accept_language else {}
    assert post(client, REQUEST, {"email": staff.email}, **extra).status_code == 200
    run_handlers("password_reset.requested")
    notification = Notification.objects.get(template="password_reset")
    assert notification.language == language
    assert words in render_email(notification).alternatives[0][0]
