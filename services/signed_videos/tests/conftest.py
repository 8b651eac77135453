"""Real files: tiny MP4 (H.264/AAC) and WebM (VP9/Opus) videos made once per session with the
ffmpeg binary the product uses, each test its own storage folder and DATA_DIR uploads."""

import subprocess
from pathlib import Path

import imageio_ffmpeg
import pytest

FFMPEG_SOURCE = [
    "-f",
    "lavfi",
    "-i",
    "testsrc=size=320x240:rate=10",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=440",
]


def _make(path: Path, codecs: list[str]) -> bytes:
    command = [
        imageio_ffmpeg.get_ffmpeg_exe(),
        "-v",
        "error",
        "-y",
        *FFMPEG_SOURCE,
        "-t",
        "2",
        *codecs,
        str(path),
    ]
    subprocess.run(command, check=True, timeout=60)
    return path.read_bytes()


@pytest.fixture(scope="session")
def videos(tmp_path_factory) -> dict[str, bytes]:
    folder = tmp_path_factory.mktemp("videos")
    mp4 = _make(
        folder / "a.mp4", ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"]
    )
    webm = _make(
        folder / "a.webm", ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-b:v", "200k", "-c:a", "libopus"]
    )
    return {"mp4": mp4, "webm": webm}


@pytest.fixture(autouse=True)
def _signed_video_storage(request, settings, tmp_path):
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0
    if request.node.get_closest_marker("worker"):
        # Other processes (worker, web) share the run's DATA_DIR and the storage under it.
        return Path(settings.STORAGES["signed_videos"]["OPTIONS"]["location"])
    settings.DATA_DIR = tmp_path / "data"
    settings.PUBLIC_EVENTS_RECHECK_SECONDS = 0  # the public caches look at their version each time
    settings.STORAGES = {
        **settings.STORAGES,
        "signed_videos": {
            "BACKEND": "django.core.files.storage.FileSystemStorage",
            "OPTIONS": {"location": str(tmp_path / "signed-videos"), "base_url": "/media/signed-videos/"},
        },
    }
    return tmp_path / "signed-videos"
