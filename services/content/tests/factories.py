"""Uploads as a browser sends them, with real leading bytes for every accepted kind of file."""

import io
import zipfile

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test.client import BOUNDARY, MULTIPART_CONTENT, encode_multipart

from services.content.models import NewsItem, Resource
from services.core.pdf import text_pdf

RESOURCES = "/api/resources/"
UPDATES = "/api/updates/"


def zip_bytes(members: dict[str, bytes], *, stored_first: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as package:
        if stored_first:
            package.writestr(
                zipfile.ZipInfo(stored_first), members[stored_first], compress_type=zipfile.ZIP_STORED
            )
        for name, content in members.items():
            if name != stored_first:
                package.writestr(name, content, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def ooxml(folder: str) -> bytes:
    return zip_bytes({"[Content_Types].xml": b"<Types/>", f"{folder}/document.xml": b"<x/>"})


def odf(mimetype: str) -> bytes:
    return zip_bytes({"mimetype": mimetype.encode(), "content.xml": b"<x/>"}, stored_first="mimetype")


OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
SAMPLES = {
    "pdf": (text_pdf("Report"), "application/pdf"),
    "doc": (OLE2, "application/msword"),
    "xls": (OLE2, "application/vnd.ms-excel"),
    "ppt": (OLE2, "application/vnd.ms-powerpoint"),
    "docx": (ooxml("word"), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"),
    "xlsx": (ooxml("xl"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    "pptx": (ooxml("ppt"), "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    "odt": (odf("application/vnd.oasis.opendocument.text"), "application/vnd.oasis.opendocument.text"),
    "ods": (
        odf("application/vnd.oasis.opendocument.spreadsheet"),
        "application/vnd.oasis.opendocument.spreadsheet",
    ),
    "png": (b"\x89PNG\r\n\x1a\n" + bytes(32), "image/png"),
    "jpg": (b"\xff\xd8\xff\xe0" + bytes(32), "image/jpeg"),
    "jpeg": (b"\xff\xd8\xff\xdb" + bytes(32), "image/jpeg"),
    "webp": (b"RIFF\x24\x00\x00\x00WEBPVP8 " + bytes(32), "image/webp"),
}


def upload(name: str = "report.pdf", content: bytes | None = None, content_type: str = "application/pdf"):
    return SimpleUploadedFile(name, text_pdf("Report") if content is None else content, content_type)


def put_multipart(client, path: str, data: dict):
    return client.put(path, data=encode_multipart(BOUNDARY, data), content_type=MULTIPART_CONTENT)


def make_resource(title: str = "Annual Report", *, content: bytes | None = None, **fields) -> Resource:
    """A resource with an uploaded PDF (or, with url=..., a link), written straight to the database."""
    resource = Resource(title=title, **fields)
    if not resource.url:
        data = content or text_pdf(title)
        resource.upload.save("x.pdf", SimpleUploadedFile("x.pdf", data), save=False)
        resource.content_type, resource.size = "application/pdf", len(data)
    resource.save()
    return resource


def make_update(title: str = "News", date: str = "2026-05-01", **fields) -> NewsItem:
    return NewsItem.objects.create(title=title, date=date, **fields)
