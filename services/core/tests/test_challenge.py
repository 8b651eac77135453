"""The bot challenge of the public forms: a script that posts without solving one changes nothing,
a browser's real solution goes through once, and a replayed, expired, tampered or wrong one is
refused with a sentence a person understands."""

import base64
import json
import threading
import time

import altcha
import pytest
from django.db import connection, connections
from django.test import RequestFactory

from conftest import need
from services.content.models import ContactMessage
from services.core.challenge import ChallengeFailed, challenge_verify, used_challenges_purge
from services.core.models import UsedChallenge
from services.events.tests.factories import make_event
from services.events.tests.factories import register as fill
from services.interpreting.models import InterpreterRequest
from services.interpreting.tests.helpers import body as interpreter_request_body
from services.members.models import Member
from services.members.tests.helpers import APPLICATION
from services.outbox.models import OutboxMessage
from services.registrations.models import Registration, WaitlistEntry
from services.registrations.tests.helpers import VALID as SIGN_UP

REFUSAL = "We could not confirm that this form was sent from a browser. Please reload the page and try again."
CONTACT = {"name": "Aline Uwase", "email": "aline@example.org", "message": "When is the next training?"}


@pytest.fixture
def challenge_on(settings):
    settings.PUBLIC_FORM_CHALLENGE = True
    # Cheap challenges, so that solving in Python keeps the tests quick; one test solves the default.
    settings.PUBLIC_FORM_CHALLENGE_COST = 50
    settings.PUBLIC_FORM_CHALLENGE_MAX_TRIES = 20
    return settings


def solved(client, *, tamper=None) -> str:
    """What the browser sends: a challenge of GET /api/challenge/, solved, as base64 JSON; `tamper`
    changes the challenge after solving."""
    challenge = client.get("/api/challenge/").json()
    solution = altcha.solve_challenge(altcha.Challenge.from_dict(challenge), timeout=30)
    assert solution is not None
    if tamper:
        tamper(challenge)  # what the script claims it was asked
    return altcha.Payload(altcha.Challenge.from_dict(challenge), solution).to_base64()


def encoded(value) -> str:
    return base64.b64encode(json.dumps(value).encode()).decode()


def post(client, path: str, payload: dict, solution: str | None = None):
    headers = {"HTTP_X_ALTCHA": solution} if solution is not None else {}
    return client.post(path, data=payload, content_type="application/json", **headers)


def sign_up_path():
    return f"/api/management/events/{make_event(maximum_attendees=10).pk}/register/"


def waitlist_path():
    event = make_event(maximum_attendees=1)
    fill(event, 1)
    return f"/api/management/events/{event.pk}/waitlist/"


INTERPRETER_REQUEST = interpreter_request_body()

# The public operations that create a row or send an e-mail: (name, path, payload, status, rows).
FORMS = [
    ("sign-up", sign_up_path, SIGN_UP, 201, Registration),
    ("waiting list", waitlist_path, SIGN_UP, 201, WaitlistEntry),
    ("membership", lambda: "/api/users/register/", APPLICATION, 201, Member),
    ("contact", lambda: "/api/management/contact-form/", CONTACT, 200, ContactMessage),
    (
        "interpreter request",
        lambda: "/api/interpreter-requests/",
        INTERPRETER_REQUEST,
        201,
        InterpreterRequest,
    ),
    (
        "password reset",
        lambda: "/api/users/request-password-reset/",
        {"email": "staff@example.org"},
        200,
        None,
    ),
]


def counts(model) -> tuple[int, int]:
    return (model.objects.count() if model else 0), OutboxMessage.objects.count()


@pytest.mark.django_db
def test_the_challenge_is_signed_expires_and_is_never_cached(client, settings):
    before = time.time()
    response = client.get("/api/challenge/")
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    body = response.json()
    parameters = body["parameters"]
    assert parameters["algorithm"] == "PBKDF2/SHA-256"
    assert parameters["cost"] == settings.PUBLIC_FORM_CHALLENGE_COST
    assert int(before) + 600 <= parameters["expiresAt"] <= time.time() + 600
    assert len(body["signature"]) == 64
    # Each one is new: a visitor never gets another's.
    assert client.get("/api/challenge/").json()["parameters"]["nonce"] != parameters["nonce"]


