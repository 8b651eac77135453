"""Django settings. Every value that differs between machines comes from the environment
(documented in compose/.env.example); the defaults are the embedded mode of `make run`."""

import contextlib
import json
import os
import secrets
from datetime import timedelta
from pathlib import Path

import dj_database_url
from django.conf.locale import LANG_INFO
from django.core.exceptions import ImproperlyConfigured
from kombu import Queue

from services.core import details as association_details

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# Everything these processes write (the SQLite database and its journals, the secret key, e-mails,
# the queue's messages, the cache, uploads, collected static files) is for their owner alone,
# whichever of web, worker, beat or manage.py makes it first: every one of them reads this file
# before it writes anything. Web, worker and beat run as one user and nginx serves the built
# frontend from its own image, so nobody else needs to read here.
os.umask(0o077)
DATA_DIR = Path(os.environ.get("DATA_DIR", BASE_DIR / "var")).resolve()
DATA_DIR.mkdir(parents=True, exist_ok=True)
# A folder made before this rule closes what it already holds; one that is not ours (an
# operator's shared mount) is left to its owner.
with contextlib.suppress(PermissionError):
    DATA_DIR.chmod(0o700)

# Empty values (as compose .env files often carry) mean "not set".
DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
EMBEDDED = not DATABASE_URL
DEBUG = env_bool("DJANGO_DEBUG", False)


def embedded_secret_key(data_dir: Path) -> str:
    """The embedded mode's own random key, made on first start and kept under DATA_DIR (mode
    0600). Written under a temporary name and linked into place, so that web, worker and beat
    starting together all read the same complete key."""
    path = data_dir / "secret_key"
    if not path.exists():
        tmp = data_dir / f".secret_key.{os.getpid()}"
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_urlsafe(64))
        try:
            os.link(tmp, path)  # fails if another process was first: then its key is the key
        except FileExistsError:
            pass
        finally:
            tmp.unlink()
    return path.read_text().strip()


SECRET_KEY = os.environ.get("SECRET_KEY", "").strip()
if not SECRET_KEY:
    if not EMBEDDED:
        raise ImproperlyConfigured(
            "Set SECRET_KEY to a long random value: "
            "python3 -c 'import secrets; print(secrets.token_urlsafe(64))'"
        )
    SECRET_KEY = embedded_secret_key(DATA_DIR)
elif len(SECRET_KEY) < 32 or "change-me" in SECRET_KEY.lower():
    raise ImproperlyConfigured("SECRET_KEY must be at least 32 random characters, not a placeholder.")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The site's public address: every link in every e-mail and file is built from it (never from a
# request's host). Required with DJANGO_DEBUG off (services/core/checks.py); `make run` sets it to
# its own web address, so the worker's links open the same server.
# The demo address: where `make run` serves when FRONTEND_URL is not given (DJANGO_DEBUG on only).
DEMO_FRONTEND_URL = "http://127.0.0.1:8000"
_DETAILS = association_details.details(os.environ, debug=DEBUG, demo_frontend_url=DEMO_FRONTEND_URL)
FRONTEND_URL = _DETAILS["FRONTEND_URL"]
MAP_TILE_URL = os.environ.get("MAP_TILE_URL", "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
MAP_ATTRIBUTION = os.environ.get("MAP_ATTRIBUTION", "&copy; OpenStreetMap contributors")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_celery_beat",
    "axes",
    "ninja_jwt",
    "ninja_jwt.token_blacklist",
    "auditlog",
    "services.core",
    "services.audit",
    "services.accounts",
    "services.events",
    "services.registrations",
    "services.members",
    "services.outbox",
    "services.notifications",
    "services.content",
    "services.ops",
    "services.dashboard",
    "services.cpd",
    "services.interpreting",
    "services.signed_videos",
]

