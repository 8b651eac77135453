from typing import Any

from ninja import Schema


class HealthOut(Schema):
    status: str
    checks: dict[str, dict[str, Any]]
