from ninja import Router, Status

from .schemas import HealthOut
from .selectors import health_report

router = Router(tags=["ops"])


@router.get("health/", auth=None, response={200: HealthOut, 503: HealthOut}, summary="Health of every part")
def health(request):
    report = health_report()
    return Status(200 if report["status"] == "ok" else 503, report)
