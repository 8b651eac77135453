from django.utils.translation import gettext as _
from ninja import Router

from services.core.api import ErrorOut

from . import selectors, services
from .schemas import ErasedOut, EraseIn, PrivacyOut

router = Router(tags=["privacy"])


@router.get("privacy/", auth=None, response={200: PrivacyOut}, summary="What the privacy page states")
def privacy(request):
    return {"retention": selectors.retention_periods()}


@router.post(
    "management/personal-data/erase/",
    response={200: ErasedOut, 400: ErrorOut, 401: ErrorOut, 403: ErrorOut},
    summary="Erase everything about one e-mail address (staff); answers how much of each kind went",
)
def personal_data_erase(request, payload: EraseIn):
    counts = services.personal_data_erase(email=payload.email, by=request.auth)
    return {**counts, "message": _("Everything about this address was erased.")}