MIDDLEWARE = [
    "services.core.middleware.RequestIdMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "services.core.assets.AssetsMiddleware",  # WhiteNoise: static files and the built SPA
    # gzip for the API's JSON and index.html (services/core/compression.py); the assets above
    # answer their own precompressed files and never reach it.
    "services.core.compression.TextGZipMiddleware",
    # The request's language (Accept-Language) for every API message, the error envelopes of the
    # middleware below included, and for the e-mails a request leads to. After the assets, which
    # are the same in every language (no Vary: Accept-Language on them).
    "django.middleware.locale.LocaleMiddleware",
    "services.core.middleware.ApiErrorEnvelopeMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # Entries written during the request are the request's: its staff user or a visitor, its address.
    "services.audit.context.audit_context_middleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Multipart bodies of PUT (resources are replaced so), read only once the caller is known.
    "services.core.middleware.deferred_request_files_middleware",
]
# ninja's own fix reads those bodies before authentication: the middleware above replaces it.
NINJA_FIX_REQUEST_FILES_METHODS: set[str] = set()

ROOT_URLCONF = "services.urls"
WSGI_APPLICATION = "services.wsgi.application"
ASGI_APPLICATION = "services.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
    {
        # Plain text (e-mail subjects and text parts): nothing is HTML-escaped there, so that
        # "O'Brien & Sons" reads as typed. Only services.notifications renders with it.
        "NAME": "text",
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {"autoescape": False},
    },
]

# Database: PostgreSQL (psycopg 3) from DATABASE_URL, else a SQLite file under DATA_DIR.
try:
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL or f"sqlite:///{DATA_DIR / 'db.sqlite3'}",
            conn_max_age=int(os.environ.get("DB_CONN_MAX_AGE", "60")),
            conn_health_checks=True,
        )
    }
except (ValueError, KeyError) as exc:
    raise ImproperlyConfigured(
        "DATABASE_URL is not a database address like postgres://user:password@host:5432/name."
    ) from exc
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # A database host that does not answer at all (not even a refusal) fails a request after 3 s
    # with a 503 (services/core/errors.py), instead of waiting for the system's TCP timeout.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", 3)
    # Parameters sent apart from the statement (the extended protocol) rather than quoted into it
    # by psycopg in Python: less CPU per statement (docs/decisions.md).
    DATABASES["default"]["OPTIONS"].setdefault("server_side_binding", True)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Web, worker and beat share the file: wait for locks instead of failing, and give the
    # test database a file name so that a real worker process can open it too.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["TEST"] = {"NAME": str(DATA_DIR / "test-db.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "").strip()
if REDIS_URL and not REDIS_URL.startswith(("redis://", "rediss://", "unix://")):
    raise ImproperlyConfigured("REDIS_URL is not a Redis address like redis://host:6379/0.")
# Redis may be down or frozen (a stopped process or a dead host: the kernel still accepts the
# connection, nobody answers). Every Redis client (the cache and rate limits here, Celery's publish
# and consume below) gives up connecting or reading after this long, instead of redis-py's 5 s, and
# each process then leaves Redis alone for REDIS_RECHECK_SECONDS (services/core/breaker.py): a
# request never waits on Redis more than once every few seconds per process. Redis on the same
# network answers in well under a millisecond.
REDIS_TIMEOUT_SECONDS = 0.5
REDIS_RECHECK_SECONDS = 3
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "services.core.breaker.GuardedRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
                "socket_timeout": REDIS_TIMEOUT_SECONDS,
            },
        }
    }
else:
    # Shared between the web, worker and beat processes of the embedded mode.
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": str(DATA_DIR / "cache"),
        }
    }

AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # refuses a locked-out username + address first
    "django.contrib.auth.backends.ModelBackend",
]

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en"
# Django ships no locale data for Kinyarwanda; declare it so that its catalogue can be activated.
LANG_INFO["rw"] = {"bidi": False, "code": "rw", "name": "Kinyarwanda", "name_local": "Ikinyarwanda"}
LANGUAGES = [("en", "English"), ("rw", "Kinyarwanda"), ("fr", "French"), ("sw", "Kiswahili")]
LOCALE_PATHS = [BASE_DIR / "services" / "locale"]
# Dates and times in e-mails per language (Django has no Kinyarwanda or Swahili formats).
FORMAT_MODULE_PATH = ["services.locale.formats"]
TIME_ZONE = "Africa/Kigali"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    # Signed videos, their posters and captions (services/signed_videos/storage.py): set just below.
}
# The built single-page app: its files are served at the site root, index.html for client routes.
FRONTEND_DIST = Path(os.environ.get("FRONTEND_DIST", BASE_DIR / "frontend" / "dist"))
WHITENOISE_ROOT = FRONTEND_DIST if FRONTEND_DIST.is_dir() else None
WHITENOISE_MAX_AGE = 3600
# The door check-in screen's web app manifest (frontend/vite.config.ts): WhiteNoise knows no type for it.
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}

