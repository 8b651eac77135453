"""WhiteNoise for the built single-page app as well as Django's static files: Vite names every
file under /assets/ by its content hash, so those are cached for a year and never revalidated;
index.html and the other root files are revalidated on every visit, so a deploy shows at once.
Brotli and gzip siblings written by `make build` (whitenoise.compress) are served to browsers
that accept them."""

from whitenoise.middleware import WhiteNoiseMiddleware

YEAR = 365 * 24 * 60 * 60


class AssetsMiddleware(WhiteNoiseMiddleware):
    def immutable_file_test(self, path, url):
        return url.startswith("/assets/") or super().immutable_file_test(path, url)

    def add_cache_headers(self, headers, path, url):
        if self.immutable_file_test(path, url):
            headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        elif url.startswith(self.static_prefix):
            super().add_cache_headers(headers, path, url)
        else:
            headers["Cache-Control"] = "no-cache"
