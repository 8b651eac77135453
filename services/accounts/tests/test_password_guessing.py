"""Guessing the current password in change-password, as a script holding a stolen access token
would: it is limited like sign-in (the same lockout per username + address, and a named limit
per address), and a refused change changes nothing."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.utils import timezone

from services.outbox.models import OutboxMessage

from .factories import PASSWORD, make_user

CHANGE = "/api/users/change-password/"
LOGIN = "/api/users/login/"
REFRESH = "/api/users/token/refresh/"
NEW = "Fresh-Password-99"
LOCKED = {
    "detail": "Too many wrong passwords. Please try again in 15 minutes.",
    "code": "locked_out",
}


def change(client, tokens, current, **extra):
    return client.post(
        CHANGE,
        data={"current_password": current, "new_password": NEW},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Bearer {tokens.access}",
        **extra,
    )


def guess_five_times(client, tokens, **extra):
    answers = [change(client, tokens, f"guess-{n}", **extra) for n in range(5)]
    assert [answer.status_code for answer in answers[:4]] == [400] * 4
    return answers[4]


def cool_off_passes():
    AccessAttempt.objects.update(attempt_time=timezone.now() - timedelta(minutes=16))


@pytest.mark.django_db
def test_five_wrong_guesses_lock_the_change_and_the_right_password_is_refused_meanwhile(
    client, staff, staff_tokens
):
    fifth = guess_five_times(client, staff_tokens)
    assert (fifth.status_code, fifth.json()) == (429, LOCKED)

    locked = change(client, staff_tokens, PASSWORD)
    assert (locked.status_code, locked.json()) == (429, LOCKED)
    # Nothing changed: the password, the sessions, no "password changed" event.
    staff.refresh_from_db()
    assert staff.check_password(PASSWORD)
    assert not OutboxMessage.objects.filter(topic="password.changed").exists()
    refreshed = client.post(REFRESH, {"refresh": staff_tokens.refresh}, content_type="application/json")
    assert refreshed.status_code == 200


@pytest.mark.django_db
def test_it_is_the_sign_in_lockout_of_that_username_and_address(client, staff, staff_tokens):
    guess_five_times(client, staff_tokens)
    signin = client.post(
        LOGIN, {"username": "staffer", "password": PASSWORD}, content_type="application/json"
    )
    assert (signin.status_code, signin.json()["code"]) == (429, "locked_out")
    # Someone guessing from elsewhere does not lock the user out at their own address.
    assert change(client, staff_tokens, PASSWORD, REMOTE_ADDR="10.9.8.7").status_code == 200


@pytest.mark.django_db
def test_failed_sign_ins_count_towards_the_change_lockout(client, staff, staff_tokens):
    for _ in range(5):
        client.post(LOGIN, {"username": "staffer", "password": "wrong"}, content_type="application/json")
    assert change(client, staff_tokens, PASSWORD).status_code == 429


@pytest.mark.django_db
def test_the_lockout_ends_after_the_cool_off_as_sign_ins_does(client, staff, staff_tokens):
    guess_five_times(client, staff_tokens)
    cool_off_passes()
    response = change(client, staff_tokens, PASSWORD)
    assert response.status_code == 200
    staff.refresh_from_db()
    assert staff.check_password(NEW)


@pytest.mark.django_db
def test_a_right_password_clears_earlier_wrong_guesses(client, staff, staff_tokens):
    for n in range(4):
        assert change(client, staff_tokens, f"guess-{n}").status_code == 400
    answer = change(client, staff_tokens, PASSWORD)
    assert answer.status_code == 200
    assert not AccessAttempt.objects.exists()


@pytest.mark.django_db
def test_changes_per_client_address_have_their_own_named_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_change": "3/h"}
    from services.accounts.tokens import token_pair_issue

    # Three users behind one address: the limit counts the address, not the user.
    tokens = [token_pair_issue(user=make_user(f"staff{n}")) for n in range(4)]
    statuses = [change(client, pair, "wrong").status_code for pair in tokens]
    assert statuses == [400, 400, 400, 429]
    refused = change(client, tokens[0], PASSWORD)
    assert refused.status_code == 429 and refused.json()["code"] == "throttled"
    assert int(refused["Retry-After"]) > 0
    # Another address is counted apart; the login limit was not spent either.
    assert change(client, tokens[3], PASSWORD, REMOTE_ADDR="10.9.8.7").status_code == 200
    signin = client.post(LOGIN, {"username": "staff1", "password": PASSWORD}, content_type="application/json")
    assert signin.status_code == 200