DATA_UPLOAD_MAX_MEMORY_SIZE = 256 * 1024  # the API takes small JSON bodies (files aside: see below)

# Transport. Behind nginx, which sets X-Forwarded-Proto from its own scheme (never the client's).
# Production (DATABASE_URL set) redirects to HTTPS and sends HSTS unless the environment says
# otherwise; the health probe is exempt so that a container check over plain HTTP still works.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not EMBEDDED and not DEBUG)
SECURE_REDIRECT_EXEMPT = [r"^api/health/$"]
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "0" if EMBEDDED or DEBUG else "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_SECONDS > 0
# Preloading cannot be undone quickly and binds every subdomain: the domain's owner opts in.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = not DEBUG and not EMBEDDED
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Interactive API docs: open to anyone only when asked (the embedded default); otherwise only
# for staff signed in to the Django admin.
API_DOCS_PUBLIC = env_bool("API_DOCS_PUBLIC", EMBEDDED)
# Monitoring probes that send "Authorization: Bearer <HEALTH_TOKEN>" get the detailed health
# report, as staff do; anybody else gets only the status.
HEALTH_TOKEN = os.environ.get("HEALTH_TOKEN", "").strip()

# --- E-mail ------------------------------------------------------------------------------
# Unless EMAIL_BACKEND is set, every e-mail is written as one .eml file under DATA_DIR/mail.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND", "services.notifications.backends.EmlFileBackend")
EMAIL_FILE_PATH = DATA_DIR / "mail"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "RNSLIA <no-reply@rnslia.org.rw>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# Any ANYMAIL_<SETTING> variable becomes ANYMAIL["<SETTING>"], e.g. ANYMAIL_MAILGUN_API_KEY.
ANYMAIL = {
    key.removeprefix("ANYMAIL_"): value for key, value in os.environ.items() if key.startswith("ANYMAIL_")
}
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
EMAIL_TIMEOUT = 20

# The association's own details (every e-mail's layout, the contact inbox), where registrants and
# members pay, and the yearly membership fees by type (Rwf): what people read must be true, so none
# has a production default (services/core/details.py). With DJANGO_DEBUG off, web, worker and
# `manage.py check` refuse to start while one is unset or a known placeholder (core/checks.py);
# with it on (`make run`) an unset one takes a demo value, and DETAILS_DEMO makes every payment
# instruction say "demo, not a real account".
ASSOCIATION = _DETAILS["ASSOCIATION"]
PAYMENT_DETAILS = _DETAILS["PAYMENT_DETAILS"]
MEMBERSHIP_FEES = _DETAILS["MEMBERSHIP_FEES"]
DETAILS_DEMO = _DETAILS["DETAILS_DEMO"]

# The association's name in the e-mails written in Kinyarwanda. Its default goes with the default
# English name; a site that names itself otherwise and gives no Kinyarwanda name keeps its own.
ASSOCIATION_NAME_RW = os.environ.get(
    "ASSOCIATION_NAME_RW",
    "Ishyirahamwe ry’Igihugu ry’Abasemuzi b’Ururimi rw’Amarenga mu Rwanda"
    if "ASSOCIATION_NAME" not in os.environ
    else ASSOCIATION["name"],
)


def _hours(name: str, default: str) -> float | None:
    value = os.environ.get(name, default).strip()
    return float(value) if value else None


