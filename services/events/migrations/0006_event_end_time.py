from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0003_event_payment_deadline"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="end_time",
            field=models.TimeField(blank=True, null=True),
        ),
    ]