@pytest.mark.django_db
def test_handing_out_challenges_has_its_own_rate_limit(client, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "challenge": "2/m"}
    assert [client.get("/api/challenge/").status_code for _ in range(3)] == [200, 200, 429]
    # Another action's counter is untouched.
    assert post(client, "/api/management/contact-form/", CONTACT).status_code == 200


@pytest.mark.django_db
def test_the_site_config_tells_the_browser_whether_to_solve(client, settings):
    settings.PUBLIC_FORM_CHALLENGE = True
    assert client.get("/api/config/").json()["public_form_challenge"] is True
    settings.PUBLIC_FORM_CHALLENGE = False
    assert client.get("/api/config/").json()["public_form_challenge"] is False


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "path", "payload", "status", "rows"), FORMS, ids=[form[0] for form in FORMS]
)
@pytest.mark.parametrize(
    "header",
    [None, "", "not base64 at all", encoded({}), encoded([1, 2]), encoded({"challenge": "x", "solution": 1})],
    ids=["missing", "empty", "garbage", "empty object", "list", "wrong shapes"],
)
def test_a_form_without_a_valid_solution_changes_nothing(
    client, challenge_on, mail_dir, name, path, payload, status, rows, header
):
    url = path()
    before = counts(rows)
    response = post(client, url, payload, header)
    assert response.status_code == 400
    assert response.json() == {"detail": REFUSAL, "code": "challenge_failed"}
    assert counts(rows) == before
    assert not list(mail_dir.iterdir())


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "path", "payload", "status", "rows"), FORMS, ids=[form[0] for form in FORMS]
)
def test_a_real_solution_is_accepted_once(client, challenge_on, name, path, payload, status, rows):
    url = path()
    solution = solved(client)
    created, published = counts(rows)
    assert post(client, url, payload, solution).status_code == status
    assert counts(rows) == ((created + 1) if rows else 0, published + 1)
    # The same solution again (a script replaying what one browser solved) changes nothing.
    again = {**payload, "email": "someone.else@example.org", "phone": "+250788999111"}
    replay = post(client, url, {k: v for k, v in again.items() if k in payload}, solution)
    assert replay.status_code == 400
    assert replay.json()["code"] == "challenge_failed"
    assert counts(rows) == ((created + 1) if rows else 0, published + 1)


@pytest.mark.django_db
def test_the_default_challenge_is_solved_and_accepted(client, settings):
    """The production parameters, solved as a script would: it works, and it costs real work."""
    settings.PUBLIC_FORM_CHALLENGE = True
    challenge = client.get("/api/challenge/").json()
    assert challenge["parameters"]["cost"] == 10_000
    solution = altcha.solve_challenge(altcha.Challenge.from_dict(challenge))
    assert solution is not None
    assert 25 <= solution.counter <= 50  # between half of the most tries and all of them
    payload = altcha.Payload(altcha.Challenge.from_dict(challenge), solution).to_base64()
    assert post(client, "/api/management/contact-form/", CONTACT, payload).status_code == 200


@pytest.mark.django_db
def test_a_body_that_cannot_be_read_does_not_spend_the_solution(client, challenge_on):
    """The check comes after the body is parsed: a request ninja refuses never reaches it. Once
    checked, a solution is spent whatever the form's answer (the browser solves one per send)."""
    solution = solved(client)
    unreadable = post(client, "/api/management/contact-form/", {**CONTACT, "name": ["a", "list"]}, solution)
    assert (unreadable.status_code, unreadable.json()["code"]) == (400, "validation_error")
    assert post(client, "/api/management/contact-form/", CONTACT, solution).status_code == 200
    assert post(client, "/api/management/contact-form/", CONTACT, solution).status_code == 400


@pytest.mark.django_db
def test_an_expired_challenge_is_refused(client, challenge_on, monkeypatch):
    real_time = time.time
    with monkeypatch.context() as past:
        past.setattr(time, "time", lambda: real_time() - 11 * 60)  # handed out 11 minutes ago
        solution = solved(client)
    response = post(client, "/api/management/contact-form/", CONTACT, solution)
    assert (response.status_code, response.json()["code"]) == (400, "challenge_failed")
    assert not ContactMessage.objects.exists()


