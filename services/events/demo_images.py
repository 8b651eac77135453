"""Pictures of our own for the demo events (`manage.py seed_demo`): abstract artwork drawn here
with Pillow (a soft gradient, circles and flowing lines, like hands moving through space), so the
demo downloads nothing and shows nobody's photograph. Each event gets its own drawing, the same on
every run, and it goes through the same checks and resizing as an upload by staff."""

import hashlib
import io
import math
import random

from django.core.files.base import ContentFile
from PIL import Image, ImageDraw, ImageFilter

from .image_services import event_image_set
from .models import Event

SIZE = (800, 450)  # drawn at half size, then enlarged: soft shapes lose nothing, and it is quick
FINAL_SIZE = (1600, 900)
# (name in the description, background from, background to, shapes)
PALETTES = [
    ("green and gold", (16, 84, 64), (8, 40, 52), [(245, 190, 60), (120, 200, 150), (250, 240, 210)]),
    ("blue and coral", (22, 48, 110), (10, 22, 60), [(255, 127, 100), (120, 170, 255), (240, 240, 255)]),
    ("plum and amber", (80, 30, 90), (30, 14, 50), [(255, 176, 59), (210, 120, 220), (255, 230, 200)]),
    ("teal and sand", (10, 100, 110), (6, 48, 60), [(240, 214, 160), (90, 210, 200), (255, 250, 235)]),
    ("red and cream", (140, 30, 40), (60, 12, 24), [(255, 220, 170), (255, 120, 110), (250, 245, 230)]),
    ("indigo and lime", (40, 36, 120), (16, 14, 56), [(190, 230, 90), (140, 130, 255), (235, 240, 255)]),
]


def _gradient(start: tuple, end: tuple) -> Image.Image:
    width = SIZE[0]
    line = Image.new("RGB", (width, 1))
    for x in range(width):
        t = x / (width - 1)
        line.putpixel((x, 0), tuple(round(a + (b - a) * t) for a, b in zip(start, end, strict=True)))
    return line.resize(SIZE)


def artwork(seed: str) -> tuple[bytes, str]:
    """A 1600 x 900 PNG drawn from `seed`, and a description of it for people who cannot see it."""
    number = int(hashlib.sha256(seed.encode()).hexdigest()[:16], 16)
    rng = random.Random(number)  # noqa: S311 (a drawing, not a secret)
    name, start, end, colours = PALETTES[rng.randrange(len(PALETTES))]
    canvas = _gradient(start, end).convert("RGBA")
    width, height = SIZE

    circles = Image.new("RGBA", SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(circles)
    for _ in range(rng.randint(5, 8)):
        radius = rng.randint(40, 160)
        x, y = rng.randint(0, width), rng.randint(0, height)
        colour = (*rng.choice(colours), rng.randint(60, 140))
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=colour)
    canvas.alpha_composite(circles.filter(ImageFilter.GaussianBlur(3)))

    lines = Image.new("RGBA", SIZE, (0, 0, 0, 0))
    draw = ImageDraw.Draw(lines)
    for _ in range(rng.randint(3, 5)):
        colour = (*rng.choice(colours), rng.randint(150, 220))
        # A wave: two sines of their own length and height, like a hand's path in the air.
        base = rng.uniform(0.2, 0.8) * height
        waves = [(rng.uniform(20, 90), rng.uniform(0.004, 0.02), rng.uniform(0, 6.3)) for _ in range(2)]
        points = [
            (x, base + sum(size * math.sin(x * frequency + phase) for size, frequency, phase in waves))
            for x in range(-10, width + 11, 5)
        ]
        draw.line(points, fill=colour, width=rng.randint(3, 7), joint="curve")
    canvas.alpha_composite(lines.filter(ImageFilter.GaussianBlur(1)))

    buffer = io.BytesIO()
    canvas.convert("RGB").resize(FINAL_SIZE, Image.Resampling.BICUBIC).save(buffer, "PNG", compress_level=1)
    return buffer.getvalue(), f"Abstract artwork: soft circles and flowing lines in {name}"


def seed_event_images() -> int:
    """Gives each event without an uploaded picture one of its own; returns how many."""
    done = 0
    for event in Event.objects.filter(image_variants=[]).order_by("pk"):
        data, alt = artwork(event.title)
        event_image_set(event_id=event.pk, alt=alt, upload=ContentFile(data, name="artwork.png"))
        done += 1
    return done
