# Dates and times in e-mails (FORMAT_MODULE_PATH): '3 Ugushyingo 2026', '14:00' (Django has no
# Kinyarwanda formats of its own; the month names come from services/locale/rw).
DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y, H:i"
# Amounts (Rwf) with the separators the site shows in this language (Intl/CLDR).
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "."
NUMBER_GROUPING = 3
