"""Members gain their membership card's verification code (members/verification.py); every member
Approved before gets one, in batches."""

from django.db import migrations, models


def issue_codes(apps, schema_editor) -> None:
    from services.members.verification import card_codes_issue_missing

    card_codes_issue_missing(member_model=apps.get_model("members", "Member"))


class Migration(migrations.Migration):
    dependencies = [
        ("members", "0008_renewal_notices"),
    ]

    operations = [
        migrations.AddField(
            model_name="member",
            name="verify_code_hash",
            field=models.CharField(blank=True, editable=False, max_length=64, null=True, unique=True),
        ),
        migrations.AddField(
            model_name="member",
            name="verify_code_sealed",
            field=models.TextField(blank=True, default="", editable=False),
        ),
        # The codes are new rows' data: removing them goes with the fields.
        migrations.RunPython(issue_codes, migrations.RunPython.noop),
    ]
