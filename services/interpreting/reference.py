"""The fixed vocabularies of the directory and of requests (docs/interpreting.md): Rwanda's 30
districts (with an approximate centre for the map's markers), the languages, the settings an
interpreter works in. Values are stored and answered as written here; the API accepts any
capitals (`normalise`)."""

from collections.abc import Iterable

# (district, province, latitude, longitude): the centre is approximate, for a marker only.
DISTRICTS: tuple[tuple[str, str, float, float], ...] = (
    ("Gasabo", "Kigali City", -1.883, 30.132),
    ("Kicukiro", "Kigali City", -1.995, 30.117),
    ("Nyarugenge", "Kigali City", -1.960, 30.040),
    ("Burera", "Northern", -1.470, 29.830),
    ("Gakenke", "Northern", -1.690, 29.790),
    ("Gicumbi", "Northern", -1.620, 30.080),
    ("Musanze", "Northern", -1.500, 29.620),
    ("Rulindo", "Northern", -1.720, 30.000),
    ("Gisagara", "Southern", -2.600, 29.830),
    ("Huye", "Southern", -2.600, 29.740),
    ("Kamonyi", "Southern", -2.000, 29.900),
    ("Muhanga", "Southern", -2.080, 29.750),
    ("Nyamagabe", "Southern", -2.470, 29.500),
    ("Nyanza", "Southern", -2.350, 29.750),
    ("Nyaruguru", "Southern", -2.680, 29.520),
    ("Ruhango", "Southern", -2.230, 29.780),
    ("Bugesera", "Eastern", -2.230, 30.150),
    ("Gatsibo", "Eastern", -1.580, 30.450),
    ("Kayonza", "Eastern", -1.900, 30.550),
    ("Kirehe", "Eastern", -2.250, 30.700),
    ("Ngoma", "Eastern", -2.170, 30.500),
    ("Nyagatare", "Eastern", -1.300, 30.330),
    ("Rwamagana", "Eastern", -1.950, 30.430),
    ("Karongi", "Western", -2.080, 29.380),
    ("Ngororero", "Western", -1.870, 29.600),
    ("Nyabihu", "Western", -1.650, 29.500),
    ("Nyamasheke", "Western", -2.330, 29.100),
    ("Rubavu", "Western", -1.700, 29.330),
    ("Rusizi", "Western", -2.480, 29.000),
    ("Rutsiro", "Western", -1.930, 29.330),
)
DISTRICT_NAMES: tuple[str, ...] = tuple(row[0] for row in DISTRICTS)

SIGN_LANGUAGES = ("Rwandan Sign Language", "International Sign", "American Sign Language")
SPOKEN_LANGUAGES = ("Kinyarwanda", "English", "French", "Kiswahili")
LANGUAGES = SIGN_LANGUAGES + SPOKEN_LANGUAGES

SETTINGS = (
    "medical",
    "legal and police",
    "education",
    "conference",
    "media",
    "religious",
    "DeafBlind / tactile",
    "video remote",
)

CERTIFICATION_LEVELS = ("Trainee", "Practising", "Certified", "Certified trainer")


def normalise(value: object, allowed: Iterable[str]) -> str | None:
    """The allowed value written as in `allowed`, whatever the capitals and outer spaces; None
    when it is not one of them (or not a string)."""
    if not isinstance(value, str):
        return None
    wanted = " ".join(value.split()).casefold()
    return next((name for name in allowed if name.casefold() == wanted), None)


def normalise_all(values: object, allowed: Iterable[str]) -> tuple[list[str], list[str]]:
    """(known values as written in `allowed`, in their order and once each; the unknown ones as
    given): a list from a form or a query."""
    allowed = tuple(allowed)
    if not isinstance(values, list | tuple):
        return [], [str(values)]
    known: list[str] = []
    unknown: list[str] = []
    for value in values:
        name = normalise(value, allowed)
        if name is None:
            unknown.append(str(value))
        elif name not in known:
            known.append(name)
    return [name for name in allowed if name in known], unknown
