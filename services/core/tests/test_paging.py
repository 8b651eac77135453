"""core.paging: one page counted and sliced in the database, its bounds refused with the envelope's
fields, a page past the end answered with the last one."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from services.core.errors import ValidationFailed
from services.core.models import UsedChallenge
from services.core.paging import Page, paginate


@pytest.fixture
def rows(db):
    expires = timezone.now()
    UsedChallenge.objects.bulk_create(
        UsedChallenge(signature=f"s{n:02d}", expires_at=expires) for n in range(23)
    )
    return UsedChallenge.objects.order_by("signature")


def signatures(page: Page) -> list[str]:
    return [row.signature for row in page.results]


def test_a_page_is_one_count_and_one_slice(rows):
    with CaptureQueriesContext(connection) as queries:
        page = paginate(rows, page=2, page_size=10)
    assert len(queries) == 2
    assert (page.count, page.page, page.page_size, page.total_pages) == (23, 2, 10, 3)
    assert signatures(page) == [f"s{n:02d}" for n in range(10, 20)]


def test_the_last_page_holds_the_rest_and_a_page_past_the_end_shows_the_last(rows):
    assert signatures(paginate(rows, page=3, page_size=10)) == ["s20", "s21", "s22"]
    past = paginate(rows, page=99, page_size=10)
    assert (past.page, signatures(past)) == (3, ["s20", "s21", "s22"])


def test_without_page_or_size_the_first_ten(rows):
    page = paginate(rows, page=None, page_size=None)
    assert (page.page, page.page_size, len(page.results)) == (1, 10, 10)


def test_an_empty_list_is_one_empty_page(db):
    page = paginate(UsedChallenge.objects.all(), page=5, page_size=5)
    assert (page.count, page.page, page.total_pages, page.results) == (0, 1, 1, [])


@pytest.mark.parametrize("size", [3, 100])
def test_a_size_outside_the_allowed_ones_is_refused(rows, size):
    with pytest.raises(ValidationFailed) as refused:
        paginate(rows, page=1, page_size=size)
    assert refused.value.message == "Page size must be one of 5, 10, 20, 50."
    assert set(refused.value.fields) == {"page_size"}
    with pytest.raises(ValidationFailed, match="one of 10, 20"):
        paginate(rows, page=1, page_size=size, sizes=(10, 20))


@pytest.mark.parametrize(("size", "allowed"), [(1, True), (100, True), (0, True), (101, False), (-1, False)])
def test_any_size_from_1_to_100_when_the_list_allows_any(rows, size, allowed):
    # 0 (or no size) is the default size of 10.
    if allowed:
        assert paginate(rows, page=1, page_size=size, sizes=None).page_size == (size or 10)
        return
    with pytest.raises(ValidationFailed) as refused:
        paginate(rows, page=1, page_size=size, sizes=None)
    assert refused.value.message == "Page size must be between 1 and 100."
    assert set(refused.value.fields) == {"page_size"}


@pytest.mark.parametrize("number", [0, -3])
def test_a_page_below_1_is_refused(rows, number):
    with pytest.raises(ValidationFailed) as refused:
        paginate(rows, page=number, page_size=10)
    assert refused.value.message == "Page must be 1 or more."
    assert set(refused.value.fields) == {"page"}
