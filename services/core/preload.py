"""The first page's own files named in index.html: when a phone asks for /events, the page's
chunk (and the chunks it imports), its styles and its main picture start downloading with the
app's script instead of after it has run, one slow round trip (about 0.6 s on slow 4G) earlier.
The files come from Vite's manifest (frontend/dist/.vite/manifest.json, `build.manifest`), so a
rebuild needs no change here; a page missing from it simply gets no hints.
Only where Django serves index.html (`make run`, gunicorn); compose's nginx serves it as a file."""

import json
import re
from functools import lru_cache
from html import escape
from pathlib import Path

# Public routes of frontend/src/app/router.tsx whose first screen matters on a phone: the page's
# module and the picture at its top (its LCP element), when the picture does not depend on data.
PAGES = "src/features/{}/pages/{}-page.tsx"
ROUTES: list[tuple[re.Pattern[str], str, str | None]] = [
    (re.compile(r"^/$"), PAGES.format("content", "home"), "src/assets/site/hero-signing.svg"),
    (re.compile(r"^/about/?$"), PAGES.format("content", "about"), "src/assets/site/hero-community.svg"),
    (re.compile(r"^/contact/?$"), PAGES.format("content", "contact"), None),
    (re.compile(r"^/events/?$"), PAGES.format("events", "events"), None),
    (re.compile(r"^/event/\d+/?$"), PAGES.format("events", "event-detail"), None),
    (re.compile(r"^/registration/?$"), PAGES.format("registrations", "registration"), None),
    (re.compile(r"^/membership/?$"), PAGES.format("members", "membership"), None),
]


@lru_cache(maxsize=4)
def _manifest(path: Path, mtime: float) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def _link(rel: str, href: str, extra: str = "") -> str:
    return f'<link rel="{rel}" href="/{escape(href)}"{extra}>'


@lru_cache(maxsize=64)
def _hints(manifest_path: Path, mtime: float, module: str, picture: str | None) -> bytes:
    manifest = _manifest(manifest_path, mtime)
    entry = manifest.get(module)
    if entry is None:
        return b""
    # What index.html itself already loads is left out.
    loaded = {"index.html", *manifest.get("index.html", {}).get("imports", [])}
    chunks, styles, seen, todo = [], [], set(), [module]
    while todo:
        key = todo.pop()
        if key in seen or key in loaded or key not in manifest:
            continue
        seen.add(key)
        chunks.append(manifest[key]["file"])
        styles.extend(manifest[key].get("css", []))
        todo.extend(manifest[key].get("imports", []))
    # crossorigin as on Vite's own tags: the script and style requests the app then makes are
    # CORS-mode ones, and a preload is only reused by a request of the same mode.
    links = [_link("modulepreload", file, " crossorigin") for file in chunks]
    links += [_link("preload", file, ' as="style" crossorigin') for file in dict.fromkeys(styles)]
    if picture and picture in manifest:
        links.append(_link("preload", manifest[picture]["file"], ' as="image" fetchpriority="high"'))
    return "".join(links).encode()


def route_hints(dist: Path, path: str) -> bytes:
    """<link> tags for the page at `path`, or nothing (unknown route, no manifest)."""
    manifest_path = dist / ".vite" / "manifest.json"
    for pattern, module, picture in ROUTES:
        if pattern.match(path):
            try:
                mtime = manifest_path.stat().st_mtime
            except OSError:
                return b""
            return _hints(manifest_path, mtime, module, picture)
    return b""
