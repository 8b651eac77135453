from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0005_event_image"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="end_time",
            field=models.TimeField(blank=True, null=True),
        ),
    ]
