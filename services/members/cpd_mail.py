"""The certificate of attendance in the e-mail that announces a CPD credit: made when the e-mail
is rendered, from the credit as it is then (`_credit`: its id; no code is kept with the e-mail).
A credit revoked or erased since: the e-mail goes without it."""

from services.notifications.parts import Parts, parts_for

from .certificates import certificate_pdf
from .cpd import TEMPLATE
from .models import CpdCredit

CERTIFICATE_PDF = "cpd-certificate.pdf"


@parts_for(TEMPLATE)
def certificate_parts(notification) -> Parts:
    credit_id = notification.context.get("_credit")
    credit = (
        CpdCredit.objects.select_related("member").filter(pk=credit_id, revoked_at__isnull=True).first()
        if credit_id
        else None
    )
    if credit is None:
        return Parts()
    certificate = (CERTIFICATE_PDF, certificate_pdf(credit, credit.member), "application/pdf")
    return Parts(context={"certificate_attached": True}, attachments=[certificate])