# A sign-up holds its seat this long until the visitor opens the link of the first e-mail; a
# waiting-list place not confirmed within it ends too (docs/registrations.md).
SIGNUP_CONFIRM_MINUTES = int(os.environ.get("SIGNUP_CONFIRM_MINUTES", "").strip() or "30")
# Unpaid seats of a paid event go back after this many hours (an event may set its own; never
# later than its start; empty: no deadline). One reminder goes this long before the deadline; with
# no deadline, one reminder this long after sign-up. A waiting-list offer holds a seat this long.
REGISTRATION_PAYMENT_DEADLINE_HOURS = _hours("REGISTRATION_PAYMENT_DEADLINE_HOURS", "72")
REGISTRATION_REMINDER_BEFORE_HOURS = _hours("REGISTRATION_REMINDER_BEFORE_HOURS", "24") or 24.0
REGISTRATION_REMINDER_AFTER_HOURS = _hours("REGISTRATION_REMINDER_AFTER_HOURS", "72")
WAITLIST_OFFER_HOURS = _hours("WAITLIST_OFFER_HOURS", "48") or 48.0
# Reminders of the event to each Approved registrant, this many hours before its start (empty:
# that reminder is not sent). Kinds as the API names them (docs/registrations.md, Reminders).
EVENT_REMINDERS = {
    kind: hours
    for kind, hours in (
        ("7_days", _hours("EVENT_REMINDER_7_DAYS_HOURS", "168")),
        ("1_day", _hours("EVENT_REMINDER_1_DAY_HOURS", "24")),
    )
    if hours
}
# The length of a membership period in months (default: a year from approval; docs/members.md,
# The membership year).
MEMBERSHIP_PERIOD_MONTHS = int(os.environ.get("MEMBERSHIP_PERIOD_MONTHS", "").strip() or "12")
# The hour of the day (Kigali time) renewal notices go out on their day: 30 and 7 days before a
# period's last day, on it, and when its grace ends (docs/members.md, Renewal notices).
RENEWAL_NOTICE_HOUR = int(os.environ.get("RENEWAL_NOTICE_HOUR", "").strip() or "9")
# A member's own page (/my-membership): how long an e-mailed sign-in link works, and how long
# the session it opens lasts at most (docs/members.md, A member's own page).
MEMBER_SIGN_IN_MINUTES = 15
# CPD crediting's sweep (services/cpd): the Completed events of this many past days are credited
# again each hour, so that a lost message is made good (a credit is once per member and event).
CPD_SWEEP_DAYS = 60
MEMBER_SESSION_HOURS = 24
# How long the link that confirms a member's new e-mail address works (sent to that address).
MEMBER_EMAIL_CHANGE_HOURS = 24
# How long rejected membership applications are kept before they are erased.
MEMBER_REJECTED_RETENTION_DAYS = int(os.environ.get("MEMBER_REJECTED_RETENTION_DAYS", "180"))
# Personal data kept no longer than needed (docs/security.md): registrations that ended
# (Rejected, Expired, Cancelled), waiting-list entries that ended and contact messages are erased
# this many days later; what reports count of them stays as an anonymous tally.
PERSONAL_DATA_RETENTION_DAYS = int(os.environ.get("PERSONAL_DATA_RETENTION_DAYS", "180"))
# Interpreter requests (docs/interpreting.md): the requester's details are erased this many days
# after the request's date (the anonymous counts stay for the report); an offer to an
# interpreter stays open this many hours (never past the assignment's start).
INTERPRETER_REQUEST_RETENTION_DAYS = int(os.environ.get("INTERPRETER_REQUEST_RETENTION_DAYS", "365"))
INTERPRETER_OFFER_HOURS = _hours("INTERPRETER_OFFER_HOURS", "48") or 48.0
# The audit trail (services/audit/): kept two years, then deleted by the daily schedule.
AUDIT_RETENTION_DAYS = int(os.environ.get("AUDIT_RETENTION_DAYS", "730"))
AUDITLOG_LOGENTRY_MODEL = "audit.Entry"
# auditlog's own migrations create its entry table even when the model is swapped for ours (and its
# foreign key to the users then blocks the tests' TRUNCATE on PostgreSQL): the app runs unmigrated.
MIGRATION_MODULES = {"auditlog": None}
AUDITLOG_STORE_JSON_CHANGES = True  # values keep their JSON types (numbers, booleans, null)
AUDITLOG_DISABLE_REMOTE_ADDR = False
# The content of a sent (or finally failed) e-mail is cleared this many days later; the row stays.
NOTIFICATION_BODY_RETENTION_DAYS = int(os.environ.get("NOTIFICATION_BODY_RETENTION_DAYS", "30"))
# The length of an event in calendar invites when it has no end time of its own.
EVENT_DEFAULT_DURATION_HOURS = float(os.environ.get("EVENT_DEFAULT_DURATION_HOURS", "").strip() or "3")

