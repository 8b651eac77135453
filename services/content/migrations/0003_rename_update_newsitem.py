from django.db import migrations


class Migration(migrations.Migration):
    """The model of the Updates page's news items was called Update, which read as a verb
    (`update_update`); the table and its rows stay, renamed."""

    dependencies = [("content", "0002_resources_and_updates")]

    operations = [migrations.RenameModel("Update", "NewsItem")]
