# Dates and times in e-mails (FORMAT_MODULE_PATH): '3 novembre 2026', '14:00'.
DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y, H:i"
# Amounts (Rwf) with the separators the site shows in this language (Intl/CLDR).
DECIMAL_SEPARATOR = ","
THOUSAND_SEPARATOR = "\u202f"  # narrow no-break space
NUMBER_GROUPING = 3
