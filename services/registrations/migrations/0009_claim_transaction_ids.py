"""The transaction ids registrations recorded, claimed in the shared table (services/core/payments.py)
so that a renewal can never be confirmed with one of them."""

from django.db import migrations

BATCH = 2000


def claim(apps, schema_editor):
    Registration = apps.get_model("registrations", "Registration")
    PaymentClaim = apps.get_model("core", "PaymentClaim")
    rows = (
        Registration.objects.exclude(transaction_id="")
        .order_by("pk")
        .values_list("pk", "transaction_id", "payment_reference")
    )
    batch = []
    for pk, transaction_id, reference in rows.iterator(chunk_size=BATCH):
        batch.append(
            PaymentClaim(
                transaction_id=transaction_id, kind="registration", object_id=pk, reference=reference or ""
            )
        )
        if len(batch) == BATCH:
            PaymentClaim.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    PaymentClaim.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_payment_claims"),
        ("registrations", "0008_event_reminders"),
    ]

    operations = [migrations.RunPython(claim, migrations.RunPython.noop)]
