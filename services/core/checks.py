"""Refuse to start, with DJANGO_DEBUG off, while the association's details or the site's address are
unset or placeholders (services/core/details.py). Registered as a system check (so `manage.py check`,
`migrate` and the like stop), and run by the web (services/wsgi.py) and the worker and beat
(worker/app.py) as they start, which Django's checks alone would not cover."""

import os

from django.conf import settings
from django.core.checks import Error, register
from django.core.exceptions import ImproperlyConfigured

from . import details

NAMES = (*details.REQUIRED, "FRONTEND_URL")  # core.E001 … core.E011, one per variable


def details_errors(environ=None) -> list[Error]:
    if settings.DEBUG:
        return []  # `make run`: demo values, marked as such wherever a payer reads them
    return [
        Error(
            f"{name} {problem}.",
            hint="compose/.env.example and docs/operations.md say what it is.",
            id=f"core.E{NAMES.index(name) + 1:03d}",
        )
        for name, problem in details.problems(os.environ if environ is None else environ)
    ]


@register("deployment")
def association_details_check(app_configs, **kwargs) -> list[Error]:
    return details_errors()


def refuse_to_start_without_details() -> None:
    """For the processes that run no system checks (gunicorn, celery): stop with every name."""
    errors = details_errors()
    if errors:
        raise ImproperlyConfigured(
            "The portal does not start with DJANGO_DEBUG off until these are set: "
            + " ".join(error.msg for error in errors)
        )
