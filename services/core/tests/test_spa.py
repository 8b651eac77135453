import gzip
import json

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


def test_the_door_app_manifest_is_served_as_a_manifest(rf, tmp_path, settings):
    (tmp_path / "door.webmanifest").write_text('{"name": "Door check-in"}')
    settings.WHITENOISE_ROOT = tmp_path
    from services.core.assets import AssetsMiddleware

    response = AssetsMiddleware(lambda request: None)(rf.get("/door.webmanifest"))
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    assert response["Cache-Control"] == "no-cache"


def test_the_index_is_revalidated_on_every_visit(rf, built):
    response = built(rf.get("/index.html", HTTP_ACCEPT_ENCODING="br"))
    assert response["Cache-Control"] == "no-cache"
    assert response["Content-Encoding"] == "br"


@pytest.fixture
def dist_with_manifest(dist):
    """A build whose Vite manifest names the events page's chunk, its shared chunk and styles."""
    (dist / "index.html").write_text("<!doctype html><head><title>Portal</title></head><div id=root></div>")
    (dist / ".vite").mkdir()
    manifest = {
        "index.html": {"file": "assets/index-1.js", "isEntry": True, "imports": ["_vendor-1.js"]},
        "_vendor-1.js": {"file": "assets/vendor-1.js"},
        "_format-date-1.js": {"file": "assets/format-date-1.js", "imports": ["_vendor-1.js"]},
        "src/features/events/pages/events-page.tsx": {
            "file": "assets/events-page-1.js",
            "imports": ["_vendor-1.js", "index.html", "_format-date-1.js"],
            "css": ["assets/public-events-1.css"],
            "isDynamicEntry": True,
        },
        "src/features/content/pages/home-page.tsx": {"file": "assets/home-page-1.js", "isDynamicEntry": True},
        "src/assets/site/hero-signing.svg": {"file": "assets/hero-signing-1.svg"},
    }
    (dist / ".vite" / "manifest.json").write_text(json.dumps(manifest))
    return dist


def test_the_page_asked_for_names_its_own_files_in_the_index(client, dist_with_manifest):
    """The events page's chunk, what it imports and its styles download along with the app; what
    index.html loads anyway (the vendor chunk) is not named twice."""
    html = client.get("/events").content.decode()
    head = html[: html.index("</head>")]
    assert '<link rel="modulepreload" href="/assets/events-page-1.js" crossorigin>' in head
    assert '<link rel="modulepreload" href="/assets/format-date-1.js" crossorigin>' in head
    # Applied from the start (not only fetched): the page's markup from the server needs it.
    assert '<link rel="stylesheet" href="/assets/public-events-1.css" crossorigin>' in head
    assert "vendor-1.js" not in head


def test_the_page_comes_with_its_markup_and_styles_in_the_html(client, dist_with_manifest):
    """A phone paints the page from the HTML alone: its markup (built by the frontend) in #root,
    its styles inline; the stylesheet stays named, disabled, so that the app does not fetch it."""
    (dist_with_manifest / "prerendered").mkdir()
    markup = '<main><h1 class="title">Upcoming Events</h1></main>'
    (dist_with_manifest / "prerendered" / "events.html").write_text(markup)
    (dist_with_manifest / "assets").mkdir()
    (dist_with_manifest / "assets" / "public-events-1.css").write_text(".title{color:teal}")
    html = client.get("/events").content.decode()
    head, body = html.split("</head>")
    assert f'<div id="root" data-prerendered>{markup}</div>' in body
    assert "<style>.title{color:teal}</style>" in head
    assert '<link rel="stylesheet" href="/assets/public-events-1.css" crossorigin disabled>' in head
    # A route with no markup built, e.g. the privacy page, gets the plain index.
    assert "data-prerendered" not in client.get("/privacy").content.decode()


def test_the_home_page_fetches_its_hero_picture_first(client, dist_with_manifest):
    (dist_with_manifest / "index.html").write_text(
        '<!doctype html><head><meta charset="UTF-8" /><title>Portal</title>'
        '<script type="module" src="/assets/index-1.js"></script></head><div id=root></div>'
    )
    head = client.get("/").content.decode().split("</head>")[0]
    picture = '<link rel="preload" href="/assets/hero-signing-1.svg" as="image" fetchpriority="high">'
    # Before the scripts: on HTTP/1.1 it would otherwise wait for a second wave of files.
    assert head.index(picture) < head.index("<script")
    assert head.count(picture) == 1


def test_other_routes_and_builds_without_a_manifest_get_the_plain_index(client, dist_with_manifest):
    assert b"modulepreload" not in client.get("/privacy").content
    (dist_with_manifest / ".vite" / "manifest.json").unlink()
    assert b"modulepreload" not in client.get("/events").content


@pytest.mark.django_db
def test_the_index_and_api_answers_are_gzipped_for_browsers_that_accept_it(client, dist):
    (dist / "index.html").write_text("<!doctype html><title>Portal</title>" + "<div></div>" * 200)
    page = client.get("/events", HTTP_ACCEPT_ENCODING="gzip, br")
    assert page["Content-Encoding"] == "gzip"
    assert gzip.decompress(page.content).startswith(b"<!doctype html>")
    api = client.get("/api/config/", HTTP_ACCEPT_ENCODING="gzip")
    assert api["Content-Type"].startswith("application/json")
    assert api["Content-Encoding"] == "gzip"
    assert "association" in json.loads(gzip.decompress(api.content))
    assert "Content-Encoding" not in client.get("/events")  # a client that did not ask


@pytest.fixture
def dist_with_catalogues(dist):
    """A build with English catalogues under its hashed folder, named by index.html's meta, compiled
    as the build writes them (scripts/catalogue-compile.mjs: dotted keys, Lingui's messages)."""
    (dist / "index.html").write_text(
        '<!doctype html><head><meta name="catalogues" content="/assets/locales-ab12/"'
        ' data-languages="en fr" />'
        "</head><body><div id=root></div></body>"
    )
    folder = dist / "assets" / "locales-ab12" / "en"
    folder.mkdir(parents=True)
    common = {"loading": "Loading", "nav.greeting": ["Hello ", ["name"]]}
    (folder / "common.json").write_text(json.dumps(common))
    (folder / "contact.json").write_text(json.dumps({"intro": "</script><script>alert(1)</script> & more"}))
    return dist


def test_the_page_carries_its_english_texts_so_the_first_render_fetches_none(client, dist_with_catalogues):
    html = client.get("/contact").content.decode()
    meta = '<meta name="catalogues" content="/assets/locales-ab12/"'
    meta += ' data-inline="en" data-namespaces="contact"'
    assert meta in html
    carried = html[html.index('<script type="application/json" id="catalogues-en">') :]
    body = carried[carried.index(">") + 1 : carried.index("</script>")]
    # Text that could close the element is escaped, and reads back the same.
    assert "<" not in body and "&" not in body
    assert json.loads(body) == {
        "common": {"loading": "Loading", "nav.greeting": ["Hello ", ["name"]]},
        "contact": {"intro": "</script><script>alert(1)</script> & more"},
    }


def test_other_routes_carry_no_texts(client, dist_with_catalogues):
    html = client.get("/privacy").content.decode()
    assert "catalogues-en" not in html and "data-inline" not in html
