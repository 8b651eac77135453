"""Every failure under /api/ answers the one JSON envelope, never an HTML page or a stack trace."""

import json
import logging

import pytest
from django.test import Client, override_settings

CONTACT = "/api/management/contact-form/"


def assert_envelope(response, status, code):
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == code
    assert isinstance(body["detail"], str) and body["detail"]
    assert "Traceback" not in response.content.decode()
    return body


@pytest.mark.django_db
def test_malformed_json_is_a_400_envelope(client):
    response = client.post(CONTACT, data="{not json", content_type="application/json")
    body = assert_envelope(response, 400, "malformed_json")
    assert body["detail"] == "The request body is not valid JSON."


@pytest.mark.django_db
def test_form_encoded_body_is_refused_as_unsupported_media_type(client):
    response = client.post(CONTACT, data={"name": "A", "email": "a@example.org", "message": "Hi"})
    assert_envelope(response, 415, "unsupported_media_type")


@pytest.mark.django_db
def test_wrong_field_type_names_the_field(client):
    response = client.post(
        CONTACT, data={"name": 5, "email": "a@example.org", "message": "Hi"}, content_type="application/json"
    )
    body = assert_envelope(response, 400, "validation_error")
    assert body["fields"] == {"name": "Must be text."}
    assert body["detail"] == "Please correct these fields: name."


@pytest.mark.django_db
@override_settings(DATA_UPLOAD_MAX_MEMORY_SIZE=1024)
def test_oversized_body_is_a_413_envelope(client):
    payload = json.dumps({"name": "A", "email": "a@example.org", "message": "x" * 5000})
    response = client.post(CONTACT, data=payload, content_type="application/json")
    assert_envelope(response, 413, "request_too_large")


def test_wrong_method_is_a_405_envelope_with_allow_header(client):
    response = client.get(CONTACT)
    assert_envelope(response, 405, "method_not_allowed")
    assert "POST" in response["Allow"]


@pytest.mark.parametrize("path", ["/api/nothing-here/", "/api/management/unknown", "/api"])
def test_unknown_api_paths_are_404_envelopes(client, path):
    assert_envelope(client.get(path), 404, "not_found")


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_unknown_api_paths_are_404_for_every_method_before_any_csrf_check(method):
    browser = Client(enforce_csrf_checks=True)  # the CSRF check would answer 403 first
    assert_envelope(getattr(browser, method)("/api/nothing-here/"), 404, "not_found")


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["[null]", "false", "1", '"x"', "null", "[]"])
def test_a_json_body_that_is_not_an_object_is_a_400_envelope(client, body):
    response = client.post(CONTACT, data=body, content_type="application/json")
    envelope = assert_envelope(response, 400, "validation_error")
    assert envelope["fields"] == {"body": "Must be an object."}


@pytest.mark.django_db
def test_unexpected_exception_is_logged_with_request_id_and_answers_only_that(client, monkeypatch, caplog):
    def explode(**kwargs):
        raise RuntimeError("secret internal detail")

    monkeypatch.setattr("services.content.api.contact_message_submit", explode)
    with caplog.at_level(logging.ERROR, logger="services.api"):
        response = client.post(
            CONTACT,
            data={"name": "A", "email": "a@example.org", "message": "Hi"},
            content_type="application/json",
            HTTP_X_REQUEST_ID="req-1234567890",
        )
    body = assert_envelope(response, 500, "server_error")
    assert body == {"detail": body["detail"], "code": "server_error", "request_id": "req-1234567890"}
    assert "secret internal detail" not in response.content.decode()
    assert response["X-Request-ID"] == "req-1234567890"
    assert any(record.request_id == "req-1234567890" and record.exc_info for record in caplog.records)


def test_openapi_document_and_docs_are_served(client):
    schema = client.get("/api/openapi.json").json()
    assert "/api/management/contact-form/" in schema["paths"]
    assert "/api/health/" in schema["paths"]
    assert client.get("/api/docs").status_code == 200
