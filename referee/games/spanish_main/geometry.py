"""The table at level 2 (S-GEO-MODEL): shapes in millimetres, built with shapely (GEOS).

Every shape the rules talk about is made here, from card data and poses: a ship from its
hull and the pose of its bow tip, its bow, stern, masts and sails; islands and terrain as
circles or polygons; a fort's footprint; the shape a ship sweeps over a segment. The rules
that ask questions of these shapes live in `level2.py`; nothing here knows a rule.

Headings are degrees counter-clockwise from +x. A ship's local frame has its bow tip at the
origin, pointing along +x; the hull lies behind it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

Pose = tuple[float, float, float]
"""A ship's bow tip (x, y) and heading in degrees."""
XY = tuple[float, float]

PRECISION = 0.1
"""What the log's figures resolve: a point written to a tenth of a millimetre is up to 0.07 mm
from where it was measured, and a circle's drawing departs from the circle by 0.03 mm at most.
Measurements closer than this to a limit are at the limit."""
PIVOT_STEP = 5.0
"""Degrees between the headings sampled while a ship pivots about its bow tip (S-GEO-MOVE)."""
CIRCLE_SEGMENTS = 32
"""Segments a quarter circle is drawn with: a circle of radius 100 mm is then within 0.03 mm."""


@dataclass(frozen=True, slots=True)
class Hull:
    """A ship card's `hull` (S-DATA): every length in millimetres."""

    length: float
    beam: float
    bow: float
    masts: tuple[float, ...]
    sail: float

    @classmethod
    def of(cls, raw: dict[str, Any]) -> "Hull":
        return cls(float(raw["length_mm"]), float(raw["beam_mm"]), float(raw["bow_mm"]),
                   tuple(float(m) for m in raw["masts_mm"]), float(raw["sail_mm"]))

    @property
    def outline(self) -> tuple[XY, ...]:
        """Hull and bow in the local frame, counter-clockwise from the bow tip."""
        half, front, back = self.beam / 2, -self.bow, -self.bow - self.length
        if self.bow == 0:
            return ((0.0, half), (back, half), (back, -half), (0.0, -half))
        return ((0.0, 0.0), (front, half), (back, half), (back, -half), (front, -half))

    @property
    def centre(self) -> XY:
        return (-self.bow - self.length / 2, 0.0)


def _place(points: Sequence[XY], pose: Pose) -> list[XY]:
    x, y, heading = pose
    c, s = math.cos(math.radians(heading)), math.sin(math.radians(heading))
    return [(x + px * c - py * s, y + px * s + py * c) for px, py in points]


def at(pose: Pose, local: XY) -> XY:
    """A point given in a ship's local frame, on the table."""
    return _place([local], pose)[0]


@lru_cache(maxsize=4096)
def ship_shape(hull: Hull, pose: Pose) -> Polygon:
    """Hull and bow on the table; shapes are immutable, so one is made once per pose."""
    shape = Polygon(_place(hull.outline, pose))
    shapely.prepare(shape)
    return shape


@lru_cache(maxsize=4096)
def bow_shape(hull: Hull, pose: Pose) -> BaseGeometry:
    """The bow: the triangle ahead of the hull, or the hull's front edge when bow_mm is 0."""
    half = hull.beam / 2
    if hull.bow == 0:
        return LineString(_place([(0.0, half), (0.0, -half)], pose))
    return Polygon(_place([(0.0, 0.0), (-hull.bow, half), (-hull.bow, -half)], pose))


def stern(hull: Hull, pose: Pose) -> Point:
    return Point(at(pose, (-hull.bow - hull.length, 0.0)))


def mast_point(hull: Hull, pose: Pose, mast: int) -> XY:
    return at(pose, (-hull.masts[mast - 1], 0.0))


def sail(hull: Hull, pose: Pose, mast: int) -> LineString:
    behind, half = hull.masts[mast - 1], hull.sail / 2
    return LineString(_place([(-behind, -half), (-behind, half)], pose))


def about(hull: Hull, pose: Pose) -> Pose:
    """The pose after coming about: turned 180° about the hull's centre (S-GEO-COME-ABOUT)."""
    cx, cy = at(pose, hull.centre)
    return (2 * cx - pose[0], 2 * cy - pose[1], normal(pose[2] + 180))


def normal(heading: float) -> float:
    return round(heading % 360.0, 6)


def turn_between(start: float, end: float) -> float:
    """The signed smaller turn from one heading to another, in (-180, 180]."""
    turn = (end - start) % 360.0
    return turn - 360.0 if turn > 180.0 else turn


