from pathlib import Path

import pytest

from services.content.handlers import _invalidate_public_lists
from services.content.models import Resource
from services.core.pdf import text_pdf
from services.outbox.models import OutboxMessage

from .factories import RESOURCES, SAMPLES, make_resource, put_multipart, upload

TYPE_REFUSED = "This file type is not allowed. Use PDF, Office documents or images."


def stored_files(media: Path) -> list[Path]:
    return sorted(path for path in media.rglob("*") if path.is_file())


def create(client, **data):
    return client.post(RESOURCES, data=data)


# --- Creating ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_staff_upload_a_pdf_and_the_public_list_links_its_download(staff_client, staff, client, _media):
    response = create(
        staff_client, title="  Annual Report 2025 ", description="What we did.", file=upload("My Report.PDF")
    )
    assert response.status_code == 201
    body = response.json()
    resource = Resource.objects.get()
    assert body["file"] == f"/api/resources/{resource.pk}/file/"
    assert (body["title"], body["description"], body["url"]) == ("Annual Report 2025", "What we did.", "")
    assert (body["file_name"], body["file_type"]) == ("Annual Report 2025.pdf", "application/pdf")
    assert body["file_size"] == len(text_pdf("Report"))
    assert resource.created_by == staff
    # Stored under a random name of ours: nothing of the browser's file name reaches the disk.
    [stored] = stored_files(_media)
    assert stored.parent == _media / "resources" and stored.suffix == ".pdf" and "Report" not in stored.name
    assert OutboxMessage.objects.filter(topic="content.resource_changed").count() == 1

    assert client.get(RESOURCES).json() == [body]
    assert client.get(f"{RESOURCES}{resource.pk}/").json() == body


@pytest.mark.django_db
def test_a_link_resource_opens_the_link(staff_client, _media):
    response = create(staff_client, title="Dictionary", url="https://example.org/rsl.pdf")
    assert response.status_code == 201
    body = response.json()
    assert body["file"] == body["url"] == "https://example.org/rsl.pdf"
    assert (body["file_name"], body["file_type"], body["file_size"]) == ("", "", None)
    assert stored_files(_media) == []


@pytest.mark.django_db
@pytest.mark.parametrize("extension", list(SAMPLES))
def test_every_accepted_kind_is_stored_with_our_type_not_the_browsers(staff_client, extension):
    content, content_type = SAMPLES[extension]
    response = create(staff_client, title="Doc", file=upload(f"doc.{extension}", content, "text/html"))
    assert response.status_code == 201, response.json()
    assert response.json()["file_type"] == content_type


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("page.html", b"<html><script>alert(1)</script></html>"),
        ("drawing.svg", b"<svg xmlns='http://www.w3.org/2000/svg'/>"),
        ("tool.exe", b"MZ\x90\x00"),
        ("no-extension", text_pdf("x")),
        # The extension is allowed, but the bytes say otherwise.
        ("report.pdf", b"<html><script>alert(1)</script></html>"),
        ("photo.png", text_pdf("x")),
        ("photo.jpg", b"GIF89a"),
        ("photo.webp", b"RIFF\x24\x00\x00\x00WAVEfmt "),
        ("letter.docx", SAMPLES["xlsx"][0]),  # a spreadsheet package named as a text document
        ("letter.docx", b"PK\x03\x04 not really a zip"),
        ("letter.odt", SAMPLES["ods"][0]),
        ("letter.doc", text_pdf("x")),
    ],
)
def test_a_file_is_judged_by_its_extension_and_its_content(staff_client, _media, name, content):
    response = create(staff_client, title="Doc", file=upload(name, content, "application/pdf"))
    assert response.status_code == 400
    assert response.json()["fields"] == {"file": TYPE_REFUSED}
    assert not Resource.objects.exists() and stored_files(_media) == []


