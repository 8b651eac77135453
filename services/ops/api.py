from django.conf import settings
from ninja import Router, Status

from .schemas import ConfigOut, HealthOut
from .selectors import health_report

router = Router(tags=["ops"])


@router.get("health/", auth=None, response={200: HealthOut, 503: HealthOut}, summary="Health of every part")
def health(request):
    report = health_report()
    return Status(200 if report["status"] == "ok" else 503, report)


@router.get("config/", auth=None, response={200: ConfigOut}, summary="Public runtime settings of the web app")
def config(request):
    return {
        "map_tile_url": settings.MAP_TILE_URL,
        "map_attribution": settings.MAP_ATTRIBUTION,
        "association": {
            key: settings.ASSOCIATION[key] for key in ("name", "short_name", "email", "phone", "address")
        },
    }