def _cheaper(challenge):
    challenge["parameters"]["cost"] = 1  # less work than the server asked for


def _longer(challenge):
    challenge["parameters"]["expiresAt"] += 3600


def _resigned(challenge):
    challenge["signature"] = "0" * 64


@pytest.mark.django_db
@pytest.mark.parametrize("tamper", [_cheaper, _longer, _resigned], ids=["cost", "expiry", "signature"])
def test_a_tampered_challenge_is_refused(client, challenge_on, tamper):
    response = post(client, "/api/management/contact-form/", CONTACT, solved(client, tamper=tamper))
    assert (response.status_code, response.json()["code"]) == (400, "challenge_failed")
    assert not ContactMessage.objects.exists()


@pytest.mark.django_db
def test_a_wrong_answer_is_refused(client, challenge_on):
    payload = json.loads(base64.b64decode(solved(client)))
    payload["solution"]["counter"] += 1
    payload["solution"]["derivedKey"] = "ab" * 32
    response = post(client, "/api/management/contact-form/", CONTACT, encoded(payload))
    assert (response.status_code, response.json()["code"]) == (400, "challenge_failed")


@pytest.mark.django_db
def test_a_challenge_signed_with_another_key_is_refused(client, challenge_on):
    """Published example keys sign nothing here: the key comes from SECRET_KEY."""
    challenge = altcha.create_challenge(
        algorithm="PBKDF2/SHA-256",
        cost=50,
        counter=3,
        expires_at=int(time.time()) + 600,
        hmac_secret="secret",
    )
    solution = altcha.solve_challenge(challenge)
    response = post(
        client, "/api/management/contact-form/", CONTACT, altcha.Payload(challenge, solution).to_base64()
    )
    assert response.json()["code"] == "challenge_failed"


@pytest.mark.django_db
def test_the_refusal_speaks_the_visitors_language(client, challenge_on):
    response = client.post(
        "/api/management/contact-form/",
        data=CONTACT,
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.json()["detail"] != REFUSAL
    assert "navigateur" in response.json()["detail"]


@pytest.mark.django_db
def test_staff_forms_never_need_a_challenge(staff_client, challenge_on):
    response = staff_client.post(
        "/api/management/members/", data=APPLICATION, content_type="application/json"
    )
    assert response.status_code == 201


@pytest.mark.django_db
def test_used_solutions_are_forgotten_once_their_challenge_expired(client, challenge_on):
    post(client, "/api/management/contact-form/", CONTACT, solved(client))
    assert UsedChallenge.objects.count() == 1
    assert used_challenges_purge() == 0  # still within its 10 minutes: kept, so a replay is refused
    UsedChallenge.objects.update(expires_at="2000-01-01T00:00:00Z")
    assert used_challenges_purge() == 1


@pytest.mark.django_db(transaction=True)
def test_two_requests_with_one_solution_at_the_same_moment_pass_once(client, challenge_on):
    """What a script would try: one solution sent many times at once. The database's unique key
    decides, so exactly one of each pair passes."""
    need(connection.vendor == "postgresql", "needs PostgreSQL (DATABASE_URL) for truly parallel writes")
    factory = RequestFactory()
    for _ in range(10):
        solution = solved(client)
        barrier = threading.Barrier(2)
        outcomes: list[str] = []

        def send(solution=solution, barrier=barrier, outcomes=outcomes):
            request = factory.post("/api/management/contact-form/", HTTP_X_ALTCHA=solution)
            barrier.wait()
            try:
                challenge_verify(request)
                outcomes.append("accepted")
            except ChallengeFailed:
                outcomes.append("refused")
            finally:
                connections.close_all()

        threads = [threading.Thread(target=send) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert sorted(outcomes) == ["accepted", "refused"]
    assert UsedChallenge.objects.count() == 10


def test_the_purge_runs_every_hour_as_a_task_the_worker_knows():
    from worker.app import app
    from worker.schedule import BEAT_SCHEDULE, Every

    task, when = BEAT_SCHEDULE["core-purge-used-challenges"]
    app.loader.import_default_modules()  # what a worker loads: the tasks modules of every app
    assert task in app.tasks
    assert when == Every(3600)
