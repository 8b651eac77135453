"""The transaction ids membership periods recorded, claimed in the shared table
(services/core/payments.py); where a registration already claimed the same id, it keeps it."""

from django.db import migrations

BATCH = 2000


def claim(apps, schema_editor):
    MembershipPeriod = apps.get_model("members", "MembershipPeriod")
    PaymentClaim = apps.get_model("core", "PaymentClaim")
    rows = (
        MembershipPeriod.objects.exclude(transaction_id="")
        .order_by("pk")
        .values_list("pk", "transaction_id", "payment_reference", "member__membership_number")
    )
    batch = []
    for pk, transaction_id, reference, number in rows.iterator(chunk_size=BATCH):
        # What staff read in a refusal: the renewal's reference, or the member's number.
        label = reference or number or ""
        batch.append(
            PaymentClaim(transaction_id=transaction_id, kind="period", object_id=pk, reference=label)
        )
        if len(batch) == BATCH:
            PaymentClaim.objects.bulk_create(batch, ignore_conflicts=True)
            batch = []
    PaymentClaim.objects.bulk_create(batch, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_payment_claims"),
        ("members", "0014_renewals"),
    ]

    operations = [migrations.RunPython(claim, migrations.RunPython.noop)]
