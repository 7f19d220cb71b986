"""Shared by the opening-set scripts: reading an opening file and black's points per
opening from the SGF collections wuzi-match writes (`-sgf FILE`)."""
import re


def read_openings(path):
    """The openings of an offset-format file: its lines without blanks and comments."""
    lines = [l.rstrip("\n") for l in open(path)]
    return [l for l in lines if l.strip() and not l.lstrip().startswith("#")]


def black_points(sgf_texts):
    """Black's points (1 a win, 0.5 a draw, 0 a loss) of every game, by opening index
    (0-based; each game's comment names its opening)."""
    points = {}
    for sgf in sgf_texts:
        for result, comment in re.findall(r"RE\[([^\]]*)\]GN\[[^\]]*\]GC\[([^\]]*)\]", sgf):
            m = re.search(r"opening (\d+) ", comment)
            if not m:
                continue
            k = int(m.group(1)) - 1
            p = 1.0 if result.startswith("B") else 0.5 if result == "0" else 0.0
            points.setdefault(k, []).append(p)
    return points
