from django.conf import settings
from django.db import DatabaseError
from django.utils.crypto import constant_time_compare
from django.utils.translation import gettext as _
from ninja import Router, Status
from ninja.errors import AuthorizationError

from services.accounts.auth import staff_user_or_none
from services.core.api import ErrorOut, MessageOut

from .health import health_report, health_status
from .schemas import ConfigOut, HealthOut, SystemOut
from .services import dead_delivery_run_again, failed_email_retry
from .system_report import system_report

router = Router(tags=["ops"])


def _may_see_health_detail(request) -> bool:
    """A staff access token, or the shared monitoring token of the environment (HEALTH_TOKEN)."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if (
        settings.HEALTH_TOKEN
        and scheme.lower() == "bearer"
        and constant_time_compare(token, settings.HEALTH_TOKEN)
    ):
        return True
    try:
        return staff_user_or_none(request) is not None
    except (AuthorizationError, DatabaseError):  # the database down: the status says so
        return False


@router.get(
    "health/",
    auth=None,
    response={200: HealthOut, 503: HealthOut},
    exclude_none=True,
    summary="Health of every part (the detail for staff and monitoring only)",
)
def health(request):
    # Anybody else gets the status alone, found at most every few seconds (health.health_status).
    report = health_report() if _may_see_health_detail(request) else {"status": health_status()}
    return Status(503 if report["status"] == "unhealthy" else 200, report)


@router.get("config/", auth=None, response={200: ConfigOut}, summary="Public runtime settings of the web app")
def config(request):
    return {
        "map_tile_url": settings.MAP_TILE_URL,
        "map_attribution": settings.MAP_ATTRIBUTION,
        "association": {
            key: settings.ASSOCIATION[key] for key in ("name", "short_name", "email", "phone", "address")
        },
        "resource_upload_max_mb": settings.RESOURCE_UPLOAD_MAX_MB,
        "signed_video_max_mb": settings.SIGNED_VIDEO_MAX_MB,
        "signed_video_chunk_max_mb": settings.SIGNED_VIDEO_CHUNK_MAX_MB,
        "public_form_challenge": settings.PUBLIC_FORM_CHALLENGE,
        "registration_payment_deadline_hours": settings.REGISTRATION_PAYMENT_DEADLINE_HOURS,
        "membership_fees": settings.MEMBERSHIP_FEES,
        "payment": settings.PAYMENT_DETAILS,
        "demo": settings.DETAILS_DEMO,
    }


ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}


@router.get(
    "management/system/",
    response={200: SystemOut, 401: ErrorOut, 403: ErrorOut},
    summary="System page: workers, queues, outbox, beat, e-mails (staff)",
)
def system(request):
    return system_report()


@router.post(
    "management/system/deliveries/{int:delivery_id}/run-again/",
    response={200: MessageOut, **ERRORS},
    summary="Run a dead delivery again (as Django admin's action does)",
)
def delivery_run_again(request, delivery_id: int):
    dead_delivery_run_again(delivery_id=delivery_id)
    return {"message": _("The delivery was handed to a worker again.")}


@router.post(
    "management/system/emails/{int:notification_id}/retry/",
    response={200: MessageOut, **ERRORS},
    summary="Send a failed e-mail again (as Django admin's action does)",
)
def email_retry(request, notification_id: int):
    failed_email_retry(notification_id=notification_id)
    return {"message": _("The e-mail was queued to be sent again.")}
