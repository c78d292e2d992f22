"""Settings for Minibridge Classroom: one module, read from the environment.

Each variable is documented in ``.env.example``. Variables missing from the environment
are taken from ``.env`` beside manage.py (``make run`` makes it once; ``ENV_FILE``
chooses another file, or none when empty). Helpers in ``minibridge.env`` refuse values
they do not understand, so a typo stops the site instead of changing its behaviour
silently.
"""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from minibridge import network
from minibridge.env import (
    env_bool,
    env_cache,
    env_days_or_none,
    env_int,
    env_list,
    env_origin,
    env_path_segment,
    env_positive_int,
    env_str,
    load_env_file,
)

BASE_DIR = Path(__file__).resolve().parent.parent
ENV_FILE = load_env_file(BASE_DIR)

DEBUG = env_bool("DEBUG", default=False)

if DEBUG:
    # Only ever used on a developer's machine: DEBUG=false requires a real key.
    SECRET_KEY = env_str("SECRET_KEY", default="django-insecure-development-only-key-minibridge")
elif not env_str("SECRET_KEY", default=""):
    raise ImproperlyConfigured(
        "SECRET_KEY must be set: `make run` makes a .env file with one beside manage.py "
        "(or see .env.example)."
    )
else:
    SECRET_KEY = env_str("SECRET_KEY")

# By default the site answers to this computer's own names and addresses, read at
# start-up (the class's tablets open its LAN address); a server on the internet names
# its host names instead.
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=network.host_names())
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", default=[])

# The address printed on the table cards and in their QR codes. Empty: this computer's
# LAN address and the port the teacher's page came in on (never 127.0.0.1).
PUBLIC_URL = env_origin("PUBLIC_URL")
if PUBLIC_URL and network.is_loopback_host(urlsplit(PUBLIC_URL).hostname or ""):
    raise ImproperlyConfigured(
        f"PUBLIC_URL must be an address the tablets can reach, not {PUBLIC_URL} "
        "(that is each tablet itself)."
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "django_tasks",
    "django_tasks_db",
    "csp",
    "tournaments",
    "games",
    "events",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages and partials compressed (whitenoise serves static files compressed itself).
    # Django's GZip middleware pads each response against the BREACH attack.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    # Django's LocaleMiddleware, and a page's language named in its address (?lang=nb).
    "minibridge.languages.QueryLocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # A write that finds the disk full answers 503 (the tablets send it again later).
    "minibridge.disk_full.DiskFullMiddleware",
]

ROOT_URLCONF = "minibridge.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "minibridge.wsgi.application"
ASGI_APPLICATION = "minibridge.asgi.application"

# --- Database -------------------------------------------------------------------------
# SQLite by default (a git-ignored file beside manage.py); PostgreSQL through
# DATABASE_URL=postgres://user:password@host:5432/name for large events.
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        # Connections are kept and reused by each server thread (a new one per request
        # was a large share of a save's cost), checked before reuse.
        conn_max_age=env_int("DATABASE_CONN_MAX_AGE", default=600),
        conn_health_checks=True,
    )
}
_engine = DATABASES["default"]["ENGINE"]
if _engine == "django.db.backends.sqlite3":
    # Concurrent tablets: WAL lets readers carry on while one writer writes;
    # IMMEDIATE takes the write lock at BEGIN, so two writers queue behind the busy
    # timeout instead of one failing with "database is locked" half-way through.
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 30,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}
elif _engine != "django.db.backends.postgresql":
    raise ImproperlyConfigured("DATABASE_URL must be a sqlite:// or postgres:// URL.")

# --- Cache ----------------------------------------------------------------------------
# What the class's pages share between requests (tournaments.sessions.caches: the pairs,
# the boards, the standings, each under its session's revision): memory in each server
# process by default; where several servers run, CACHE_URL names one they share.
CACHES = {"default": env_cache("CACHE_URL", max_entries=20_000)}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Background work ------------------------------------------------------------------
# Slow jobs (double-dummy analysis) go to a queue kept in the database and run by
# `python manage.py db_worker` (started by `make run`); no Redis needed.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}

# --- Privacy --------------------------------------------------------------------------
# Finished sessions older than this many days are removed by `manage.py purge` (run it
# from cron). Unset, nothing is ever removed that way: the school decides.
RETENTION_DAYS = env_days_or_none("RETENTION_DAYS")

# --- Accounts -------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "tournaments:home"
LOGOUT_REDIRECT_URL = "login"

