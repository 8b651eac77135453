"""The first page's own files named in index.html: when a phone asks for /events, the page's
chunk (and the chunks it imports), its styles and its main picture start downloading with the
app's script instead of after it has run, one slow round trip (about 0.6 s on slow 4G) earlier.
The files come from Vite's manifest (frontend/dist/.vite/manifest.json, `build.manifest`), so a
rebuild needs no change here; a page missing from it simply gets no hints.
English texts of the page come in the HTML itself (`with_catalogues`), as the build compiled them
for the app (frontend/scripts/catalogue-compile.mjs; read here as they are): with them, an English
visitor's first render waits for no catalogue request at all (two to three round trips fewer on a
phone); index.html's preload script asks only for the visitor's own language, page texts included.
The page's markup comes in the HTML too (`with_prerendered`), rendered at build time.
Only where Django serves index.html (`make run`, gunicorn); compose's nginx serves it as a file."""

import json
import logging
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from pathlib import Path

logger = logging.getLogger(__name__)

# Public routes of frontend/src/app/router.tsx whose first screen matters on a phone: the page's
# module, the picture at its top (its LCP element) when the picture does not depend on data, and
# the page's i18n namespaces (as router.tsx's `page(...)` names them).
PAGES = "src/features/{}/pages/{}-page.tsx"
ROUTES: list[tuple[re.Pattern[str], str, str | None, tuple[str, ...]]] = [
    (re.compile(r"^/$"), PAGES.format("content", "home"), "src/assets/site/hero-signing.svg", ("site",)),
    (
        re.compile(r"^/about/?$"),
        PAGES.format("content", "about"),
        "src/assets/site/hero-community.svg",
        ("site",),
    ),
    (re.compile(r"^/contact/?$"), PAGES.format("content", "contact"), None, ("contact",)),
    (re.compile(r"^/events/?$"), PAGES.format("events", "events"), None, ("events",)),
    (
        re.compile(r"^/event/\d+/?$"),
        PAGES.format("events", "event-detail"),
        None,
        ("events", "event-detail"),
    ),
    (
        re.compile(r"^/registration/?$"),
        PAGES.format("registrations", "registration"),
        None,
        ("events", "registration"),
    ),
    (re.compile(r"^/membership/?$"), PAGES.format("members", "membership"), None, ("membership",)),
    # Opened at the door, often on a weak connection: every round trip saved counts.
    (re.compile(r"^/ticket/[^/]+/?$"), PAGES.format("events", "ticket"), None, ("event-detail", "ticket")),
    # A card's QR code scanned at a desk or a door: the same.
    (re.compile(r"^/verify/[^/]+/?$"), PAGES.format("members", "verify"), None, ("verify",)),
    # Asking for an interpreter, often from a phone.
    (
        re.compile(r"^/request-interpreter/?$"),
        PAGES.format("interpreting", "request"),
        None,
        ("interpreting",),
    ),
]
# The language whose catalogues come in the HTML: the fallback, which every visitor loads anyway.
INLINE_LANGUAGE = "en"
CATALOGUES_META = re.compile(rb'<meta name="catalogues" content="(/assets/locales-[0-9a-f]+/)"')
# What json.dumps leaves that could end the <script> element or start a comment in it (only ever
# inside a JSON string, where the escape reads back as the same character).
JSON_ESCAPES = str.maketrans({"<": "\\u003C", ">": "\\u003E", "&": "\\u0026"})


@dataclass(frozen=True)
class PageData:
    """What a page reads first from the API, carried in its HTML so its first render needs no
    request for it (lib/page-data.ts gives it to RTK Query's cache)."""

    api: str  # the address as the app asks for it, under /api/: "management/public-events/3/"
    body: bytes  # the API's own JSON answer
    picture: str | None = None  # a manifest key: the picture at the page's top, fetched first
    # Or an uploaded picture: its widths as `srcset` ("url 480w, …") and the `sizes` the page's
    # <img> gives, so the browser picks the same file the page will show.
    picture_srcset: str = ""
    picture_sizes: str = ""
    private: bool = False  # one person's data: the page is then never stored (no-store)


PageDataProvider = Callable[..., PageData | None]  # (request, path match) -> PageData | None
_PAGE_DATA: list[tuple[re.Pattern[str], PageDataProvider]] = []


