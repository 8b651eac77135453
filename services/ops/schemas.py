from typing import Any

from ninja import Schema


class HealthOut(Schema):
    status: str
    checks: dict[str, dict[str, Any]] | None = None  # for staff and the monitoring token only


class ConfigOut(Schema):
    map_tile_url: str
    map_attribution: str
    association: dict[str, str]
    # The largest resource file staff may upload (the Content page states it before uploading).
    resource_upload_max_mb: int
