"""What an uploaded video is, judged by its content: its first bytes must be those of an MP4 or a
WebM file, and ffmpeg (the binary of the imageio-ffmpeg wheel, so that `make run` needs nothing
installed by hand) must read the container as that format, find the accepted codecs in it and
decode it. Never its name or the browser's type. ffmpeg is only ever told to read this one local
file as the format its first bytes announced (no playlists, no other protocols)."""

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

import imageio_ffmpeg
from django.conf import settings
from django.utils.translation import gettext as _


class VideoRefused(Exception):
    """The file is not a video we can publish; the message says why, for the person."""


@dataclass(frozen=True)
class Container:
    demuxer: str  # what ffmpeg is told to read it as
    extension: str
    content_type: str
    video_codecs: frozenset[str]
    audio_codecs: frozenset[str]


MP4 = Container("mov", "mp4", "video/mp4", frozenset({"h264"}), frozenset({"aac"}))
WEBM = Container(
    "matroska", "webm", "video/webm", frozenset({"vp8", "vp9", "av1"}), frozenset({"opus", "vorbis"})
)


@dataclass(frozen=True)
class Probed:
    container: Container
    duration_seconds: float | None


def container_of(head: bytes) -> Container | None:
    """MP4: an ISO base media `ftyp` box first; WebM: an EBML header whose doctype is webm."""
    if head[4:8] == b"ftyp":
        return MP4
    if head.startswith(b"\x1a\x45\xdf\xa3") and b"webm" in head[:64]:
        return WEBM
    return None


def _ffmpeg(arguments: list[str], *, timeout: int) -> subprocess.CompletedProcess:
    command = [imageio_ffmpeg.get_ffmpeg_exe(), "-hide_banner", "-nostdin", "-threads", "1", *arguments]
    try:
        return subprocess.run(command, capture_output=True, timeout=timeout, check=False)  # noqa: S603
    except subprocess.TimeoutExpired:
        raise VideoRefused(_("This video took too long to read. Try a shorter or smaller file.")) from None


def _input(container: Container, path: Path) -> list[str]:
    return ["-protocol_whitelist", "file", "-f", container.demuxer, "-i", f"file:{path}"]


_STREAM = re.compile(r"Stream #0:\d+.*?: (Video|Audio): ([0-9a-z_]+)")
_DURATION = re.compile(r"Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)")


def probe(path: Path) -> Probed:
    """The container and its duration, or VideoRefused. Reads the header and decodes the first
    seconds (a cut or broken file fails here); the worker decodes the whole file (decode_all)."""
    with path.open("rb") as file:
        head = file.read(64)
    container = container_of(head)
    wrong = _("This file is not a video we can use. Upload an MP4 (H.264, AAC) or WebM (VP8, VP9, AV1) file.")
    if container is None:
        raise VideoRefused(wrong)
    timeout = settings.SIGNED_VIDEO_PROBE_SECONDS
    broken = _("This video file is damaged or incomplete. Export it again and upload the whole file.")
    # No output named: ffmpeg describes the input on stderr and exits non-zero, as meant.
    described = _ffmpeg(_input(container, path), timeout=timeout).stderr.decode("utf-8", "replace")
    if "Input #0" not in described:
        raise VideoRefused(broken)
    streams = _STREAM.findall(described)
    videos = [codec for kind, codec in streams if kind == "Video"]
    audios = [codec for kind, codec in streams if kind == "Audio"]
    if (
        not videos
        or videos[0] not in container.video_codecs
        or any(codec not in container.audio_codecs for codec in audios)
    ):
        raise VideoRefused(wrong)
    first_seconds = [
        "-v",
        "error",
        "-xerror",
        *_input(container, path),
        "-map",
        "0:v:0",
        "-t",
        "2",
        "-f",
        "null",
        "-",
    ]
    if _ffmpeg(first_seconds, timeout=timeout).returncode != 0:
        raise VideoRefused(broken)
    duration = None
    if found := _DURATION.search(described):
        hours, minutes, seconds = found.groups()
        duration = round(int(hours) * 3600 + int(minutes) * 60 + float(seconds), 2)
    return Probed(container, duration)


def decode_all(path: Path, container: Container) -> None:
    """Every frame and sample decoded (in the worker: a long file takes a while), or VideoRefused."""
    whole = ["-v", "error", "-xerror", *_input(container, path), "-f", "null", "-"]
    result = _ffmpeg(whole, timeout=settings.SIGNED_VIDEO_DECODE_SECONDS)
    if result.returncode != 0:
        raise VideoRefused(
            _("This video file is damaged or incomplete. Export it again and upload the whole file.")
        )


def frame_png(path: Path, container: Container, *, at_seconds: float) -> bytes:
    """One frame as PNG bytes (the poster's source), or b"" when there is none at that time."""
    grab = ["-v", "error", "-ss", f"{at_seconds:.2f}", *_input(container, path)]
    grab += ["-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "-"]
    return _ffmpeg(grab, timeout=settings.SIGNED_VIDEO_PROBE_SECONDS).stdout


def container_named(extension: str) -> Container:
    return WEBM if extension == "webm" else MP4
