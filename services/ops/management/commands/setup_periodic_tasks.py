from django.core.management.base import BaseCommand
from django.db import transaction
from django_celery_beat.models import CrontabSchedule, IntervalSchedule, PeriodicTask

from worker.schedule import BEAT_SCHEDULE, Daily, Every

IN_CODE = "Defined in worker/schedule.py"


class Command(BaseCommand):
    help = "Write the periodic tasks of worker/schedule.py to django-celery-beat's tables (idempotent)."

    @transaction.atomic
    def handle(self, *args, **options):
        for name, (task, when) in BEAT_SCHEDULE.items():
            schedule = {"interval": None, "crontab": None}
            if isinstance(when, Every):
                schedule["interval"], _ = IntervalSchedule.objects.get_or_create(
                    every=when.seconds, period=IntervalSchedule.SECONDS
                )
            elif isinstance(when, Daily):
                schedule["crontab"], _ = CrontabSchedule.objects.get_or_create(
                    minute=str(when.minute),
                    hour=str(when.hour),
                    day_of_week="*",
                    day_of_month="*",
                    month_of_year="*",
                    timezone="Africa/Kigali",
                )
            PeriodicTask.objects.update_or_create(
                name=name, defaults={"task": task, "enabled": True, "description": IN_CODE, **schedule}
            )
        # Tasks once defined in code and since removed stop running; ones added by hand stay.
        PeriodicTask.objects.filter(description=IN_CODE).exclude(name__in=BEAT_SCHEDULE).update(enabled=False)
        self.stdout.write(f"{len(BEAT_SCHEDULE)} periodic tasks set up.")
