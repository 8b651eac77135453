# Dates and times in e-mails (FORMAT_MODULE_PATH): '3 novembre 2026', '14:00'.
DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y, H:i"
