"""Compose's nginx serves the files itself: the same folder, types and headers as the embedded
mode's view, and body limits that let the largest video and chunk through."""

import re

import yaml
from django.conf import settings

from conftest import ROOT
from services.signed_videos import serving

COMPOSE = ROOT / "compose"


def _location(conf: str, start: str) -> str:
    block = conf[conf.index(start) :]
    return block[: block.index("\n}\n")]


def test_nginx_serves_the_signed_videos_volume_with_the_views_headers():
    server = (COMPOSE / "nginx.common-server.conf").read_text()
    http = (COMPOSE / "nginx.common-http.conf").read_text()
    media = _location(server, 'location ~ "^/media/signed-videos/')
    assert "alias /srv/signed-videos/$1;" in media
    for extension, content_type in [("mp4", "video/mp4"), ("webm", "video/webm"), ("webp", "image/webp")]:
        assert f"{content_type} {extension};" in media
    assert "text/vtt vtt;" in media and "charset_types text/vtt;" in media  # text/vtt; charset=utf-8
    assert 'add_header X-Content-Type-Options "nosniff" always;' in media
    cache = re.search(r'~\^/media/signed-videos/\s+"([^"]+)"', http).group(1)
    assert cache == serving.HEADERS["Cache-Control"]

    compose = yaml.safe_load((COMPOSE / "docker-compose.yml").read_text())
    assert "signedvideos:/data/media/signed-videos" in compose["x-backend"]["volumes"]
    assert "signedvideos:/srv/signed-videos:ro" in compose["services"]["nginx"]["volumes"]


def _megabytes(block: str) -> int:
    return int(re.search(r"client_max_body_size (\d+)m;", block).group(1))


def test_nginx_lets_the_largest_video_and_chunk_through():
    server = (COMPOSE / "nginx.common-server.conf").read_text()
    assert (
        _megabytes(_location(server, "location = /api/management/signed-videos/ {"))
        > settings.SIGNED_VIDEO_MAX_MB
    )
    uploads = _location(server, "location /api/management/signed-videos/uploads/ {")
    assert _megabytes(uploads) > settings.SIGNED_VIDEO_CHUNK_MAX_MB
