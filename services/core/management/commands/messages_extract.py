from django.conf import settings
from django.core.management.commands import makemessages

from services.core.catalogues import EXTENSIONS, IGNORED


class Command(makemessages.Command):
    help = (
        "Update the server's catalogues from the code: Django's makemessages for every language of "
        "settings.LANGUAGES (or --locale), over .py, .html and .txt files, file names only as "
        "locations, and no obsolete entries. New texts arrive untranslated (or fuzzy: a guess to "
        "check). Needs gettext (xgettext, msgmerge)."
    )

    def handle(self, *args, **options):
        options.update(
            locale=options["locale"] or [code for code, _name in settings.LANGUAGES],
            domain="django",
            all=False,
            extensions=EXTENSIONS,
            ignore_patterns=[*options["ignore_patterns"], *IGNORED],
            add_location="file",
            no_obsolete=True,
        )
        super().handle(*args, **options)
