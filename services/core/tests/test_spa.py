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


@pytest.fixture
def built(tmp_path, settings):
    """A built app as `make build` leaves it: hashed assets with their compressed siblings."""
    from whitenoise.compress import Compressor

    (tmp_path / "assets").mkdir()
    script = tmp_path / "assets" / "index-3f9a1c2b.js"
    script.write_text("console.log('portal');\n" * 400)
    (tmp_path / "index.html").write_text("<!doctype html><title>Portal</title>" + "<div></div>" * 200)
    compressor = Compressor(quiet=True)
    for path in (script, tmp_path / "index.html"):
        for _ in compressor.compress(str(path)):
            pass
    settings.WHITENOISE_ROOT = tmp_path
    from services.core.assets import AssetsMiddleware

    return AssetsMiddleware(lambda request: None)


@pytest.mark.parametrize(("accept", "encoding"), [("gzip, deflate, br", "br"), ("gzip", "gzip"), ("", None)])
def test_hashed_assets_are_compressed_and_cached_for_a_year(rf, built, accept, encoding):
    response = built(rf.get("/assets/index-3f9a1c2b.js", HTTP_ACCEPT_ENCODING=accept))
    assert response.status_code == 200
    assert response.get("Content-Encoding") == encoding
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"
    assert "Accept-Encoding" in response["Vary"]


def test_the_index_is_revalidated_on_every_visit(rf, built):
    response = built(rf.get("/index.html", HTTP_ACCEPT_ENCODING="br"))
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Encoding"] == "br"
