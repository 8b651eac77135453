from django.core.management.base import BaseCommand, CommandError

from services.core.catalogues import CatalogueError, compile_catalogues


class Command(BaseCommand):
    help = (
        "Compile the server's translation catalogues (services/locale/*/LC_MESSAGES/*.po) to .mo "
        "files, in pure Python: Django's compilemessages without gettext's msgfmt."
    )
    # A build step (make build, images): it needs no database, no association details.
    requires_system_checks: list[str] = []

    def handle(self, *args, **options):
        try:
            written = compile_catalogues()
        except CatalogueError as exc:
            raise CommandError(f"Catalogues with faults (not compiled):\n{exc}") from exc
        for path in written:
            self.stdout.write(f"compiled {path}")
