import pytest

from services.accounts.tests.factories import make_user
from services.accounts.tokens import token_pair_issue
from services.members.tests.helpers import make_member
from services.registrations.models import Registration

from .factories import association, bulk, check_in

pytestmark = pytest.mark.django_db

SUMMARY = "/api/dashboard/summary/"
REPORTS = [
    "/api/dashboard/reports/attendance/",
    "/api/dashboard/reports/activities/",
    "/api/dashboard/reports/growth/",
]
AUTH = 1  # the token's user
# The figures: 3 aggregates (members, registrations, events), 2 of the erased rows' anonymous
# tallies and 3 short lists.
SUMMARY_QUERIES = AUTH + 8
# Rows, totals and count (attendance); rows and count (activities); the periods per month and
# the retention (growth; two more for the erased members' periods when nothing is searched).
REPORT_QUERIES = {REPORTS[0]: AUTH + 3, REPORTS[1]: AUTH + 2, REPORTS[2]: AUTH + 2}
GROWTH_UNSEARCHED_QUERIES = AUTH + 4


def test_the_summary_answers_the_home_pages_figures(staff_client, staff):
    association(staff)
    body = staff_client.get(SUMMARY).json()
    assert body["members"] == {"total": 5, "active": 2, "inactive": 1, "pending": 2, "expiring_30_days": 0}
    assert body["registrations"] == {"total": 8, "pending": 1, "approved": 6, "rejected": 1}
    assert body["events"] == {"total": 5, "upcoming": 1}
    [gala] = body["upcoming_events"]
    assert (gala["title"], gala["total_registrations_count"], gala["maximum_attendees"]) == (
        "Future Gala",
        0,
        None,
    )
    assert body["recent_events"][0]["title"] == "Future Gala"
    latest = body["recent_registrations"][0]
    assert set(latest) == {
        "id",
        "full_name",
        "event_id",
        "event_title",
        "registration_status",
        "registration_date",
    }


@pytest.mark.parametrize("size", [10, 1000])
def test_the_summary_costs_the_same_queries_for_10_or_1000_rows(
    staff_client, django_assert_num_queries, size
):
    bulk(size)
    with django_assert_num_queries(SUMMARY_QUERIES):
        response = staff_client.get(SUMMARY)
    assert response.status_code == 200
    body = response.json()
    assert body["events"]["total"] == size
    assert len(body["upcoming_events"]) == 3 and len(body["recent_registrations"]) == 5


def test_the_summary_is_kept_a_few_seconds_and_a_write_shows_at_once(
    staff_client, staff, django_assert_num_queries
):
    association(staff)
    first = staff_client.get(SUMMARY).json()
    with django_assert_num_queries(AUTH):  # the figures this process counted a moment ago
        assert staff_client.get(SUMMARY).json() == first
    make_member(99)  # a new application, saved by this process
    after = staff_client.get(SUMMARY).json()
    assert after["members"]["total"] == first["members"]["total"] + 1
    assert after["members"]["pending"] == first["members"]["pending"] + 1


@pytest.mark.parametrize("url", REPORTS)
@pytest.mark.parametrize("size", [10, 1000])
def test_each_report_costs_the_same_queries_for_10_or_1000_rows(
    staff_client, django_assert_num_queries, url, size
):
    bulk(size)
    # Some doors scanned (those events count their check-ins), the others did not.
    approved = Registration.objects.filter(registration_status="Approved").order_by("pk")
    for registration in approved[: size // 10]:
        check_in(registration)
    with django_assert_num_queries(REPORT_QUERIES[url]):
        response = staff_client.get(url, {"period": "year", "search": "bulk"})
    assert response.status_code == 200
    if url == REPORTS[2]:
        with django_assert_num_queries(GROWTH_UNSEARCHED_QUERIES):
            assert staff_client.get(url, {"period": "year"}).status_code == 200


@pytest.mark.parametrize("url", REPORTS[:2])
def test_report_rows_are_bounded_while_the_counts_cover_everything(staff_client, url):
    bulk(1000)
    body = staff_client.get(url, {"period": "year"}).json()
    assert len(body["rows"]) == 100 and body["count"] > 100


def test_reports_answer_the_figures_of_the_period(staff_client, staff):
    association(staff)
    attendance = staff_client.get(REPORTS[0], {"period": "year"}).json()
    assert attendance["period"] == "year"
    assert attendance["totals"] == {
        "total_attendees": 5,
        "members": 3,
        "non_members": 2,
        "member_attendance_rate": 60.0,
        "events_from_confirmed_seats": 2,
    }
    assert [row["event_name"] for row in attendance["rows"]] == ["Past Workshop", "Old Conference"]
    assert {row["counted_from"] for row in attendance["rows"]} == {"confirmed_seats"}
    activities = staff_client.get(REPORTS[1], {"period": "month", "search": "dan"}).json()
    assert [(row["kind"], row["decided_by"]) for row in activities["rows"]] == [
        ("member_rejected", "Grace Mukamana"),
        ("member_applied", None),
        ("registration_submitted", None),
    ]
    growth = staff_client.get(REPORTS[2], {"period": "year"}).json()
    assert growth["totals"]["retention_rate"] == 50.0
    assert len(growth["rows"]) in (12, 13)


@pytest.mark.parametrize("url", [SUMMARY, *REPORTS])
def test_only_staff_see_the_figures(client, url):
    anonymous = client.get(url)
    assert (anonymous.status_code, anonymous.json()["code"]) == (401, "not_authenticated")
    visitor = make_user("visitor", staff=False)
    token = token_pair_issue(user=visitor).access
    refused = client.get(url, HTTP_AUTHORIZATION=f"Bearer {token}")
    assert (refused.status_code, refused.json()["code"]) == (403, "permission_denied")


@pytest.mark.parametrize("url", REPORTS)
@pytest.mark.parametrize(
    ("query", "field"),
    [({"period": "fortnight"}, "period"), ({"period": "Year"}, "period"), ({"search": "x" * 101}, "search")],
)
def test_bad_report_input_answers_the_envelope(staff_client, url, query, field):
    response = staff_client.get(url, query)
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "validation_error"
    assert list(body["fields"]) == [field]
    assert body["detail"]


@pytest.mark.parametrize("url", REPORTS)
def test_control_characters_in_the_search_are_refused(staff_client, url):
    response = staff_client.get(url, {"search": "work\x00shop"})
    assert (response.status_code, response.json()["code"]) == (400, "forbidden_characters")
