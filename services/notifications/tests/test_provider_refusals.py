"""What the mail provider answers decides whether an e-mail is tried again: a permanent refusal
(an SMTP 5xx reply at any stage, an API's 4xx but 408 and 429) fails at once with the provider's
words, for ops to see; a temporary one (SMTP 4xx, 408, 429, an API's 5xx, a timeout, no
connection) waits for the next try. SMTP cases run against a real SMTP server (aiosmtpd) on
loopback; API cases against django-anymail's Mailgun backend talking to a local HTTP server."""

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller
from django.utils import timezone

from conftest import free_port
from services.notifications.models import Notification
from services.notifications.services import notification_send

pytestmark = pytest.mark.django_db


def queued() -> Notification:
    return Notification.objects.create(
        template="contact_acknowledgement", recipient="aline@example.org", context={"name": "Aline"}
    )


def send_once():
    notification = queued()
    outcome = notification_send(notification_id=notification.pk)
    notification.refresh_from_db()
    return outcome, notification


class MailServer:
    """An SMTP server that answers `replies[stage]` at MAIL, RCPT or DATA and accepts otherwise."""

    def __init__(self):
        self.replies: dict[str, str] = {}
        self.accepted: list[bytes] = []

    async def handle_MAIL(self, server, session, envelope, address, mail_options):
        if "MAIL" in self.replies:
            return self.replies["MAIL"]
        envelope.mail_from = address
        envelope.mail_options.extend(mail_options)
        return "250 OK"

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if "RCPT" in self.replies:
            return self.replies["RCPT"]
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        if "DATA" in self.replies:
            return self.replies["DATA"]
        self.accepted.append(envelope.content)
        return "250 2.0.0 Message accepted"


def use_smtp(settings, port: int, timeout: float = 5) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_USE_TLS, settings.EMAIL_HOST_USER, settings.EMAIL_HOST_PASSWORD = False, "", ""
    settings.EMAIL_TIMEOUT = timeout


@pytest.fixture
def mail_server(settings):
    server = MailServer()
    controller = Controller(server, hostname="127.0.0.1", port=free_port())
    controller.start()
    use_smtp(settings, controller.port)
    yield server
    controller.stop()


def test_an_accepted_email_is_sent(mail_server):
    outcome, notification = send_once()
    assert outcome.status == "sent" and notification.status == "sent"
    assert len(mail_server.accepted) == 1 and b"Aline" in mail_server.accepted[0]


@pytest.mark.parametrize(
    ("stage", "reply"),
    [
        ("RCPT", "550 5.1.1 No such user here"),
        ("MAIL", "553 5.7.1 Sender address rejected"),
        ("DATA", "554 5.7.1 Message rejected as spam"),
    ],
)
def test_a_permanent_smtp_refusal_fails_at_once_with_its_reason(mail_server, stage, reply):
    mail_server.replies[stage] = reply
    outcome, notification = send_once()
    assert (outcome.status, outcome.retry_in) == ("failed", None)
    assert (notification.status, notification.attempts) == ("failed", 1)
    code, words = reply.split(" ", 1)
    assert code in notification.error and words in notification.error


@pytest.mark.parametrize(
    ("stage", "reply"),
    [
        ("RCPT", "451 4.7.1 Greylisted, please try again later"),
        ("MAIL", "421 4.3.2 Service shutting down"),
        ("DATA", "452 4.3.1 Insufficient system storage"),
    ],
)
def test_a_temporary_smtp_refusal_is_tried_again_later(mail_server, stage, reply):
    mail_server.replies[stage] = reply
    outcome, notification = send_once()
    assert outcome.status == "queued" and outcome.retry_in >= 30
    assert notification.status == "queued" and notification.next_attempt_at > timezone.now()
    assert reply.split(" ", 1)[1] in notification.error

    del mail_server.replies[stage]  # the server is fine again when the retry is due
    Notification.objects.filter(pk=notification.pk).update(next_attempt_at=timezone.now())
    assert notification_send(notification_id=notification.pk).status == "sent"


def test_no_connection_is_temporary(settings):
    use_smtp(settings, free_port())  # nothing listens there
    outcome, notification = send_once()
    assert outcome.status == "queued" and "ConnectionRefusedError" in notification.error


def test_a_server_that_never_answers_is_temporary(settings):
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()  # takes the connection, never greets
        use_smtp(settings, silent.getsockname()[1], timeout=0.5)
        outcome, notification = send_once()
    assert outcome.status == "queued" and "timed out" in notification.error


class ProviderApi(BaseHTTPRequestHandler):
    status = 200

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        ok = self.status < 300
        body = {"id": "<1@mg.example>", "message": "Queued. Thank you."} if ok else {"message": "Refused"}
        payload = json.dumps(body).encode()
        self.send_response(self.status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args):
        pass


@pytest.fixture
def provider_api(settings):
    server = ThreadingHTTPServer(("127.0.0.1", 0), ProviderApi)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    settings.EMAIL_BACKEND = "anymail.backends.mailgun.EmailBackend"
    settings.ANYMAIL = {
        "MAILGUN_API_KEY": "key-test",
        "MAILGUN_API_URL": f"http://127.0.0.1:{server.server_address[1]}/v3",
    }
    yield ProviderApi
    server.shutdown()
    server.server_close()
    ProviderApi.status = 200


@pytest.mark.parametrize(
    ("status", "outcome"),
    [
        (200, "sent"),
        (400, "failed"),  # the message itself is wrong
        (401, "failed"),  # the key is wrong: ops fix it, then retry
        (404, "failed"),
        (422, "failed"),
        (408, "queued"),  # the provider timed out
        (429, "queued"),  # too many at once: later
        (500, "queued"),
        (503, "queued"),
    ],
)
def test_an_api_providers_answer_decides_like_smtps(provider_api, status, outcome):
    provider_api.status = status
    result, notification = send_once()
    assert (result.status, notification.status) == (outcome, outcome)
    if outcome != "sent":
        assert f"API response {status}" in notification.error


def test_an_api_provider_out_of_reach_is_temporary(settings):
    settings.EMAIL_BACKEND = "anymail.backends.mailgun.EmailBackend"
    settings.ANYMAIL = {
        "MAILGUN_API_KEY": "key-test",
        "MAILGUN_API_URL": f"http://127.0.0.1:{free_port()}/v3",
    }
    result, notification = send_once()
    assert result.status == "queued" and "AnymailRequestsAPIError" in notification.error
