# Dates and times in e-mails (FORMAT_MODULE_PATH), as the site shows them: 'November 3, 2026', '2:00 PM'.
DATE_FORMAT = "F j, Y"
TIME_FORMAT = "g:i A"
DATETIME_FORMAT = "F j, Y, g:i A"
# Amounts (Rwf) with the separators the site shows in this language (Intl/CLDR).
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
