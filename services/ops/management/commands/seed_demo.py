import os

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction
from django.utils import timezone

from services.accounts.models import StaffProfile
from services.content.demo import seed_content
from services.cpd.crediting import cpd_sweep
from services.events.demo import seed_events
from services.events.demo_images import seed_event_images
from services.interpreting.demo import seed_interpreters
from services.members.demo import seed_member_history, seed_members
from services.registrations.demo import seed_attendance, seed_registrations

DEMO_USERNAME = "admin"
DEMO_EMAIL = "admin@example.org"


class Command(BaseCommand):
    help = "Load the demo data (idempotent): a staff user now, the domains' sample data as they arrive."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Allow outside the embedded/debug modes.")

    @transaction.atomic
    def handle(self, *args, force=False, **options):
        if not (settings.DEBUG or settings.EMBEDDED or force):
            raise CommandError("Refusing to load demo data into a production database (use --force).")
        password = os.environ.get("DEMO_ADMIN_PASSWORD", "portal-demo-2026")
        user, created = get_user_model().objects.get_or_create(
            username=DEMO_USERNAME,
            defaults={
                "email": DEMO_EMAIL,
                "first_name": "Demo",
                "last_name": "Administrator",
                "is_staff": True,
                "is_superuser": True,
            },
        )
        if created:
            user.set_password(password)
            user.save(update_fields=["password"])
        StaffProfile.objects.get_or_create(
            user=user,
            defaults={
                "role": "Administrator",
                "phone": "+250 788 123 456",
                "preferred_language": "Kinyarwanda",
                "occupation": "Sign language interpreter",
                "organization": "RNSLIA secretariat",
                "experience_years": 8,
                "preferred_communication_language": "Rwandan Sign Language",
                "skills": "Conference interpreting, training",
                "areas_of_interest": ["Advocacy", "Training"],
                "certifications": "Certified interpreter (2019)",
            },
        )
        events = seed_events(today=timezone.localdate(), by=user)
        seed_event_images()  # a drawing of our own for each event (services/events/demo_images.py)
        registrations = seed_registrations()
        members = seed_members(year=timezone.localdate().year)
        content = seed_content(today=timezone.localdate(), by=user)
        # For the reports: members approved over the past months (some renewed) and who came
        # to the past events.
        members += seed_member_history(today=timezone.localdate(), by=user)
        registrations += seed_attendance(by=user)
        interpreters = seed_interpreters()  # profiles of some of those members (the directory)
        # The members checked in at the past events with CPD hours get them (and their certificates).
        cpd_sweep()
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data ready ({events} new events, {registrations} new registrations,"
                f" {members} new members, {interpreters} new interpreter profiles,"
                f" {content} new resources and updates)."
            )
        )
        self.stdout.write(
            f"  Staff user: {DEMO_USERNAME} / {password}" + ("" if created else " (unless changed since)")
        )
