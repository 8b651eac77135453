#!/bin/sh
# Entrypoint of the backend image: refuse obviously unconfigured secrets, then run the command.
# There is no default SECRET_KEY: Django refuses to start without one in production, and with
# one under 32 characters anywhere (services/settings.py). This also catches the CHANGE-ME
# placeholders of compose/.env.example, SECRET_KEY's included. Only DJANGO_DEBUG=1 skips the
# SECRET_KEY checks.
set -eu

is_true() {
    case "$(printf '%s' "${1:-}" | tr '[:upper:]' '[:lower:]')" in
        1 | true | yes | on) return 0 ;;
        *) return 1 ;;
    esac
}

# Placeholders of compose/.env.example that must never reach production.
for name in DATABASE_URL FLOWER_BASIC_AUTH; do
    eval "value=\${$name:-}"
    case "$value" in
        *CHANGE-ME* | *change-me*)
            echo "entrypoint: $name in compose/.env is still a placeholder (CHANGE-ME); set a real value" >&2
            exit 78
            ;;
    esac
done

if ! is_true "${DJANGO_DEBUG:-}"; then
    key="${SECRET_KEY:-}"
    case "$key" in
        *CHANGE-ME* | *change-me*)
            echo "entrypoint: SECRET_KEY in compose/.env is still a placeholder; set a random one" >&2
            echo "  e.g. python3 -c 'import secrets; print(secrets.token_urlsafe(64))'" >&2
            exit 78
            ;;
    esac
    if [ "${#key}" -lt 32 ]; then
        echo "entrypoint: SECRET_KEY must be at least 32 random characters (compose/.env)" >&2
        echo "  e.g. python3 -c 'import secrets; print(secrets.token_urlsafe(64))'" >&2
        exit 78
    fi
fi

exec "$@"
