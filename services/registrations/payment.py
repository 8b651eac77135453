"""How to pay for a seat: the same words on screen (the registration answer) and in e-mails."""

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _

from services.core.money import CURRENCY, amount_text
from services.core.payments import payment_methods
from services.events.models import Event


def is_free(event: Event) -> bool:
    """SPEC: a price of 0 or empty is free. A free seat needs no payment, reference or deadline."""
    return not (event.price is not None and event.price > 0)


def payment_details(event: Event, reference: str) -> dict[str, Any]:
    association = settings.ASSOCIATION
    paid = not is_free(event)
    contact_email = event.contact_email or association["email"]
    contact_phone = event.contact_phone or association["phone"]
    if paid:
        amount = amount_text(event.price)
        status = _("Pending payment: your seat is confirmed once we receive it.")
        methods = payment_methods(event.price, reference)
        next_steps = _(
            "Pay with Mobile Money or a bank transfer and write your reference %(reference)s in the "
            "payment message. We confirm your seat by e-mail once the payment arrives."
        ) % {"reference": reference}
    else:
        amount = ""
        status = _("This event is free: no payment is needed.")
        methods = {}
        next_steps = _("Open the link in the e-mail we sent you: that confirms your seat.")
    return {
        # `make run`'s demo details: the page says "demo, not a real account" (never in production).
        "demo": paid and settings.DETAILS_DEMO,
        "amount": float(event.price) if paid else None,
        "amount_text": amount,
        "currency": CURRENCY,
        "payment_status": status,
        "methods": methods,
        "next_steps": next_steps,
        "contact_message": _("Questions about payment or access? Contact the organisers:")
        if paid
        else _("Questions about access? Contact the organisers:"),
        "contact_email": contact_email,
        "contact_phone": contact_phone,
    }