# --- Celery ------------------------------------------------------------------------------
BROKER_DIR = DATA_DIR / "broker"
if REDIS_URL:
    CELERY_BROKER_URL = REDIS_URL
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "visibility_timeout": 3600,
        "socket_connect_timeout": REDIS_TIMEOUT_SECONDS,
        # Waiting for work is not a blocking read: the worker sends BRPOP (1 s server-side timeout)
        # and reads the answer only when its event loop sees the socket readable, so this bounds
        # publishes and acks, never the wait. A BRPOP with no answer for 1 + 25 s (kombu's
        # health_check_interval, default) is dropped and reconnected.
        "socket_timeout": REDIS_TIMEOUT_SECONDS,
        # A publish makes one attempt (kombu would otherwise retry for broker_connection_timeout);
        # what it could not hand over stays in the outbox for the sweep.
        "max_retries": 0,
    }
    CELERY_BROKER_CONNECTION_TIMEOUT = REDIS_TIMEOUT_SECONDS
else:
    CELERY_BROKER_URL = "atomicfs://"  # worker/filesystem_broker.py: kombu filesystem, atomic writes
    for sub in ("out", "processed"):
        (BROKER_DIR / sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(BROKER_DIR / "out"),
        "data_folder_out": str(BROKER_DIR / "out"),
        "processed_folder": str(BROKER_DIR / "processed"),
        "store_processed": False,
        "control_folder": str(BROKER_DIR / "control"),
        # Look for new messages every 50 ms, not every second: a contact message passes three
        # tasks (relay, handler, send), and at 1 s a hop the e-mail took about 3 s and one worker
        # sent about 2 e-mails a second. Listing the folder 20 times a second costs next to nothing.
        "polling_interval": 0.05,
    }
# The worker and beat reconnect for ever when the broker goes away (a restart, a kill -9), at
# startup too; the default gives up after 100 attempts and the worker exits. Tasks running when
# the connection drops run to their end (each is idempotent and locks its row; cancelling one
# mid-send would leave its e-mail for the 10-minute stuck sweep); their acknowledgement is lost
# with the connection, and the sweeps hand out from rows whatever still needs doing.
CELERY_BROKER_CONNECTION_RETRY = True
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_CONNECTION_MAX_RETRIES = None
CELERY_WORKER_CANCEL_LONG_RUNNING_TASKS_ON_CONNECTION_LOSS = False
CELERY_TASK_IGNORE_RESULT = True
CELERY_RESULT_BACKEND = None
CELERY_TASK_ACKS_LATE = True  # every task is idempotent; a crash mid-task redelivers it
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SOFT_TIME_LIMIT = 60
CELERY_TASK_TIME_LIMIT = 90
CELERY_TASK_DEFAULT_QUEUE = "default"
CELERY_TASK_ROUTES = {"notifications.*": {"queue": "mail"}}
# Every queue the project uses: a bare `celery -A worker worker` consumes them all, so no work
# is stranded; `-Q mail` still gives e-mail a worker of its own.
CELERY_TASK_QUEUES = [Queue("default"), Queue("mail")]
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# Beat writes when it last sent each periodic task after every send (celery's default is every
# 3 minutes), so that the System page's "last run" and "late" are current.
CELERY_BEAT_SYNC_EVERY = 1
CELERY_TIMEZONE = TIME_ZONE
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# More task modules for the worker to load, comma-separated (the tests load probe handlers so).
CELERY_IMPORTS = env_list("WORKER_EXTRA_IMPORTS")

