from django.conf import settings
from django.utils.crypto import constant_time_compare
from ninja import Router, Status
from ninja.errors import AuthorizationError

from services.accounts.auth import staff_user_or_none

from .schemas import ConfigOut, HealthOut
from .selectors import health_report

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
    except AuthorizationError:
        return False


@router.get(
    "health/",
    auth=None,
    response={200: HealthOut, 503: HealthOut},
    exclude_none=True,
    summary="Health of every part (the detail for staff and monitoring only)",
)
def health(request):
    report = health_report()
    status = 503 if report["status"] == "unhealthy" else 200
    if not _may_see_health_detail(request):
        report = {"status": report["status"]}
    return Status(status, report)


@router.get("config/", auth=None, response={200: ConfigOut}, summary="Public runtime settings of the web app")
def config(request):
    return {
        "map_tile_url": settings.MAP_TILE_URL,
        "map_attribution": settings.MAP_ATTRIBUTION,
        "association": {
            key: settings.ASSOCIATION[key] for key in ("name", "short_name", "email", "phone", "address")
        },
        "resource_upload_max_mb": settings.RESOURCE_UPLOAD_MAX_MB,
    }
