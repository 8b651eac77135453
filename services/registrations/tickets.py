"""Ticket codes: issued when a seat is first Approved, found again by their hash, and read back
sealed for the e-mails (docs/decisions.md, Ticket codes; the codes themselves: core/codes.py)."""

import io

import segno
from django.conf import settings
from django.utils.translation import gettext as _

from services.core import codes
from services.core.codes import code_hash, hashes_match, new_code
from services.core.errors import NotFound
from services.events.models import Event

from .models import Registration, Ticket

# The sealing key's purpose: the one tickets were first sealed under (their key stays the same).
SEAL_PURPOSE = "registrations.ticket-code"


def seal(code: str) -> str:
    return codes.seal(code, purpose=SEAL_PURPOSE)


def unseal(sealed: str) -> str | None:
    return codes.unseal(sealed, purpose=SEAL_PURPOSE)


def ticket_link(code: str) -> str:
    return f"{settings.FRONTEND_URL}/ticket/{code}"


def ticket_qr_text(code: str) -> str:
    """What a ticket's QR code holds, on the page and in every e-mail: its page's address. A
    phone's camera opens the page; the door's scanner takes the code from the last segment
    (`code_from_scan`)."""
    return ticket_link(code)


def code_from_scan(text: str) -> str:
    """The code in what a scanner read: the QR's address, or a code typed in as it is."""
    return text.strip().rstrip("/").rpartition("/")[2]


def ticket_qr(code: str) -> segno.QRCode:
    # Never a Micro QR (phones' cameras do not read them); level M for a worn screen.
    return segno.make(ticket_qr_text(code), micro=False, error="m", boost_error=False)


def ticket_qr_png(code: str) -> bytes:
    """The QR code as a PNG for the e-mails (8 pixels a module: about 300 pixels, scannable from
    a phone's screen)."""
    out = io.BytesIO()
    ticket_qr(code).save(out, kind="png", scale=8, border=4)
    return out.getvalue()


def ticket_qr_svg(code: str) -> str:
    """The QR code as inline SVG for the ticket page: one module per unit of its viewBox (the
    page sets the size), black on white with its 4-module quiet zone, a title for screen
    readers, no XML declaration: about 2 KB, drawn with no JavaScript."""
    return ticket_qr(code).svg_inline(
        scale=1,
        border=4,
        omitsize=True,
        dark="#000",
        light="#fff",
        title=_("Ticket QR code"),
        svgclass=None,
        lineclass=None,
    )


def new_ticket(registration_id: int, model=Ticket):
    code = new_code()
    return model(registration_id=registration_id, code_hash=code_hash(code), code_sealed=seal(code))


def ticket_issue(registration: Registration) -> None:
    """Give an Approved registration its ticket, in the approving transaction; one approved again
    keeps the one it had (the code its holder was sent). One statement either way."""
    Ticket.objects.bulk_create([new_ticket(registration.pk)], ignore_conflicts=True)


def ticket_code(registration_id: int) -> str | None:
    """The code, for the e-mail that shows it (confirmation, reminders, a resend)."""
    sealed = (
        Ticket.objects.filter(registration_id=registration_id).values_list("code_sealed", flat=True).first()
    )
    return unseal(sealed) if sealed else None


def ticket_find(code: str) -> Ticket | None:
    """The ticket a presented code belongs to, with its registration and event, or None. Every
    code costs the same work: one hash and one indexed read, then a constant-time comparison."""
    presented = code_hash(code)
    ticket = (
        Ticket.objects.select_related("registration__event", "check_in").filter(code_hash=presented).first()
    )
    if ticket is None or not hashes_match(ticket.code_hash, presented):
        return None
    return ticket


def ticket_detail(*, code: str) -> Ticket:
    """The public ticket page's data; an unknown code is one 404, whatever it is."""
    ticket = ticket_find(code)
    if ticket is None:
        raise NotFound(_("This ticket was not found."), code="ticket_not_found")
    return ticket


def ticket_answer(code: str) -> dict:
    """`GET /api/tickets/{code}/`'s answer (TicketOut), also carried in the ticket page's HTML
    (page_data.py); an unknown code raises NotFound."""
    found = ticket_detail(code=code)
    registration = found.registration
    check_in = getattr(found, "check_in", None)
    valid = admits(registration)
    return {
        "event": registration.event,
        "holder_name": registration.full_name,
        "reference": registration.payment_reference,
        "status": registration.registration_status,
        "valid": valid,
        "checked_in_at": check_in.scanned_at if check_in else None,
        # A ticket that lets nobody in has nothing to scan: no QR code to show at the door.
        "qr_svg": ticket_qr_svg(code) if valid else None,
    }


def admits(registration: Registration) -> bool:
    """Whether the ticket lets its holder in: an Approved seat of an event that was not cancelled."""
    return (
        registration.registration_status == Registration.Status.APPROVED
        and registration.event.status != Event.Status.CANCELLED
    )


def tickets_issue_missing(*, registration_model=Registration, ticket_model=Ticket) -> int:
    """Tickets for Approved registrations that have none (the demo's rows; the migration that
    brought tickets, for seats approved before). The models may be a migration's."""
    missing = registration_model.objects.filter(
        registration_status=Registration.Status.APPROVED, ticket__isnull=True
    ).values_list("pk", flat=True)
    tickets = [new_ticket(pk, model=ticket_model) for pk in missing.iterator(chunk_size=500)]
    ticket_model.objects.bulk_create(tickets, batch_size=500, ignore_conflicts=True)
    return len(tickets)
