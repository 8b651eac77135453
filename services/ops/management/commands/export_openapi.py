import json

from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Write the OpenAPI document of /api/ (the one django-ninja serves at /api/openapi.json) to "
        "standard output, without a server: the frontend generates its API types from it "
        "(make api-types)."
    )
    # A build step (make api-types): it needs no database, no association details.
    requires_system_checks: list[str] = []

    def handle(self, *args, **options):
        from services.api import api

        schema = api.get_openapi_schema(path_prefix="/api/")
        # Stable text: sorted keys, so that a regeneration differs only where the API did.
        self.stdout.write(json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False))
