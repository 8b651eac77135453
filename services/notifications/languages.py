"""The language an e-mail is written in: one of settings.LANGUAGES, read from what a person chose
(a code such as 'fr' or 'fr-FR', or a language's name as the registration form and the staff
profile store it: 'French', 'Français')."""

from django.conf import settings

# Names in English and in the language itself, lower case.
_NAMES = {
    "english": "en",
    "kinyarwanda": "rw",
    "ikinyarwanda": "rw",
    "french": "fr",
    "français": "fr",
    "francais": "fr",
    "kiswahili": "sw",
    "swahili": "sw",
}


def language_code(value: str | None, default: str | None = None) -> str:
    """'French', 'fr-FR' or 'fr' → 'fr'; anything unknown or empty → `default` (itself read the
    same way), else the site's default (English)."""
    codes = {code for code, _name in settings.LANGUAGES}
    text = (value or "").strip().lower()
    code = _NAMES.get(text) or text.replace("_", "-").split("-")[0]
    if code in codes:
        return code
    return language_code(default) if default else settings.LANGUAGE_CODE