# --- Outbox, notifications, health -------------------------------------------------------
OUTBOX_SWEEP_AFTER_SECONDS = int(
    os.environ.get("OUTBOX_SWEEP_AFTER_SECONDS", "10")
)  # a message older than this and still undispatched is relayed by the sweep
# A handed-out delivery that has not run this long after is handed out again by the sweep.
OUTBOX_REDELIVER_AFTER_SECONDS = int(os.environ.get("OUTBOX_REDELIVER_AFTER_SECONDS", "60"))
# A failing handler is tried again after 30 s, 1, 2, 4, 8, 16, 32 min, then is dead (ops re-run it).
OUTBOX_RETRY_BASE_SECONDS = int(os.environ.get("OUTBOX_RETRY_BASE_SECONDS", "30"))
OUTBOX_HANDLER_MAX_ATTEMPTS = int(os.environ.get("OUTBOX_HANDLER_MAX_ATTEMPTS", "8"))
OUTBOX_RETENTION_DAYS = 30
# A relay or mail task queued and not started yet keeps the doorbell quiet this long
# (services/core/doorbell.py); after that a new row rings again, whatever became of the task.
DOORBELL_SECONDS = int(os.environ.get("DOORBELL_SECONDS", "10"))
NOTIFICATION_MAX_ATTEMPTS = 5
HEALTH_HEARTBEAT_MAX_AGE_SECONDS = 120  # beat stamps every 30 s
HEALTH_OUTBOX_MAX_AGE_SECONDS = 300
# Anonymous callers of /api/health/ get a status at most this old (services/ops/health.py).
HEALTH_STATUS_SECONDS = 5
# Every worker stamps its own presence row this often (services/ops/tasks.py); when the workers
# cannot be asked over the broker, the System page counts one silent for 3 periods as offline.
WORKER_PRESENCE_SECONDS = 30
# How long the System page waits for the workers to answer over the broker.
SYSTEM_INSPECT_TIMEOUT_SECONDS = 1.0


LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "services.core.middleware.RequestIdFilter"}},
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain", "filters": ["request_id"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.request": {"level": "ERROR"}},
}

# --- Who is calling, and how often ------------------------------------------------------
# The number of trusted proxies in front of Django (compose's nginx: 1). The client address is
# the X-Forwarded-For entry the outermost of them appended (services/core/client.py); the login
# lockout and every rate limit use it. 0: REMOTE_ADDR, and the header is ignored.
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", "").strip() or "0")

# One named limit per public action, per client address, each with its own counter and window
# (services/core/throttling.py). "N/s|m|h|d".
RATE_LIMITS = {
    "login": os.environ.get("LOGIN_RATE", "30/m"),  # across usernames; axes locks per username
    "password_reset": os.environ.get("PASSWORD_RESET_RATE", "10/h"),  # reset e-mails asked for
    "reset_link": os.environ.get("RESET_LINK_RATE", "30/h"),  # reset links checked or used
    # Signed-in password changes; wrong current passwords also count towards the login lockout.
    "password_change": os.environ.get("PASSWORD_CHANGE_RATE", "20/h"),
    "contact": os.environ.get("CONTACT_FORM_RATE", "10/h"),
    "registration": os.environ.get("REGISTRATION_RATE", "60/h"),  # a family or a school on one network
    "waitlist": os.environ.get("WAITLIST_RATE", "30/h"),  # joining a full event's waiting list
    "waitlist_offer": os.environ.get("WAITLIST_OFFER_RATE", "30/h"),  # offer links checked
    "my_registration": os.environ.get("MY_REGISTRATION_RATE", "60/h"),  # confirmation links opened
    "my_registration_cancel": os.environ.get("MY_REGISTRATION_CANCEL_RATE", "10/h"),  # own cancellations
    "membership": os.environ.get("MEMBERSHIP_RATE", "10/h"),
    # Interpreter requests sent, and the links of their e-mails (offers answered, cancellations).
    "interpreter_request": os.environ.get("INTERPRETER_REQUEST_RATE", "10/h"),
    "interpreter_link": os.environ.get("INTERPRETER_LINK_RATE", "30/h"),
    # An interpreter's own profile and photo saved (each photo is decoded and resized), per member.
    "interpreter_profile_save": os.environ.get("INTERPRETER_PROFILE_SAVE_RATE", "60/h"),
    # Bot challenges handed out (services/core/challenge.py): a visitor may open many forms.
    "challenge": os.environ.get("CHALLENGE_RATE", "300/h"),
    "ticket": os.environ.get("TICKET_RATE", "120/h"),  # ticket pages opened (codes tried)
    "verify": os.environ.get("VERIFY_RATE", "60/h"),  # cards and certificates verified (codes tried)
    # A member's sign-in links asked for: per client address, and per e-mail address typed
    # (services/members/my_membership.py), whether or not the address is a member's.
    "member_sign_in": os.environ.get("MEMBER_SIGN_IN_RATE", "5/h"),
    "member_sign_in_email": os.environ.get("MEMBER_SIGN_IN_EMAIL_RATE", "5/h"),
    "member_sign_in_link": os.environ.get("MEMBER_SIGN_IN_LINK_RATE", "30/h"),  # links opened
    # A member's e-mail changes asked for (each e-mails a link to the new address): per client
    # address, and per new address typed, so that nobody's inbox is flooded through the form.
    "member_email_change": os.environ.get("MEMBER_EMAIL_CHANGE_RATE", "5/h"),
    "member_email_change_email": os.environ.get("MEMBER_EMAIL_CHANGE_EMAIL_RATE", "5/h"),
    "member_email_confirm": os.environ.get("MEMBER_EMAIL_CONFIRM_RATE", "30/h"),  # links opened
    # Renewals asked for by one member (each type or method change e-mails how to pay again).
    "member_renew": os.environ.get("MEMBER_RENEW_RATE", "10/h"),
    # A page's signed video looked up (every page with one asks once per visit).
    "signed_video": os.environ.get("SIGNED_VIDEO_RATE", "600/h"),
}
# The bot challenge of the public forms that create a row or send an e-mail (sign-up, waiting
# list, membership, contact, password reset): the browser solves a proof of work in the background
# and sends it in the X-Altcha header (services/core/challenge.py, docs/security.md). On unless
# DJANGO_DEBUG is on. One try costs PUBLIC_FORM_CHALLENGE_COST PBKDF2-SHA-256 iterations, and a
# challenge takes between half of PUBLIC_FORM_CHALLENGE_MAX_TRIES and all of them: about 0.1 s in
# a desktop browser, well under a second on a phone (docs/decisions.md has the measurements).
PUBLIC_FORM_CHALLENGE = env_bool("PUBLIC_FORM_CHALLENGE", not DEBUG)
PUBLIC_FORM_CHALLENGE_COST = int(os.environ.get("PUBLIC_FORM_CHALLENGE_COST", "10000"))
PUBLIC_FORM_CHALLENGE_MAX_TRIES = int(os.environ.get("PUBLIC_FORM_CHALLENGE_MAX_TRIES", "50"))
# A challenge handed out must be solved and sent within this time.
PUBLIC_FORM_CHALLENGE_MINUTES = int(os.environ.get("PUBLIC_FORM_CHALLENGE_MINUTES", "10"))

