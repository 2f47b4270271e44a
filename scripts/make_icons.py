"""Draw the app's icons (static/icons/*.png): a white spade on the accent blue.

Run once after changing the design: `python scripts/make_icons.py`. The PNGs
are committed, so neither Pillow nor the font is needed to run the app.
"any" icons have rounded corners and fill most of the square; the maskable
one is full-bleed with the spade inside the central 80% safe zone, since the
phone crops it to its own shape.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ACCENT = (11, 92, 173)  # --accent in static/style.css
WHITE = (255, 255, 255)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
OUT = Path(__file__).resolve().parent.parent / "static" / "icons"


def draw(size: int, *, maskable: bool) -> Image.Image:
    scale = 4  # drawn large, then reduced: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    if maskable:
        pen.rectangle((0, 0, big, big), fill=ACCENT)
    else:
        pen.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 5, fill=ACCENT)
    glyph_share = 0.55 if maskable else 0.78
    font = ImageFont.truetype(FONT, int(big * glyph_share))
    left, top, right, bottom = pen.textbbox((0, 0), "\u2660", font=font)
    x = (big - (right - left)) / 2 - left
    y = (big - (bottom - top)) / 2 - top
    pen.text((x, y), "\u2660", font=font, fill=WHITE)
    return image.resize((size, size), Image.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        draw(size, maskable=False).save(OUT / f"icon-{size}.png", optimize=True)
    draw(512, maskable=True).save(OUT / "maskable-512.png", optimize=True)


if __name__ == "__main__":
    main()
