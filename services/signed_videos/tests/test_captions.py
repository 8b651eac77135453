"""Captions per language (WebVTT, checked line by line) and the transcript."""

import pytest

from .helpers import PUBLIC, STAFF, VTT, captions, ready_video

pytestmark = pytest.mark.django_db


@pytest.fixture
def ready(staff_client, videos):
    return ready_video(staff_client, videos["mp4"])


def test_captions_per_language_replace_their_own_language_only(staff_client, client, ready):
    assert captions(staff_client, ready["id"], VTT, "en").status_code == 200
    first_rw = captions(staff_client, ready["id"], VTT, "rw").json()["captions"][1]["src"]
    changed = VTT.replace(b"Thank you.", b"Murakoze.")
    video = captions(staff_client, ready["id"], changed, "rw").json()
    assert [caption["language"] for caption in video["captions"]] == ["en", "rw"]
    assert video["captions"][1]["src"] != first_rw  # a new file, a new address
    public = client.get(f"{PUBLIC}?target=page:about").json()
    assert public["captions"] == video["captions"]

    video = staff_client.delete(f"{STAFF}{ready['id']}/captions/en/").json()
    assert [caption["language"] for caption in video["captions"]] == ["rw"]
    assert staff_client.delete(f"{STAFF}{ready['id']}/captions/en/").status_code == 404


def test_a_language_the_site_does_not_have_is_refused(staff_client, ready):
    response = captions(staff_client, ready["id"], VTT, "de")
    assert response.status_code == 400 and "language" in response.json()["fields"]


BAD = [
    (b"<html>\n", "Line 1: the file must begin with"),
    (b"WEBVTT\n\n00:00:02.000 --> 00:00:01.000\nBackwards\n", "Line 3: the cue must end after it starts."),
    (b"WEBVTT\n\n00:00:01.000 --> 00:00:01.000\nEmpty\n", "Line 3: the cue must end after it starts."),
    (b"WEBVTT\n\n1\n00:00:00,000 --> 00:00:01.000\nComma\n", "Line 4: expected cue timings"),
    (
        b"WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nHello\n<script>alert(1)</script>\n",
        "Line 5: the tag <script>",
    ),
    (b"WEBVTT\n\nSTYLE\n::cue { color: red }\n", "Line 3: style blocks are not accepted"),
    (b"WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<style>x</style>\n", "Line 4: the tag <style>"),
    (b"WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<img src=x onerror=alert(1)>\n", "Line 4: the tag <img>"),
    (b"WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<a href='javascript:x'>go</a>\n", "Line 4: the tag <a>"),
    (b"WEBVTT\n\nNo timings here\n", "Line 3: expected cue timings"),
    (b"WEBVTT\n", "Line 2: the file has no cues."),
    (b"WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n\xff\xfe bad\n", "Line 1: the file is not UTF-8 text."),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_a_caption_file_with_a_fault_is_refused_naming_its_line(staff_client, ready, data, message):
    response = captions(staff_client, ready["id"], data)
    assert response.status_code == 400
    assert response.json()["fields"]["file"].startswith(message)
    assert staff_client.get(f"{STAFF}{ready['id']}/").json()["captions"] == []


def test_webvtts_own_markup_is_kept(staff_client, client, ready):
    data = (
        b"WEBVTT - signed\n\nNOTE made by hand\n\n"
        b"00:01.000 --> 00:02.000 align:start line:0\n"
        b"<v Amina><c.loud>Hi</c> <i>all</i> <lang rw>muraho</lang>"
        b" <00:00:01.500><ruby>a<rt>b</rt></ruby> <u>u</u>\n"
    )
    video = captions(staff_client, ready["id"], data).json()
    assert b"".join(client.get(video["captions"][0]["src"]).streaming_content) == data


def test_the_transcript_is_set_shown_and_cleared(staff_client, client, ready):
    text = "Welcome.\n\tWe sign every page."
    url = f"{STAFF}{ready['id']}/transcript/"
    assert (
        staff_client.put(url, {"transcript": text}, content_type="application/json").json()["transcript"]
        == text
    )
    assert client.get(f"{PUBLIC}?target=page:about").json()["transcript"] == text
    assert (
        staff_client.put(url, {"transcript": ""}, content_type="application/json").json()["transcript"]
        is None
    )
    assert staff_client.put(url, {"transcript": None}, content_type="application/json").status_code == 200
    assert client.get(f"{PUBLIC}?target=page:about").json()["transcript"] is None


def test_a_transcript_too_long_or_with_control_characters_is_refused(staff_client, ready):
    url = f"{STAFF}{ready['id']}/transcript/"
    too_long = staff_client.put(url, {"transcript": "a" * 50_001}, content_type="application/json")
    assert too_long.status_code == 400 and "transcript" in too_long.json()["fields"]
    control = staff_client.put(url, {"transcript": "bell\x07"}, content_type="application/json")
    assert control.status_code == 400
