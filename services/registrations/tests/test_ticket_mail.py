"""The ticket in the e-mails: the QR code shown in the HTML part by content id (no remote image),
attached as a PNG, holding the ticket page's address, and the same code on every send."""

import email
import io

import pytest
import segno
from django.core import mail
from PIL import Image

from services.events.tests.factories import make_event
from services.notifications.models import Notification
from services.notifications.services import notification_send, render_email
from services.registrations import tickets
from services.registrations.checkins import code_from_scan
from services.registrations.models import Registration

from .helpers import decide, deliver_all, person, register

pytestmark = pytest.mark.django_db


def qr_modules(png: bytes) -> list[list[bool]]:
    """The dark modules of a QR code image as segno draws it (scale 8, quiet zone 4): each
    module's centre pixel read back."""
    image = Image.open(io.BytesIO(png)).convert("L")
    size = image.width // 8 - 8
    dark = lambda x, y: image.getpixel((8 * (4 + x) + 4, 8 * (4 + y) + 4)) < 128  # noqa: E731
    return [[dark(x, y) for x in range(size)] for y in range(size)]


def holds(png: bytes, text: str) -> bool:
    """Whether the image is the QR code of `text` (no decoder is installed: the modules drawn
    must be those of the one QR code segno makes for that text)."""
    expected = segno.make(text, error="m", boost_error=False)
    return qr_modules(png) == [[bool(bit) for bit in row] for row in expected.matrix]


def attached_png(message) -> bytes:
    return next(a[1] for a in message.attachments if isinstance(a, tuple) and a[0] == "ticket.png")


def first_part(message, content_type: str):
    return next(p for p in message.walk() if p.get_content_type() == content_type)


def approved_mail(client, staff_client, settings):
    settings.FRONTEND_URL = "https://tickets.example.rw"
    event = make_event(title="Door Day", price=1000, time="09:30")
    register(client, event.pk, person(1))
    registration = Registration.objects.get(email="p1@example.org")
    assert decide(staff_client, registration.pk, transaction_id="TX-1").status_code == 200
    deliver_all()
    return registration, Notification.objects.get(template="registration_approved")


def test_the_confirmation_shows_the_ticket_qr_inline_attaches_it_and_links_the_ticket_page(
    client, staff_client, settings
):
    registration, notification = approved_mail(client, staff_client, settings)
    code = tickets.ticket_code(registration.pk)
    assert code not in str(notification.context)  # stored sealed only: the database reads no code

    assert notification_send(notification_id=notification.pk).status == "sent"
    (sent,) = mail.outbox
    parsed = email.message_from_bytes(sent.message().as_bytes())
    html, text = (
        first_part(parsed, kind).get_payload(decode=True).decode() for kind in ("text/html", "text/plain")
    )
    link = f"https://tickets.example.rw/ticket/{code}"
    assert link in html and link in text
    assert 'src="cid:ticket-qr@tickets"' in html
    assert "http" not in html.split('src="cid:')[0].rsplit("<img", 1)[-1]  # no remote image

    images = [p for p in parsed.walk() if p.get_content_type() == "image/png"]
    inline = [p for p in images if p["Content-ID"] == "<ticket-qr@tickets>"]
    attached = [p for p in images if p.get_content_disposition() == "attachment"]
    assert len(inline) == 1 and len(attached) == 1
    # The inline image sits beside the HTML in one multipart/related part.
    related = next(p for p in parsed.walk() if p.get_content_type() == "multipart/related")
    assert inline[0] in related.get_payload()
    assert attached[0].get_filename() == "ticket.png"
    for part in (inline[0], attached[0]):
        png = part.get_payload(decode=True)
        assert Image.open(io.BytesIO(png)).format == "PNG"
        assert holds(png, link)
    # The door's scanner takes the code from what the QR holds.
    assert code_from_scan(link) == code
    calendar = [p for p in parsed.walk() if p.get_content_type() == "text/calendar"]
    assert len(calendar) == 1  # the invite still goes


def test_the_same_code_on_every_send_and_a_retried_e_mail_is_the_same(client, staff_client, settings):
    registration, notification = approved_mail(client, staff_client, settings)
    code = tickets.ticket_code(registration.pk)
    first = render_email(notification)
    again = render_email(Notification.objects.get(pk=notification.pk))
    assert attached_png(first) == attached_png(again)
    assert holds(attached_png(first), tickets.ticket_link(code))
    # Rejected, then approved again: the new confirmation shows the same ticket.
    assert decide(staff_client, registration.pk, "Rejected").status_code == 200
    assert decide(staff_client, registration.pk, transaction_id="TX-2").status_code == 200
    deliver_all()
    latest = Notification.objects.filter(template="registration_approved").order_by("-pk").first()
    assert latest.pk != notification.pk
    assert attached_png(render_email(latest)) == attached_png(first)


def test_an_e_mail_whose_ticket_cannot_be_read_goes_without_it(client, staff_client, settings):
    _registration, notification = approved_mail(client, staff_client, settings)
    settings.SECRET_KEY = "another-secret-key-of-at-least-32-bytes-long"  # rotated, old one dropped
    message = render_email(notification)
    assert "/ticket/" not in message.body
    assert [a[0] for a in message.attachments] == ["invite.ics"]


def test_the_door_checks_in_what_the_qr_holds_as_it_does_the_code(client, staff_client):
    from .test_tickets import approved, scan, sync

    event = make_event(title="Door Day", price=1000)
    _one, code = approved(client, staff_client, event, 1)
    (first,) = sync(staff_client, event.pk, [scan(tickets.ticket_qr_text(code), "n1")]).json()["results"]
    (again,) = sync(staff_client, event.pk, [scan(code, "n2", device="door-b")]).json()["results"]
    assert (first["result"], again["result"]) == ("checked_in", "already_checked_in")
    (other,) = sync(staff_client, event.pk, [scan(tickets.ticket_link("x" * 24), "n3")]).json()["results"]
    assert other["result"] == "refused"


def test_an_api_provider_gets_the_qr_as_an_inline_image_and_as_an_attachment(client, staff_client, settings):
    _registration, notification = approved_mail(client, staff_client, settings)
    settings.EMAIL_BACKEND = "anymail.backends.test.EmailBackend"
    assert notification_send(notification_id=notification.pk).status == "sent"
    (sent,) = mail.outbox
    files = sent.anymail_test_params["attachments"]
    inline = [a for a in files if a.inline]
    assert [a.cid for a in inline] == ["ticket-qr@tickets"]
    assert sorted(a.name for a in files if not a.inline) == ["invite.ics", "ticket.png"]
