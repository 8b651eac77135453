import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "services.settings")
application = get_asgi_application()

# No system checks here either: with DJANGO_DEBUG off, no web on placeholder payment details.
from services.core.checks import refuse_to_start_without_details  # noqa: E402

refuse_to_start_without_details()
