from django.utils.translation import gettext as _
from ninja import Router

from services.core.api import ErrorOut, MessageOut
from services.core.throttling import ActionThrottle

from .schemas import ContactIn
from .services import contact_message_submit

router = Router(tags=["content"])
# Resources and updates live at /api/resources/ and /api/updates/ (public reads, staff writes).
public_router = Router(tags=["content"])


@router.post(
    "contact-form/",
    auth=None,
    response={200: MessageOut, 400: ErrorOut, 429: ErrorOut},
    throttle=[ActionThrottle("contact", fail_open=True)],
    summary="Send a message to the association",
)
def contact_form(request, payload: ContactIn):
    contact_message_submit(name=payload.name, email=payload.email, message=payload.message)
    return {"message": _("Your message has been sent successfully!")}
