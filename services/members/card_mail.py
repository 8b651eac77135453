"""The membership card in the e-mails that welcome a member (and, later, confirm a renewal):
attached as a PDF, made when the e-mail is rendered from the member as they are then. The stored
e-mail holds only the member's id (`_card`); no code is kept with it."""

from services.notifications.parts import Parts, parts_for

from .cards import membership_card_pdf
from .models import Member

CARD_PDF = "membership-card.pdf"


@parts_for("member_approved", "renewal_confirmed")
def card_parts(notification) -> Parts:
    member_id = notification.context.get("_card")
    member = Member.objects.filter(pk=member_id).first() if member_id else None
    if member is None or not member.verify_code_sealed:  # erased since, or no card to give
        return Parts()
    card = (CARD_PDF, membership_card_pdf(member), "application/pdf")
    return Parts(context={"card_attached": True}, attachments=[card])