# Acknowledgements of contact messages to one e-mail address per day: the form cannot be used
# to flood somebody else's inbox in the association's name.
CONTACT_ACKS_PER_DAY = int(os.environ.get("CONTACT_ACKS_PER_DAY", "3"))

# --- Accounts ----------------------------------------------------------------------------
# Access tokens are short so that a revoked session ends quickly; the refresh token matches
# SPEC's 24-hour session. Refresh tokens rotate on every use and the old one is blacklisted.
NINJA_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=int(os.environ.get("ACCESS_TOKEN_MINUTES", "15"))),
    "REFRESH_TOKEN_LIFETIME": timedelta(hours=24),
    "ROTATE_REFRESH_TOKENS": True,
    "BLACKLIST_AFTER_ROTATION": True,
    "UPDATE_LAST_LOGIN": False,
    "SIGNING_KEY": SECRET_KEY,
}
# Login lockout (django-axes): 5 failures for one username from one address lock that pair
# out for 15 minutes. Enough for typos, too few for guessing; an attacker elsewhere cannot lock
# the real admin out, because the address is part of the key.
# The API answers its own lockout envelope, so axes' middleware (an HTML/JSON page of its own)
# is not installed; the backend still refuses a locked-out pair everywhere, /admin/ included.
SILENCED_SYSTEM_CHECKS = ["axes.W002"]
if not SECURE_HSTS_PRELOAD:
    SILENCED_SYSTEM_CHECKS.append("security.W021")  # preload is the owner's decision (see above)
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_MINUTES = 15
AXES_COOLOFF_TIME = timedelta(minutes=AXES_COOLOFF_MINUTES)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False
AXES_CLIENT_IP_CALLABLE = "services.core.client.client_ip"  # the same address as the rate limits

PASSWORD_RESET_PER_EMAIL = 3  # reset e-mails per address per hour; more are silently dropped
PASSWORD_RESET_TOKEN_MINUTES = 60