@pytest.mark.django_db
def test_a_file_over_the_limit_is_refused_with_the_limit(staff_client, settings, _media):
    settings.RESOURCE_UPLOAD_MAX_MB = 1
    just_over = text_pdf("x") + b" " * (1024 * 1024)
    response = create(staff_client, title="Big", file=upload("big.pdf", just_over))
    assert response.status_code == 400
    assert response.json()["fields"] == {"file": "This file is too large. The limit is 1 MB."}
    at_limit = create(staff_client, title="Fits", file=upload("fits.pdf", just_over[: 1024 * 1024]))
    assert at_limit.status_code == 201


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("data", "fields"),
    [
        ({"title": ""}, {"title", "file", "url"}),  # nothing at all
        ({"title": "   ", "url": "https://example.org/a.pdf"}, {"title"}),
        ({"title": "Both", "url": "https://example.org/a.pdf", "file": "upload"}, {"file", "url"}),
        ({"title": "Neither"}, {"file", "url"}),
        ({"title": "Script", "url": "javascript:alert(1)"}, {"url"}),
        ({"title": "FTP", "url": "ftp://example.org/a.pdf"}, {"url"}),
        ({"title": "x" * 201, "url": "https://example.org/a.pdf"}, {"title"}),
        ({"title": "Long", "description": "x" * 2001, "url": "https://example.org/a.pdf"}, {"description"}),
        ({"title": "Empty", "file": "empty"}, {"file"}),
    ],
)
def test_each_rule_names_its_field(staff_client, _media, data, fields):
    files = {"upload": upload(), "empty": upload("empty.pdf", b"")}
    response = create(staff_client, **{key: files.get(value, value) for key, value in data.items()})
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "validation_error" and set(body["fields"]) == fields
    assert body["detail"] in body["fields"].values()
    assert not Resource.objects.exists() and stored_files(_media) == []


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["title", "description", "url"])
def test_control_characters_are_refused_in_every_text_field(staff_client, field):
    data = {"title": "Report", "url": "https://example.org/a.pdf", field: "bad\x00value"}
    response = create(staff_client, **data)
    assert response.status_code == 400
    assert response.json()["code"] == "forbidden_characters"
    assert set(response.json()["fields"]) == {field}
    bidi = create(staff_client, title="Report\u202efdp.exe", url="https://example.org/a.pdf")
    assert bidi.json()["code"] == "forbidden_characters"
    assert not Resource.objects.exists()


@pytest.mark.django_db
def test_a_json_body_is_refused_as_the_wrong_media_type(staff_client):
    response = staff_client.post(RESOURCES, data={"title": "x"}, content_type="application/json")
    assert response.status_code == 415
    assert response.json()["detail"] == "The request body must be multipart/form-data."


@pytest.mark.django_db
def test_a_broken_multipart_body_is_a_400_not_a_crash(staff_client):
    response = staff_client.post(
        RESOURCES, data=b"--nope\r\nContent-Disposition: form-data\r\n", content_type="multipart/form-data"
    )
    assert response.status_code == 400
    assert response.json()["code"] == "bad_request"


@pytest.mark.django_db
def test_no_file_is_left_behind_when_the_transaction_fails(staff_client, monkeypatch, _media):
    from services.content import services

    def broken(event):
        raise RuntimeError("outbox down")

    monkeypatch.setattr(services, "publish", broken)
    with pytest.raises(RuntimeError):
        services.resource_create(title="Doomed", upload=upload())
    assert not Resource.objects.exists() and stored_files(_media) == []


# --- Editing and deleting ----------------------------------------------------------------


@pytest.mark.django_db
def test_editing_keeps_the_file_unless_a_new_file_or_link_replaces_it(
    staff_client, _media, django_capture_on_commit_callbacks
):
    resource = make_resource("Old title", description="Old")
    [first] = stored_files(_media)
    path = f"{RESOURCES}{resource.pk}/"

    kept = put_multipart(staff_client, path, {"title": "New title", "description": ""})
    assert kept.status_code == 200
    assert (kept.json()["title"], kept.json()["description"]) == ("New title", "")
    assert kept.json()["file_name"] == "New title.pdf" and stored_files(_media) == [first]

    with django_capture_on_commit_callbacks(execute=True):
        replaced = put_multipart(
            staff_client, path, {"title": "New title", "file": upload("v2.png", SAMPLES["png"][0])}
        )
    assert replaced.json()["file_type"] == "image/png"
    [second] = stored_files(_media)
    assert second != first and second.suffix == ".png"

    with django_capture_on_commit_callbacks(execute=True):
        linked = put_multipart(
            staff_client, path, {"title": "New title", "url": "https://example.org/v3.pdf"}
        )
    assert linked.json()["file"] == "https://example.org/v3.pdf"
    assert stored_files(_media) == []  # the replaced file is gone
    assert staff_client.get(f"{path}file/").status_code == 404

    both = put_multipart(staff_client, path, {"title": "x", "url": "https://example.org/a", "file": upload()})
    assert both.status_code == 400 and set(both.json()["fields"]) == {"file", "url"}
    assert OutboxMessage.objects.filter(topic="content.resource_changed").count() == 3


@pytest.mark.django_db
def test_delete_removes_the_row_and_its_file(staff_client, _media, django_capture_on_commit_callbacks):
    resource = make_resource()
    assert len(stored_files(_media)) == 1
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.delete(f"{RESOURCES}{resource.pk}/")
    assert response.status_code == 200 and response.json() == {"message": "Resource deleted."}
    assert not Resource.objects.exists() and stored_files(_media) == []
    assert staff_client.delete(f"{RESOURCES}{resource.pk}/").status_code == 404
    assert OutboxMessage.objects.filter(topic="content.resource_changed").count() == 1


# --- Who may do what ---------------------------------------------------------------------


