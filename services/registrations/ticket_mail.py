"""The ticket in the e-mails of a confirmed seat (the confirmation, the reminders): its QR code
shown in the HTML part and attached as a PNG, and the link to its page. The stored e-mail holds
the code only sealed (`_ticket`); the image and the link are made when the e-mail is rendered."""

from services.notifications.parts import Inline, Parts, parts_for

from .models import Ticket
from .tickets import ticket_link, ticket_qr_png, unseal

TICKET_CID = "ticket-qr@tickets"
TICKET_PNG = "ticket.png"


def sealed_ticket(registration_id: int) -> str:
    """The sealed code to store with an e-mail (blank: no ticket, the e-mail goes without it)."""
    return (
        Ticket.objects.filter(registration_id=registration_id).values_list("code_sealed", flat=True).first()
        or ""
    )


@parts_for("registration_approved", "event_reminder")
def ticket_parts(notification) -> Parts:
    sealed = notification.context.get("_ticket")
    code = unseal(sealed) if sealed else None
    if code is None:  # none stored, or sealed under a secret no longer configured
        return Parts()
    png = ticket_qr_png(code)
    return Parts(
        context={"ticket_link": ticket_link(code), "ticket_cid": TICKET_CID, "ticket_png": TICKET_PNG},
        inline=[Inline(cid=TICKET_CID, filename=TICKET_PNG, content=png)],
        attachments=[(TICKET_PNG, png, "image/png")],
    )
