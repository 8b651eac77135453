import pytest

from services.dashboard import selectors


@pytest.fixture(autouse=True)
def _fresh_summary():
    """Each test's rows are its own: no figures kept from the previous test's (bulk rows send no signal)."""
    selectors.summary_stale()
    yield