# --- Events ------------------------------------------------------------------------------
# Published events whose date has passed become Completed every night (events.complete_past).
EVENTS_AUTO_COMPLETE = env_bool("EVENTS_AUTO_COMPLETE", True)
# The public list and event pages are cached (core/public_cache.py), and so are the public lists
# of resources and updates: each web process looks at the shared version at most this often, and
# entries live at most this long.
PUBLIC_EVENTS_RECHECK_SECONDS = float(os.environ.get("PUBLIC_EVENTS_RECHECK_SECONDS", "1"))
PUBLIC_EVENTS_CACHE_SECONDS = int(os.environ.get("PUBLIC_EVENTS_CACHE_SECONDS", "60"))

# --- Content (resources and updates) -------------------------------------------------------
# Files staff upload as resources, under random names. Never served as they are: the API hands
# them out as attachments (services/content/downloads.py); MEDIA_URL stays unset.
MEDIA_ROOT = DATA_DIR / "media"
FILE_UPLOAD_PERMISSIONS = 0o600  # Django's default (0o644) would ignore the umask above
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700
# The largest resource file staff may upload, in MB (compose/nginx.common-server.conf lets a
# little more than this through on /api/resources/ and refuses bigger bodies at the door).
RESOURCE_UPLOAD_MAX_MB = int(os.environ.get("RESOURCE_UPLOAD_MAX_MB", "10"))
# Event images staff upload: the largest file, in MB (nginx lets a little more through on
# /api/management/events/<id>/image/), and the most pixels a picture may have, checked from its
# header before it is decoded (a small file can unpack into gigabytes: a decompression bomb).
EVENT_IMAGE_UPLOAD_MAX_MB = int(os.environ.get("EVENT_IMAGE_UPLOAD_MAX_MB", "8"))
EVENT_IMAGE_MAX_MEGAPIXELS = int(os.environ.get("EVENT_IMAGE_MAX_MEGAPIXELS", "40"))

# --- Signed videos (services/signed_videos/, docs/content.md) -------------------------------
# The largest video staff may upload, in MB, whole or through the resumable upload (compose's
# nginx lets the resumable upload's chunks through; a whole file that big should use it).
SIGNED_VIDEO_MAX_MB = int(os.environ.get("SIGNED_VIDEO_MAX_MB", "300"))
# The resumable upload's largest chunk, in MB (one short request each; compose's nginx lets
# a little more through on /api/management/signed-videos/uploads/).
SIGNED_VIDEO_CHUNK_MAX_MB = int(os.environ.get("SIGNED_VIDEO_CHUNK_MAX_MB", "16"))
# Unfinished resumable uploads are deleted this long after they began.
SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS = int(os.environ.get("SIGNED_VIDEO_UPLOAD_EXPIRY_HOURS", "24"))
# How long ffmpeg may look at one upload in the request (probe), and decode it in the worker.
SIGNED_VIDEO_PROBE_SECONDS = int(os.environ.get("SIGNED_VIDEO_PROBE_SECONDS", "60"))
SIGNED_VIDEO_DECODE_SECONDS = int(os.environ.get("SIGNED_VIDEO_DECODE_SECONDS", "1800"))
# Checked files only: the videos, posters and captions, named by their content's hash. On the disk
# by default (MEDIA_ROOT/signed-videos, readable by compose's nginx, which serves them); an
# S3-compatible store by setting SIGNED_VIDEO_STORAGE to a JSON STORAGES entry (docs/operations.md).
SIGNED_VIDEO_URL = os.environ.get("SIGNED_VIDEO_URL", "/media/signed-videos/")
try:
    _signed_video_storage = json.loads(os.environ.get("SIGNED_VIDEO_STORAGE") or "null")
except ValueError as error:
    raise ImproperlyConfigured(f"SIGNED_VIDEO_STORAGE is not JSON: {error}") from None
if _signed_video_storage is not None and not isinstance(_signed_video_storage, dict):
    raise ImproperlyConfigured(
        'SIGNED_VIDEO_STORAGE is a STORAGES entry: {"BACKEND": ..., "OPTIONS": {...}}.'
    )
STORAGES["signed_videos"] = (
    _signed_video_storage
    if _signed_video_storage
    else {
        "BACKEND": "django.core.files.storage.FileSystemStorage",
        "OPTIONS": {
            "location": str(MEDIA_ROOT / "signed-videos"),
            "base_url": SIGNED_VIDEO_URL,
            # Public files that compose's nginx (another user) serves straight from the folder.
            "file_permissions_mode": 0o644,
            "directory_permissions_mode": 0o755,
        },
    }
)
