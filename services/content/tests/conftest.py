import pytest


@pytest.fixture(autouse=True)
def _media(settings, tmp_path):
    """Each test its own folder of uploaded files, and the public lists' shared version at once."""
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0
    return settings.MEDIA_ROOT
