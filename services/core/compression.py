"""gzip for what the app itself answers: the API's JSON and the SPA's index.html (the built
assets are already compressed by `make build` and served by WhiteNoise above this middleware,
which never reaches it). On a slow phone network the public events list shrinks to about a
fifth. Pictures, PDFs and other already-compressed files pass through untouched: gzip would cost
CPU for no bytes. Django's GZipMiddleware pads each answer with random bytes (since 4.2), which
defeats BREACH-style guessing of a secret from the compressed size."""

from django.middleware.gzip import GZipMiddleware

COMPRESSIBLE = ("application/json", "text/", "application/javascript", "application/xml", "image/svg+xml")


class TextGZipMiddleware(GZipMiddleware):
    def process_response(self, request, response):
        content_type = response.get("Content-Type", "")
        # A part of a file (206, services/signed_videos/serving.py) keeps its exact bytes.
        if not content_type.startswith(COMPRESSIBLE) or response.status_code == 206:
            return response
        return super().process_response(request, response)