# --- Login throttling (django-axes) ---------------------------------------------------
# Failed logins, to the teachers' page and to the admin, are counted in the database (so
# every gunicorn process of every server sees them) by username and by address. Over a
# limit, logging in is paused: axes' check in front of both login pages
# (minibridge/urls.py), and its backend first in the list for any other authenticate(),
# refuse before any password is hashed, and the answer is held back a second, so a flood
# of wrong passwords leaves the tablets quick (bench/bench_login_flood.py). The refused
# visitor gets a page saying how long to wait (minibridge/login_throttling.py);
# `manage.py axes_reset_username NAME` lifts it.
INSTALLED_APPS.append("axes")
# Last, so it sees the language chosen and turns a refused login into that page.
MIDDLEWARE.append("axes.middleware.AxesMiddleware")
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
# Three limits. Per username and address together: five wrong passwords for a username
# pause that username from that address only, so a pupil trying the teacher's username
# on a tablet cannot lock the teacher out of her own lesson on her laptop. Per address,
# higher: a machine trying name after name is stopped, while every teacher of a school
# can reach a server on the internet from the school's one NAT address without one's
# typos locking the colleagues out. Per username from anywhere, higher still: guessing
# one teacher's password from many addresses is stopped too. axes has one limit for all
# its parameters; the handler adds the other two.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_HANDLER = "minibridge.login_throttling.UsernameAndAddressHandler"
AXES_FAILURE_LIMIT = env_positive_int("LOGIN_FAILURE_LIMIT", default=5)
LOGIN_ADDRESS_FAILURE_LIMIT = env_positive_int("LOGIN_ADDRESS_FAILURE_LIMIT", default=20)
LOGIN_USERNAME_FAILURE_LIMIT = env_positive_int("LOGIN_USERNAME_FAILURE_LIMIT", default=50)
AXES_COOLOFF_TIME = timedelta(minutes=env_positive_int("LOGIN_COOLOFF_MINUTES", default=15))
# axes records every login, failed or not, with the username, the address and the
# browser; they go once this many days old (minibridge/login_throttling.py, at each
# login and in `manage.py purge`). "What this site stores" says it.
LOGIN_RECORDS_DAYS = env_positive_int("LOGIN_RECORDS_DAYS", default=30)
# An attempt refused during the pause neither counts nor restarts it: the page can say
# how long to wait, and a refusal is not recorded. AXES_RESET_ON_SUCCESS stays
# off: a login would forget every failure from its address, so a teacher sharing the
# NAT address could reset a guesser's count by logging in.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "minibridge.login_throttling.lockout_response"
# The username as the login form cleans it (and never one the database would refuse).
AXES_USERNAME_CALLABLE = "minibridge.login_throttling.login_username"
# Seconds a refused login's answer is held back, so that a script posting passwords in
# a loop slows down to the pace of its answers (minibridge/login_throttling.py).
LOGIN_PAUSED_ANSWER_DELAY = 1.0
# The threads in each of gunicorn's processes, as `manage.py serve` starts them (its
# --threads, which it hands to the processes it starts in SERVE_THREADS): a process
# holds back refused logins in at most half of them (minibridge/login_throttling.py).
SERVE_THREADS = env_positive_int("SERVE_THREADS", default=8)
# No start-up banner on every manage.py command; failures are still logged (WARNING).
AXES_VERBOSE = False
# The client's address is REMOTE_ADDR (ipware is told to read nothing else), unless
# behind a proxy: then the address the proxy appended to X-Forwarded-For, its right-most
# entry (anything a client sent in that header itself stands to its left). ipware counts
# the proxies listed in the header, and ours is REMOTE_ADDR, not listed: 0. Not strict,
# so a longer, client-made chain still gives the right-most address instead of the
# proxy's own (which would lock everyone behind it out).
if env_bool("BEHIND_PROXY", default=False):
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")
    AXES_IPWARE_PROXY_COUNT = 0
    IPWARE_STRICT = False

# The admin's address, under the site's root (e.g. staff-7f3k/). "admin/" by default: a
# classroom laptop's site is not on the internet, and the lockout above guards the admin
# wherever it is; a server on the internet can choose a less obvious path to keep the
# scanners' noise out of its logs.
ADMIN_PATH = env_path_segment("ADMIN_PATH", default="admin/")

# --- Languages ------------------------------------------------------------------------
LANGUAGE_CODE = env_str("LANGUAGE_CODE", default="en")
LANGUAGES = [
    ("en", _("English")),
    ("nb", _("Norwegian Bokmål")),
]
if LANGUAGE_CODE not in {code for code, _name in LANGUAGES}:
    raise ImproperlyConfigured("LANGUAGE_CODE must be en or nb.")
LOCALE_PATHS = [BASE_DIR / "locale"]
# The switcher's choice is kept for a year.
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
TIME_ZONE = env_str("TIME_ZONE", default="Europe/Oslo")
USE_I18N = True
USE_TZ = True

# --- Static files (served by whitenoise; nothing fetched from the internet) -----------
STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", default=str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# --- Security -------------------------------------------------------------------------
# HTTPS is assumed in production. ALLOW_HTTP=true relaxes it for a school network that
# serves the site without TLS (the deploy check will then warn, as it should).
ALLOW_HTTP = env_bool("ALLOW_HTTP", default=False)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# The browser runs only the site's own files: no inline script or style, no eval (htmx's
# is switched off in base.html), nothing from another site, no plug-ins, no framing.
# Pages, the projector and the tables' pages alike; tests/browser fails on any violation.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    }
}
SESSION_COOKIE_HTTPONLY = True
if not DEBUG and not ALLOW_HTTP:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    if env_bool("BEHIND_PROXY", default=False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", default="INFO")},
}
