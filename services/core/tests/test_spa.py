import pytest
from django.test import override_settings


@pytest.fixture
def dist(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>Portal</title><div id=root></div>")
    with override_settings(FRONTEND_DIST=tmp_path):
        yield tmp_path


@pytest.mark.parametrize("path", ["/", "/contact", "/event/12", "/dashboard/events", "/Resources"])
def test_client_routes_load_the_app(client, dist, path):
    response = client.get(path)
    assert response.status_code == 200
    assert b"<div id=root>" in response.content
    assert response["Cache-Control"] == "no-cache"


def test_api_and_admin_paths_do_not_fall_back_to_the_app(client, dist):
    assert client.get("/api/unknown/")["Content-Type"].startswith("application/json")
    assert client.get("/admin/login/").status_code == 200
    assert b"<div id=root>" not in client.get("/admin/login/").content


def test_missing_build_says_how_to_build(client, tmp_path):
    with override_settings(FRONTEND_DIST=tmp_path / "absent"):
        response = client.get("/")
    assert response.status_code == 503
    assert b"make build" in response.content
