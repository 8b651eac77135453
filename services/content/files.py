"""What a resource file may be, judged by its own bytes: the extension must be one we accept AND
the content must start the way such a file starts. A browser's Content-Type is never trusted, and
the stored type is ours, so a page renamed to .pdf is refused and nothing is served as HTML."""

import re
import unicodedata
import zipfile
from dataclasses import dataclass
from urllib.parse import quote

OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # the container of .doc, .xls and .ppt
ZIP = b"PK\x03\x04"


@dataclass(frozen=True)
class FileKind:
    content_type: str
    signature: bytes
    # OOXML: a member every such package has; ODF: the mimetype its first member holds.
    zip_member: str = ""
    odf_mimetype: str = ""


KINDS: dict[str, FileKind] = {
    "pdf": FileKind("application/pdf", b"%PDF-"),
    "doc": FileKind("application/msword", OLE2),
    "xls": FileKind("application/vnd.ms-excel", OLE2),
    "ppt": FileKind("application/vnd.ms-powerpoint", OLE2),
    "docx": FileKind(
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ZIP, zip_member="word/"
    ),
    "xlsx": FileKind(
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ZIP, zip_member="xl/"
    ),
    "pptx": FileKind(
        "application/vnd.openxmlformats-officedocument.presentationml.presentation", ZIP, zip_member="ppt/"
    ),
    "odt": FileKind(
        "application/vnd.oasis.opendocument.text", ZIP, odf_mimetype="application/vnd.oasis.opendocument.text"
    ),
    "ods": FileKind(
        "application/vnd.oasis.opendocument.spreadsheet",
        ZIP,
        odf_mimetype="application/vnd.oasis.opendocument.spreadsheet",
    ),
    "png": FileKind("image/png", b"\x89PNG\r\n\x1a\n"),
    "jpg": FileKind("image/jpeg", b"\xff\xd8\xff"),
    "jpeg": FileKind("image/jpeg", b"\xff\xd8\xff"),
    "webp": FileKind("image/webp", b"RIFF"),
}
EXTENSIONS = tuple(KINDS)


def extension_of(name: str) -> str:
    return name.rsplit(".", 1)[-1].lower() if "." in name else ""


def _head(upload, size: int) -> bytes:
    upload.seek(0)
    head = upload.read(size)
    upload.seek(0)
    return head


def _is_package(upload, kind: FileKind) -> bool:
    """An Office Open XML file is a ZIP with [Content_Types].xml and its own folder; only the
    directory is read, nothing is decompressed."""
    try:
        upload.seek(0)
        with zipfile.ZipFile(upload) as package:
            names = package.namelist()
    except (zipfile.BadZipFile, OSError, ValueError):
        return False
    finally:
        upload.seek(0)
    return "[Content_Types].xml" in names and any(name.startswith(kind.zip_member) for name in names)


def detected_kind(upload, name: str) -> FileKind | None:
    """The kind of an uploaded file when its extension and its first bytes agree, else None."""
    kind = KINDS.get(extension_of(name))
    if kind is None:
        return None
    head = _head(upload, 128)
    if not head.startswith(kind.signature):
        return None
    if kind.content_type == "image/webp":
        return kind if head[8:12] == b"WEBP" else None
    if kind.odf_mimetype:
        # ODF: the first member is "mimetype", stored uncompressed, holding the document's type.
        expected = b"mimetype" + kind.odf_mimetype.encode()
        return kind if head[30 : 30 + len(expected)] == expected else None
    if kind.zip_member:
        return kind if _is_package(upload, kind) else None
    return kind


_UNSAFE_IN_NAMES = re.compile(r'[\x00-\x1f\x7f<>:"/\\|?*]+')


def download_name(title: str, extension: str) -> str:
    """The name a downloaded file gets: the resource's title, without what file systems refuse."""
    stem = _UNSAFE_IN_NAMES.sub(" ", unicodedata.normalize("NFC", title))
    stem = " ".join(stem.split()).strip(". ")[:100].strip() or "resource"
    return f"{stem}.{extension}"


def attachment_header(filename: str) -> str:
    """Content-Disposition for a download: an ASCII fallback, and the exact name in RFC 5987
    form (filename*) for the browsers, which all read it."""
    fallback = unicodedata.normalize("NFKD", filename).encode("ascii", "ignore").decode()
    fallback = re.sub(r"[^A-Za-z0-9 ._()-]+", "_", fallback).strip() or "resource"
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"
