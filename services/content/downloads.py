"""An uploaded resource file as a download. Staff may upload a file that a browser would render
(an image, a PDF with scripts): it is always an attachment under a name made from the title,
with the type we checked on upload, no sniffing, and a sandbox that stops any content from
running with the site's origin if a browser shows it anyway."""

from django.core.files.storage import default_storage
from django.http import FileResponse
from django.utils.translation import gettext as _

from services.core.errors import NotFound

from .files import attachment_header, download_name, extension_of
from .models import Resource


def resource_file_response(resource: Resource) -> FileResponse:
    name = resource.upload.name
    if not name or not default_storage.exists(name):
        raise NotFound(_("This resource has no file to download."))
    response = FileResponse(default_storage.open(name, "rb"), content_type=resource.content_type)
    response["Content-Disposition"] = attachment_header(download_name(resource.title, extension_of(name)))
    response["X-Content-Type-Options"] = "nosniff"
    response["Content-Security-Policy"] = "default-src 'none'; sandbox"
    # The address stays the same when staff replace the file: ask again each time.
    response["Cache-Control"] = "no-cache"
    response["Cross-Origin-Resource-Policy"] = "same-origin"
    return response