@pytest.mark.django_db
def test_writes_are_for_staff_only(client, _media):
    from services.accounts.tests.factories import make_user
    from services.accounts.tokens import token_pair_issue

    resource = make_resource()
    member = token_pair_issue(user=make_user("member", staff=False)).access
    calls = [
        lambda **h: client.post(RESOURCES, data={"title": "x", "file": upload()}, **h),
        lambda **h: client.put(
            f"{RESOURCES}{resource.pk}/", data=b"", content_type="multipart/form-data", **h
        ),
        lambda **h: client.delete(f"{RESOURCES}{resource.pk}/", **h),
    ]
    for call in calls:
        assert call().status_code == 401
        assert call(HTTP_AUTHORIZATION=f"Bearer {member}").status_code == 403
    assert Resource.objects.get().title == resource.title and len(stored_files(_media)) == 1


# --- Public reads ------------------------------------------------------------------------


@pytest.mark.django_db
def test_public_list_is_newest_first_and_pages_and_searches_in_the_database(client):
    for i in range(12):
        make_resource(f"Report {i:02d}", description="Finance" if i % 3 == 0 else "")
    titles = [item["title"] for item in client.get(RESOURCES).json()]
    assert titles == [f"Report {i:02d}" for i in reversed(range(12))]

    page = client.get(f"{RESOURCES}?page=2&page_size=10").json()
    assert (page["count"], page["page"], page["total_pages"]) == (12, 2, 2)
    assert [item["title"] for item in page["results"]] == ["Report 01", "Report 00"]
    found = client.get(f"{RESOURCES}?search=finance&page_size=10").json()
    assert [item["title"] for item in found["results"]] == [
        "Report 09",
        "Report 06",
        "Report 03",
        "Report 00",
    ]
    assert len(client.get(f"{RESOURCES}?search=REPORT 1").json()) == 2
    bad = client.get(f"{RESOURCES}?page_size=7")
    assert bad.status_code == 400 and set(bad.json()["fields"]) == {"page_size"}
    assert client.get(f"{RESOURCES}999/").status_code == 404


@pytest.mark.django_db
def test_query_counts_do_not_grow_with_the_list(client, staff_client, django_assert_num_queries):
    for i in range(3):
        make_resource(f"R{i}")
    with django_assert_num_queries(1):  # built: one query
        client.get(RESOURCES)
    with django_assert_num_queries(0):  # cached
        assert len(client.get(RESOURCES).json()) == 3
    for i in range(3, 30):
        make_resource(f"R{i}", url="https://example.org/r.pdf")
    _invalidate_public_lists(None, None)
    with django_assert_num_queries(1):
        assert len(client.get(RESOURCES).json()) == 30
    with django_assert_num_queries(2):  # count, page (a public read: the token is not even looked at)
        assert len(staff_client.get(f"{RESOURCES}?page=2&page_size=20").json()["results"]) == 10


@pytest.mark.django_db
def test_public_list_is_cached_until_the_handler_of_the_change_runs(client, staff_client):
    resource = make_resource("Before")
    etag = client.get(RESOURCES)["ETag"]
    assert client.get(RESOURCES, HTTP_IF_NONE_MATCH=etag).status_code == 304

    put_multipart(staff_client, f"{RESOURCES}{resource.pk}/", {"title": "After"})
    assert client.get(RESOURCES).json()[0]["title"] == "Before"  # the worker has not run yet
    message = OutboxMessage.objects.filter(topic="content.resource_changed").get()
    assert message.payload == {"resource_id": resource.pk, "action": "updated"}
    _invalidate_public_lists(None, message)  # what the worker's handler does
    assert client.get(RESOURCES).json()[0]["title"] == "After"
    assert client.get(RESOURCES, HTTP_IF_NONE_MATCH=etag).status_code == 200


# --- Downloads ---------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_download_is_an_attachment_named_after_the_title(client):
    content = text_pdf("Hello")
    resource = make_resource('Rapport "annuel" 2025: Kigali/Huye', content=content)
    response = client.get(f"{RESOURCES}{resource.pk}/file/")
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == content
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="Rapport annuel 2025 Kigali Huye.pdf"; '
        "filename*=UTF-8''Rapport%20annuel%202025%20Kigali%20Huye.pdf"
    )
    assert response["X-Content-Type-Options"] == "nosniff"
    assert "sandbox" in response["Content-Security-Policy"]
    assert "default-src 'none'" in response["Content-Security-Policy"]


@pytest.mark.django_db
def test_a_title_beyond_ascii_keeps_its_letters_in_the_rfc_5987_name(client):
    resource = make_resource("Igenamigambi ry’umwaka — Икинярванда")
    disposition = client.get(f"{RESOURCES}{resource.pk}/file/")["Content-Disposition"]
    assert disposition.startswith('attachment; filename="Igenamigambi ry')
    assert "filename*=UTF-8''Igenamigambi%20ry%E2%80%99umwaka%20%E2%80%94%20" in disposition
    assert disposition.isascii()


@pytest.mark.django_db
def test_a_link_or_a_missing_resource_has_no_download(client):
    link = make_resource("Link", url="https://example.org/a.pdf")
    assert client.get(f"{RESOURCES}{link.pk}/file/").status_code == 404
    assert client.get(f"{RESOURCES}999/file/").json()["code"] == "not_found"