def page_data_register(pattern: str, provider: PageDataProvider) -> None:
    """A domain names the data of one of its pages (core knows no domain): e.g. events, in its
    AppConfig.ready()."""
    _PAGE_DATA.append((re.compile(pattern), provider))


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
    # Styles the page's markup in the HTML (`with_prerendered`) needs at its first paint: applied
    # from the start, not only fetched, or that paint would be unstyled and then shift.
    links += [_link("stylesheet", file, " crossorigin") for file in dict.fromkeys(styles)]
    if picture and picture in manifest:
        links.append(_link("preload", manifest[picture]["file"], ' as="image" fetchpriority="high"'))
    return "".join(links).encode()


def _route(path: str):
    return next((route for route in ROUTES if route[0].match(path)), None)


def route_hints(dist: Path, path: str) -> bytes:
    """<link> tags for the page at `path`, or nothing (unknown route, no manifest)."""
    manifest_path = dist / ".vite" / "manifest.json"
    route = _route(path)
    if route is None:
        return b""
    try:
        mtime = manifest_path.stat().st_mtime
    except OSError:
        return b""
    return _hints(manifest_path, mtime, route[1], route[2])


@lru_cache(maxsize=64)
def _catalogues(folder: Path, namespaces: tuple[str, ...]) -> bytes | None:
    try:
        texts = {ns: json.loads((folder / f"{ns}.json").read_text(encoding="utf-8")) for ns in namespaces}
    except (OSError, ValueError):
        return None
    body = json.dumps(texts, ensure_ascii=False, separators=(",", ":")).translate(JSON_ESCAPES)
    # Data, never run (type application/json): the CSP's script-src does not apply to it.
    return f'<script type="application/json" id="catalogues-{INLINE_LANGUAGE}">{body}</script>'.encode()


def with_catalogues(index: bytes, dist: Path, path: str) -> bytes:
    """index.html with the page's English texts in it (`common` and its namespaces), and its
    <meta name="catalogues"> saying so, for the preload script and lib/i18n.ts. Unchanged for a
    route not in ROUTES or a build without catalogues."""
    route = _route(path)
    found = CATALOGUES_META.search(index)
    if route is None or found is None:
        return index
    namespaces = ("common", *route[3])
    folder = dist / found.group(1).decode().lstrip("/") / INLINE_LANGUAGE
    data = _catalogues(folder, namespaces)
    if data is None:
        return index
    attributes = f' data-inline="{INLINE_LANGUAGE}" data-namespaces="{" ".join(route[3])}"'.encode()
    index = index[: found.end()] + attributes + index[found.end() :]
    return index.replace(b"</body>", data + b"</body>", 1)


@lru_cache(maxsize=16)
def _prerendered(path: Path, mtime: float) -> bytes:
    return path.read_bytes()


def with_prerendered(index: bytes, dist: Path, path: str) -> bytes:
    """index.html with the page's markup in #root, as the app renders it for an English visitor
    before any data (frontend/scripts/prerender.mjs writes it at build time): a phone paints the
    page when the HTML and styles are there, about a second before the JavaScript has run, which
    then renders over it. index.css hides it unless <html lang> (set by index.html's preload script
    before the body is read) is English, so no other language flashes English. Unchanged for a
    route not in ROUTES or a build without it."""
    route = _route(path)
    if route is None:
        return index
    name = Path(route[1]).stem.removesuffix("-page")
    file = dist / "prerendered" / f"{name}.html"
    try:
        markup = _prerendered(file, file.stat().st_mtime)
    except OSError:
        return index
    root = ROOT.search(index)
    if root is None:
        return index
    filled = b'<div id="root" data-prerendered>' + markup + b"</div>"
    index = index[: root.start()] + filled + index[root.end() :]
    return _styles_inline(index, dist)


ROOT = re.compile(rb'<div id="?root"?></div>')
STYLESHEET = re.compile(
    rb'<link rel="stylesheet"(?: crossorigin)? href="/(assets/[\w.-]+\.css)"(?: crossorigin)?>'
)


@lru_cache(maxsize=64)
def _style(path: Path, mtime: float) -> bytes:
    return path.read_bytes()