def swept(hull: Hull, start: Pose, end: Pose) -> BaseGeometry:
    """What a ship covers over one segment (S-GEO-MOVE): it pivots about its bow tip from its
    heading to the end heading (the smaller turn, sampled every 5°), then slides straight.
    Hull and bow together are convex, so the slide covers the convex hull of both ends."""
    turn = turn_between(start[2], end[2])
    steps = max(1, math.ceil(abs(turn) / PIVOT_STEP))
    pivots = [ship_shape(hull, (start[0], start[1], start[2] + turn * i / steps)) for i in range(steps + 1)]
    turned = pivots[-1]
    slide = shapely.convex_hull(shapely.union(turned, ship_shape(hull, end)))
    return shapely.union_all(pivots + [slide]) if abs(turn) > 0 else slide


def circle(x: float, y: float, radius: float) -> Polygon:
    return Point(x, y).buffer(radius, quad_segs=CIRCLE_SEGMENTS)


def shape_of(spec: dict[str, Any]) -> Polygon:
    """An island's or terrain piece's shape as the log gives it: `circle` or `poly`."""
    if "circle" in spec:
        x, y, radius = spec["circle"]
        return circle(x, y, radius)
    return Polygon([tuple(p) for p in spec["poly"]])


def rectangle(corners: Sequence[XY]) -> Polygon:
    return Polygon(list(corners))


@lru_cache(maxsize=256)
def _outline_points(wkb: bytes, step: float) -> Any:
    shape = shapely.from_wkb(wkb)
    ring = shape.exterior if isinstance(shape, Polygon) else shape
    count = max(4, math.ceil(ring.length / step))
    return shapely.get_coordinates(shapely.line_interpolate_point(ring, [i / count for i in range(count)],
                                                                  normalized=True))


def outline_points(shape: BaseGeometry, step: float = 1.0) -> Any:
    """Points along a shape's outline, at most `step` mm apart (S-GEO-SHOT samples targets so)."""
    return _outline_points(shapely.to_wkb(shape), step)


def open_sight_lines(origin: XY, points: Any) -> Any:
    """Segments from one point to each of many, a thousandth of their length short at both
    ends: the lines of fire a shot may take, open so that touching at an end is not crossing."""
    import numpy as np

    start = np.asarray(origin, dtype=float)
    reach = points - start
    return shapely.linestrings(np.stack([start + reach * 0.001, start + reach * 0.999], axis=1))


DEPTH_STEP = 0.005
"""How finely `depth_inside` finds a depth, in millimetres: well below what the log's figures resolve."""


def depth_inside(part: BaseGeometry, shape: BaseGeometry, at_least: float = 0.0, floor: float = 0.0) -> float:
    """How deep a region lying within `shape` reaches into it: the greatest distance from a point
    of `part` to the outline of `shape`. That point may lie anywhere in the region, inside or on its
    edge (a hull's side cutting a circle's cap reaches deepest in the middle of the side, where the
    region has no corner), so the depth is found by eroding `shape` (a negative buffer, GEOS) until
    `part` meets it no more. `at_least`: the depth its corners reach, which the depth is at least and
    at most the region's extent more than. `floor`: a depth no greater is not worked out, and
    `at_least` is given for it (a touch within what the figures resolve)."""
    if part.is_empty or shape.is_empty or shape.area <= 0:
        return 0.0
    low = max(0.0, at_least)

    def reaches(depth: float) -> bool:
        return bool(shapely.intersects(part, shapely.buffer(shape, -depth, quad_segs=CIRCLE_SEGMENTS)))

    if floor > low and not reaches(floor):
        return low
    left, bottom, right, top = part.bounds
    high = min(math.sqrt(shape.area / math.pi), low + math.hypot(right - left, top - bottom)) + DEPTH_STEP
    while high - low > DEPTH_STEP:
        middle = (low + high) / 2
        if reaches(middle):
            low = middle
        else:
            high = middle
    return low


def translate(shape: BaseGeometry, dx: float, dy: float) -> BaseGeometry:
    return shapely.transform(shape, lambda xy: xy + (dx, dy))


def slid(shape: BaseGeometry, dx: float, dy: float) -> BaseGeometry:
    """What a shape covers sliding straight by (dx, dy), unturned (a drifting iceberg): for a
    convex shape the hull of both ends, otherwise both ends and each edge's parallelogram."""
    moved = translate(shape, dx, dy)
    hull = shapely.convex_hull(shape)
    if hull.area - shape.area <= 1e-9 * max(hull.area, 1.0):
        return shapely.convex_hull(shapely.union(shape, moved))
    import numpy as np

    ring = shapely.get_coordinates(shape.exterior)
    corners = np.stack([ring[:-1], ring[1:], ring[1:] + (dx, dy), ring[:-1] + (dx, dy)], axis=1)
    bands = shapely.convex_hull(shapely.multipoints(corners))
    return shapely.union_all([shape, moved] + [b for b in bands if b.area > 0])


def rounded(value: float) -> float:
    """A figure as diagnostics print it: to a tenth of a millimetre."""
    return round(value + 0.0, 1)