def _styles_inline(index: bytes, dist: Path) -> bytes:
    """The page's stylesheets in the HTML itself: the markup paints once the HTML is there, not
    after the styles' own round trips (on slow 4G they queue behind the scripts). Each stays named
    by a disabled <link>, which the browser does not fetch, so the app's loader, seeing it, does
    not fetch it again either."""

    def inline(found: re.Match[bytes]) -> bytes:
        file = dist / found.group(1).decode()
        try:
            css = _style(file, file.stat().st_mtime)
        except OSError:
            return found.group(0)
        if b"</" in css:  # cannot end the <style> early; never the case for Vite's output
            return found.group(0)
        disabled = f'<link rel="stylesheet" href="/{escape(found.group(1).decode())}" crossorigin disabled>'
        return b"<style>" + css + b"</style>" + disabled.encode()

    head_end = index.find(b"</head>")
    return STYLESHEET.sub(inline, index[:head_end]) + index[head_end:]


PICTURE_PRELOAD = re.compile(rb'<link rel="preload" href="[^"]+" as="image"[^>]* fetchpriority="high">')
CHARSET = b'<meta charset="UTF-8" />'
VIEWPORT = re.compile(rb'<meta name="viewport"[^>]*>')


def pictures_first(index: bytes) -> bytes:
    """The page's top picture (its LCP element) asked for before the scripts: on HTTP/1.1 a phone
    fetches six files at a time, and named after them the picture waits for a second wave
    (about 0.6 s on slow 4G) while the page's markup is already painted around its place. After
    the viewport's <meta>: before it a phone lays out 980 px wide, and a picture chosen by width
    (`imagesizes`) would be fetched at that width too, then again at the real one."""
    head_end = index.find(b"</head>")
    links = PICTURE_PRELOAD.findall(index, 0, head_end)
    if not links or CHARSET not in index[:head_end]:
        return index
    head = PICTURE_PRELOAD.sub(b"", index[:head_end])
    viewport = VIEWPORT.search(head)
    anchor = viewport.group(0) if viewport else CHARSET
    return head.replace(anchor, anchor + b"".join(dict.fromkeys(links)), 1) + index[head_end:]


def _json_in_html(body: bytes) -> bytes:
    return body.decode().translate(JSON_ESCAPES).encode()


def with_page_data(index: bytes, dist: Path, request) -> tuple[bytes, PageData | None]:
    """index.html with the data the page at request.path reads first (a registered provider's),
    as JSON that never runs, and a preload of its top picture; unchanged when there is none.
    Also the data, whose `private` says how the page may be kept."""
    matches = ((pattern.match(request.path), provider) for pattern, provider in _PAGE_DATA)
    match, provider = next(((match, provider) for match, provider in matches if match), (None, None))
    if match is None:
        return index, None
    try:
        data = provider(request, match)
    except Exception:  # the page still loads without its data (the app then asks the API)
        logger.warning("No page data for %s", request.path, exc_info=True)
        return index, None
    if data is None:
        return index, None
    tag = f'<script type="application/json" id="page-data" data-api="{escape(data.api)}">'.encode()
    index = index.replace(b"</body>", tag + _json_in_html(data.body) + b"</script></body>", 1)
    link = _picture_link(data, dist)
    if link:
        index = index.replace(b"</head>", link.encode() + b"</head>", 1)
    return index, data


def _picture_link(data: PageData, dist: Path) -> str | None:
    """The preload of the page's top picture: an uploaded one by its widths, a build's file by name."""
    if data.picture_srcset:
        extra = (
            f' as="image" imagesrcset="{escape(data.picture_srcset)}"'
            f' imagesizes="{escape(data.picture_sizes)}" fetchpriority="high"'
        )
        return _link("preload", data.picture_srcset.split(" ", 1)[0].lstrip("/"), extra)
    if not data.picture:
        return None
    try:
        manifest_path = dist / ".vite" / "manifest.json"
        manifest = _manifest(manifest_path, manifest_path.stat().st_mtime)
    except OSError:
        return None
    if data.picture not in manifest:
        return None
    return _link("preload", manifest[data.picture]["file"], ' as="image" fetchpriority="high"')
