"""Level-2 (S-GEO) logs for the samples and tests: a table laid out in millimetres, and a
helmsman who writes each segment's pose so that a log can be built from where the ships
should go rather than from figures worked out by hand.

The layout: six round islands (radius 50) on a 1500 × 900 table, Anna's home I1 on the
left, Ben's I6 on the right, a reef, a sargasso sea and a fog bank between them; every ship
starts with its bow on its home island, pointing at it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

HULLS = {
    "s-gull": (60, 12), "s-sloop": (48, 10), "s-heron": (70, 14), "s-bulwark": (84, 16),
}
"""Length and bow of each sample hull, in mm (the card data holds the rest)."""
LENGTH = {"S": 63.0, "L": 88.0}

ISLANDS = {"I1": (150, 450), "I2": (550, 200), "I3": (550, 700), "I4": (950, 450), "I5": (1350, 200),
           "I6": (1350, 700)}
RADIUS = 50
FOG_RIM = "rim 1200,450 1175,493.3 1125,493.3 1100,450 1125,406.7 1175,406.7"
"""Fog bank F1 (centre 1150,450, radius 50): its numbers 1 to 6 every 60° from due east."""


def header(extra: str = "", result: str = "*") -> str:
    return ('[Game "Pirates of the Spanish Main"]\n[Players "Anna Ben"]\n[Build "40"]\n[Cards "sample"]\n'
            f'[Geometry "full"]\n[Table "1500 900"]\n{extra}[Result "{result}"]\n\n')


def islands() -> str:
    placers = ["Anna", "Ben"]
    parts = [f"{placers[n % 2]}: island {name} circle {x},{y} {RADIUS}" for n, (name, (x, y)) in
             enumerate(ISLANDS.items())]
    return "   " + "  ".join(parts[:2]) + "\n   " + "  ".join(parts[2:4]) + "\n   " + "  ".join(parts[4:]) + "\n"


REEF_R2 = "   Ben: reef R2 circle 950,820 30\n"
"""Ben's second piece, out of everyone's way: each player places two (S-TERRAIN-PLACE)."""
TERRAIN = ("   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
           f"   Anna: fog F1 circle 1150,450 50 {FOG_RIM}\n" + REEF_R2)
PLACES = {"Anna.s1": (200, 450, 180), "Anna.s2": (175, 493.3, 240), "Anna.s3": (175, 406.7, 120),
          "Ben.s1": (1300, 700, 0), "Ben.s2": (1325, 743.3, 300), "Ben.s3": (1325, 656.7, 60)}
"""Each ship's bow tip on its home island, pointing at its centre."""


DEAL = ("deal: I2=Anna.t1,Ben.t1,Anna.t7,Ben.t6 I3=Anna.t2,Ben.t2,Anna.t4,Ben.t4 "
        "I4=Anna.t3,Ben.t3,Anna.t5,Ben.t5 I5=Anna.t6,Ben.t7,Anna.t8,Ben.t8")


def on_shore(island: str, angle: float) -> tuple[float, float, float]:
    """A bow tip on an island's shore at this angle from its centre, pointing at the centre."""
    cx, cy = ISLANDS[island]
    rad = math.radians(angle)
    return (round(cx + RADIUS * math.cos(rad), 1), round(cy + RADIUS * math.sin(rad), 1), (angle + 180) % 360)


def setup(terrain: str = TERRAIN, places: dict[str, tuple[float, float, float]] | None = None,
          homes: str = "Ben: home Anna=I1  Anna: home Ben=I6", deal: str = DEAL) -> str:
    places = PLACES if places is None else places
    placed = [f"{name.split('.')[0]}: place {name} {pose_text(pose)}" for name, pose in places.items()]
    return ("0. Anna: fleet s1=s-gull s2=s-sloop s3=s-heron c1=c-ada@s1 c2=c-bo@s1 e1=e-squall\n"
            "   Ben: fleet s1=s-bulwark s2=s-heron s3=s-gull c1=c-cole@s2 f1=f-watch\n"
            "   Anna: treasure t1=t-1 t2=t-1 t3=t-1 t4=t-2 t5=t-2 t6=t-2 t7=t-3 t8=t-3\n"
            "   Ben: treasure t1=t-map t2=t-1 t3=t-1 t4=t-2 t5=t-2 t6=t-3 t7=t-3 t8=t-3\n"
            "   Anna: roll 5  Ben: roll 2\n" + islands() + terrain
            + f"   {homes}\n   " + "  ".join(placed[:3]) + "\n   " + "  ".join(placed[3:]) + f"\n   {deal}\n")


def figure(value: float) -> str:
    value = round(value, 1)
    return str(int(value)) if float(value).is_integer() else str(value)


def pose_text(pose: Iterable[float]) -> str:
    return "@" + ",".join(figure(v) for v in pose)


def rounded(pose: Iterable[float]) -> tuple[float, float, float]:
    x, y, h = pose
    return (round(x, 1), round(y, 1), round(h % 360, 1))


def about(card: str, pose: tuple[float, float, float]) -> tuple[float, float, float]:
    """The pose after coming about: turned 180° about the middle of the hull."""
    length, bow = HULLS[card]
    back = bow + length / 2
    rad = math.radians(pose[2])
    cx, cy = pose[0] - back * math.cos(rad), pose[1] - back * math.sin(rad)
    return (2 * cx - pose[0], 2 * cy - pose[1], (pose[2] + 180) % 360)


def dock_point(island: str, start: tuple[float, float, float]) -> tuple[float, float]:
    """The point of an island's shore nearest a ship's bow tip."""
    cx, cy = ISLANDS[island]
    distance = math.dist((cx, cy), start[:2])
    reach = RADIUS - 0.05  # a touch that rounding to a tenth of a millimetre keeps a touch
    return (cx + reach * (start[0] - cx) / distance, cy + reach * (start[1] - cy) / distance)


class Helm:
    """Steers one ship segment by segment toward waypoints, writing each pose as the log will
    (to a tenth of a millimetre and a tenth of a degree), never longer than the segment."""

    def __init__(self, pose: tuple[float, float, float], card: str = "s-gull") -> None:
        self.pose = rounded(pose)
        self.card = card
        self.goals: list[tuple[float, float]] = []

    def sail(self, symbols: str, *waypoints: tuple[float, float], into: object = None) -> str:
        """Segments toward the waypoints (kept for the next call when none are given); with
        `into`, a shape, the last segment ends where the ship first touches it."""
        if waypoints:
            self.goals = list(waypoints)
        written = []
        for symbol in symbols.split("+"):
            while self.goals and math.dist(self.pose[:2], self.goals[0]) < 0.3:
                self.goals.pop(0)
            if not self.goals:
                break
            x, y, _ = self.pose
            gx, gy = self.goals[0]
            heading = math.degrees(math.atan2(gy - y, gx - x))
            travel = min(LENGTH[symbol] - 0.1, math.dist((x, y), (gx, gy)))
            if into is not None:
                travel = min(travel, self._until_touch(heading, into))
            rad = math.radians(heading)
            self.pose = rounded((x + travel * math.cos(rad), y + travel * math.sin(rad), heading))
            written.append(symbol + pose_text(self.pose))
        return "+".join(written)

    def _until_touch(self, heading: float, shape: object) -> float:
        from referee.games.spanish_main import geometry
        from referee.games.spanish_main.cards import sample_cards

        hull = geometry.Hull.of(sample_cards().cards[self.card].raw["hull"])
        x, y, _ = self.pose
        rad = math.radians(heading)

        def gap(travel: float) -> float:
            pose = (x + travel * math.cos(rad), y + travel * math.sin(rad), heading)
            return float(geometry.ship_shape(hull, pose).distance(shape))

        low, high = 0.0, 0.0
        while gap(high) > 0.3:
            low, high = high, high + 1.0
            if high > 200:
                return high
        for _ in range(40):
            middle = (low + high) / 2
            low, high = (middle, high) if gap(middle) > 0.3 else (low, middle)
        return low


# -- the logs -------------------------------------------------------------------------------------


def short_game() -> tuple[str, dict[str, str]]:
    """S-EXAMPLE's short level-2 game: both sides come about and sail, Anna docks at I2 and
    explores it, Ben's gull comes alongside her and they exchange fire. Returns the log and,
    for the illegal samples, the text of some turns to swap out."""
    anna = Helm(about("s-gull", PLACES["Anna.s1"]))
    ben = Helm(about("s-gull", PLACES["Ben.s3"]))
    to_i2 = dock_point("I2", anna.pose)
    west = [(1000, 545), (680, 545), (655.7, 486.9)]
    turns = ["1. Anna: about Anna.s1  Anna: end", "2. Ben: about Ben.s3  Ben: end",
             f"3. Anna: move Anna.s1 {anna.sail('S+L', to_i2)}  Anna: end",
             f"4. Ben: move Ben.s3 {ben.sail('S+L', *west)}  Ben: end",
             f"5. Anna: move Anna.s1 {anna.sail('L+S', to_i2)}  Anna: end",
             f"6. Ben: move Ben.s3 {ben.sail('L+S')}  Ben: end"]
    before_dock = anna.pose
    turns.append(f"7. Anna: move Anna.s1 {anna.sail('S', to_i2)} dock I2  Anna: end")
    turns += [f"8. Ben: move Ben.s3 {ben.sail('L+S')}  Ben: end",
              "9. Anna: explore Anna.s1 takes Ben.t1,Anna.t1,Anna.t7,Ben.t6  Anna: end",
              f"10. Ben: move Ben.s3 {ben.sail('L+S')}  Ben: end",
              "11. Anna: about Anna.s1  Anna: end",
              f"12. Ben: move Ben.s3 {ben.sail('L+S')}  Ben: end"]
    anna = Helm(about("s-gull", anna.pose))
    turns.append(f"13. Anna: move Anna.s1 {anna.sail('S+L', (556.2, 401.4))}  Anna: end")
    heading, side = math.radians(anna.pose[2]), math.radians(anna.pose[2] - 90)
    beside = (anna.pose[0] + 55 * math.cos(side), anna.pose[1] + 55 * math.sin(side))
    behind = (beside[0] - 40 * math.cos(heading), beside[1] - 40 * math.sin(heading))
    bow_to_bow = Helm(ben.pose).sail("L", (anna.pose[0] + 10, anna.pose[1] - 40))
    turns.append(f"14. Ben: move Ben.s3 {ben.sail('L+S', behind, beside)}  Ben: end")
    turns += ["15. Anna: shoot Anna.s1 mast 1 at Ben.s3 S 5 lose 1 mast 2 at Ben.s3 L 6 lose 2  Anna: end",
              "16. Ben: shoot Ben.s3 mast 3 at Anna.s1 S 4 lose 3  Ben: end", "17. Anna: end"]
    short_of_i2 = Helm(before_dock).sail("S", (to_i2[0] - 4, to_i2[1] + 4))
    through_i2 = Helm(before_dock).sail("S", (580, 170))
    swaps = {"dock short": f"7. Anna: move Anna.s1 {short_of_i2} dock I2",
             "through I2": f"7. Anna: move Anna.s1 {through_i2}",
             "bow to bow": f"14. Ben: move Ben.s3 {bow_to_bow}  Ben: end"}
    return header() + setup() + "\n".join(turns) + "\n", swaps


def iceberg_setup() -> str:
    """An iceberg of gold number 4 beside Anna's home, its number 2 (of 1 to 6, every 60° from
    30°) facing +y, toward where Anna's gull lies once it has come about."""
    rim = " ".join(f"{figure(250 + 20 * math.cos(math.radians(a)))},{figure(360 + 20 * math.sin(math.radians(a)))}"
                   for a in (30, 90, 150, 210, 270, 330))
    terrain = "   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
    return header() + setup(terrain + f"   Anna: iceberg B1=4 circle 250,360 20 rim {rim}\n" + REEF_R2)


def iceberg_game(stop: str = " stops Anna.s1 mast 1") -> str:
    return iceberg_setup() + ("1. Anna: icebergs 2  Anna: about Anna.s1  Anna: end\n"
                              f"2. Ben: icebergs 5  Ben: drift B1 2{stop}  Ben: end\n3. Anna: icebergs 1\n")


def fog_game(stern_off: float = 0.0) -> str:
    """Ben's gull sails into fog bank F1 and comes out on number 3 the next turn."""
    ben = Helm(about("s-gull", PLACES["Ben.s3"]))
    from referee.games.spanish_main.geometry import circle

    into = ben.sail("S+L", (1150, 450), into=circle(1150, 450, 50))
    heading = math.radians(120)
    stern = (1125 + stern_off, 493.3)
    tip = (stern[0] + 72 * math.cos(heading), stern[1] + 72 * math.sin(heading))
    exit_pose = rounded((*tip, 120))
    after = Helm(exit_pose).sail("S", (tip[0] + 63 * math.cos(heading), tip[1] + 63 * math.sin(heading)))
    return header() + setup() + ("1. Anna: end\n2. Ben: about Ben.s3  Ben: end\n3. Anna: end\n"
                                 f"4. Ben: move Ben.s3 {into} fog F1  Ben: end\n5. Anna: end\n"
                                 f"6. Ben: move Ben.s3 exit 3{pose_text(exit_pose)} {after}  Ben: end\n")


def fort_game(corners: str = "1330,180 1370,180 1370,220 1330,220", flags: str = "1350,180 1350,220") -> str:
    """Ben's gull sails to I5, explores it, brings its 11 gold home and goes back to build his
    watchtower there; Anna only ends her turns."""
    ship = Helm(about("s-gull", PLACES["Ben.s3"]))
    turns = ["1. Anna: end", "2. Ben: about Ben.s3  Ben: end"]
    number = 3

    def both(entry: str) -> None:
        nonlocal number
        turns.extend([f"{number}. Anna: end", f"{number + 1}. Ben: {entry}  Ben: end"])
        number += 2

    def voyage(island: str) -> None:
        goal = dock_point(island, ship.pose)
        while math.dist(ship.pose[:2], goal) > LENGTH["L"] + LENGTH["S"] - 0.2:
            both(f"move Ben.s3 {ship.sail('L+S', goal)}")
        both(f"move Ben.s3 {ship.sail('L+S', goal)} dock {island}")

    voyage("I5")
    both("explore Ben.s3 takes Anna.t6,Ben.t7,Anna.t8,Ben.t8")
    both("about Ben.s3")
    ship.pose = rounded(about("s-gull", ship.pose))
    voyage("I6")
    both("about Ben.s3")
    ship.pose = rounded(about("s-gull", ship.pose))
    voyage("I5")
    turns[-1] = turns[-1].replace("  Ben: end", f"  Ben: build Ben.f1 I5 corners {corners} flags {flags}  Ben: end")
    return header() + setup() + "\n".join(turns) + "\n"


def sargasso_game(stern_off: float = 0.0) -> str:
    """Anna's gull sails into a sargasso sea beside her home, is caught, and is freed the
    next turn with its stern on the sea's edge."""
    from referee.games.spanish_main.geometry import circle

    terrain = ("   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 330,330 30\n"
               f"   Anna: fog F1 circle 1150,450 50 {FOG_RIM}\n" + REEF_R2)
    anna = Helm(about("s-gull", PLACES["Anna.s1"]))
    into = anna.sail("S+L", (330, 330), into=circle(330, 330, 30))
    away = math.atan2(anna.pose[1] - 330, anna.pose[0] - 330)
    stern = (330 + (30 + stern_off) * math.cos(away), 330 + (30 + stern_off) * math.sin(away))
    freed = rounded((stern[0] + 72 * math.cos(away), stern[1] + 72 * math.sin(away), math.degrees(away)))
    return header() + setup(terrain) + (f"1. Anna: about Anna.s1  Anna: end\n2. Ben: end\n"
                                        f"3. Anna: move Anna.s1 {into} sargasso G1 4  Anna: end\n4. Ben: end\n"
                                        f"5. Anna: free Anna.s1 6 {pose_text(freed)}  Anna: end\n")


def towing_about() -> str:
    """After the short game's exchange of fire Ben's gull is a derelict; Anna's gull touches its
    bow, takes it in tow, and then comes about into it."""
    from referee.games.spanish_main import geometry
    from referee.games.spanish_main.cards import sample_cards

    game, _ = short_game()
    game = game[:game.index("17. Anna")]
    hull = geometry.Hull.of(sample_cards().cards["s-gull"].raw["hull"])
    ben_pose = (584.5, 354.1, 241.8)
    for line in game.splitlines():
        if line.startswith("14. Ben: move Ben.s3"):
            ben_pose = tuple(float(v) for v in line.split("@")[-1].split()[0].split(","))  # type: ignore[assignment]
    anna = Helm((556.0, 401.2, 46.6))
    for line in game.splitlines():
        if line.startswith("13. Anna: move Anna.s1"):
            anna = Helm(tuple(float(v) for v in line.split("@")[-1].split()[0].split(",")))  # type: ignore[arg-type]
    bow = geometry.bow_shape(hull, ben_pose)  # type: ignore[arg-type]
    tip = ben_pose[:2]
    touch = anna.sail("S", tip, into=bow)
    stern = geometry.stern(hull, anna.pose)
    towed = rounded((stern.x, stern.y, anna.pose[2]))
    return game + ("17. Anna: shoot Anna.s1 mast 1 at Ben.s3 S 5 lose 3  Anna: end\n18. Ben: end\n"
                   f"19. Anna: move Anna.s1 {touch} bow Ben.s3  Anna: tow Anna.s1 Ben.s3 {pose_text(towed)}"
                   "  Anna: end\n20. Ben: end\n21. Anna: about Anna.s1\n")


def fog_between() -> str:
    """Anna's home is I2 and Ben's I4 here, with a small fog bank between them: Anna's heron
    and Ben's gull sail up to it from either side, and the heron fires through it."""
    terrain = ("   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,650 40\n"
               f"   Anna: fog F1 circle 750,330 20 rim {_rim(750, 330, 20)}\n" + REEF_R2)
    places = {"Anna.s1": on_shore("I2", 150), "Anna.s2": on_shore("I2", 90), "Anna.s3": on_shore("I2", 30),
              "Ben.s1": on_shore("I4", 90), "Ben.s2": on_shore("I4", 150), "Ben.s3": on_shore("I4", 210)}
    deal = ("deal: I1=Anna.t1,Ben.t1,Anna.t7,Ben.t6 I3=Anna.t2,Ben.t2,Anna.t4,Ben.t4 "
            "I5=Anna.t3,Ben.t3,Anna.t5,Ben.t5 I6=Anna.t6,Ben.t7,Anna.t8,Ben.t8")
    heron = Helm(about("s-heron", places["Anna.s3"]), "s-heron")
    gull = Helm(about("s-gull", places["Ben.s3"]))
    west, east = [(660, 330), (725, 330)], [(850, 330), (775, 330)]
    turns = ["1. Anna: about Anna.s3  Anna: end", "2. Ben: about Ben.s3  Ben: end",
             f"3. Anna: move Anna.s3 {heron.sail('L+S', *west)}  Anna: end",
             f"4. Ben: move Ben.s3 {gull.sail('S+L', *east)}  Ben: end",
             "5. Anna: shoot Anna.s3 mast 1 at Ben.s3 L 5 lose 1"]
    return (header() + setup(terrain, places, "Ben: home Anna=I2  Anna: home Ben=I4", deal)
            + "\n".join(turns) + "\n")


def _rim(x: float, y: float, radius: float) -> str:
    return " ".join(f"{figure(x + radius * math.cos(math.radians(a)))},{figure(y + radius * math.sin(math.radians(a)))}"
                    for a in range(0, 360, 60))


def side_swipe(side_y: float = 410.3, heron_aside: bool = True) -> str:
    """Anna's gull, come about, sails south-west and then due west below her home I1, its
    starboard side at y = `side_y` (I1's southern shore is at y = 400): at 410.3 the side cuts
    10.3 mm into the island while every corner of the hull stays all but outside it. Her heron
    starts north-west of I1, out of the way (`heron_aside`), or where it always does, across
    the gull's way south of I1."""
    centre_line = side_y - 9  # the gull's beam is 18 mm
    dy = centre_line - 450
    first = (284 - math.sqrt(63 ** 2 - dy ** 2), centre_line)
    heading = math.degrees(math.atan2(dy, first[0] - 284)) % 360
    places = dict(PLACES, **{"Anna.s3": on_shore("I1", 120)}) if heron_aside else PLACES
    return header() + setup(places=places) + (
        "1. Anna: about Anna.s1  Anna: end\n2. Ben: end\n"
        f"3. Anna: move Anna.s1 S{pose_text((*first, heading))}+L{pose_text((first[0] - 48, centre_line, 180))}"
        "  Anna: end\n4. Ben: end\n"
        f"5. Anna: move Anna.s1 L{pose_text((first[0] - 136, centre_line, 180))}\n")


def back_in(pose: tuple[float, float, float], centre: tuple[float, float], radius: float, aim: float,
            inside: float) -> str:
    """A gull's move S+L from `pose` toward the point of a round piece's outline at `aim` degrees
    from its centre, ending with its bow `inside` mm inside the piece."""
    from referee.games.spanish_main.geometry import circle

    goal = (centre[0] + radius * math.cos(math.radians(aim)), centre[1] + radius * math.sin(math.radians(aim)))
    beyond = (pose[0] + 3 * (goal[0] - pose[0]), pose[1] + 3 * (goal[1] - pose[1]))
    return Helm(pose).sail("S+L", beyond, into=circle(*centre, radius).buffer(-inside - 0.3))


def fog_again(inside: float = 0.0, stated: str = " fog F1") -> str:
    """Ben's gull comes out of fog bank F1 (`fog_game`), its stern on number 3, and turns back
    into it at once, its bow on F1's western shore `inside` mm in."""
    game = fog_game()
    last = game.rindex("S@")
    exit_pose = (1089, 555.7, 120)
    return game[:last] + back_in(exit_pose, (1150, 450), 50, 180, inside) + f"{stated}  Ben: end\n"


def fog_left(stated: str = " fog F1") -> str:
    """Ben's gull comes out of fog bank F1 and sails away from it, touching it only where its move
    began, with its stern on number 3."""
    game = fog_game()
    last = game.rindex("  Ben: end\n")
    return game[:last] + stated + game[last:]


def sargasso_again(inside: float = 0.0) -> str:
    """Anna's gull, freed from sargasso sea G1 with its stern on its edge (`sargasso_game`), sails
    back onto it two turns later, its bow `inside` mm in, entangled on a 6."""
    freed = (293.6, 425.3, 110.9)
    return sargasso_game() + f"6. Ben: end\n7. Anna: move Anna.s1 {back_in(freed, (330, 330), 30, 50, inside)} sargasso G1 6\n"


def iceberg_glancing() -> str:
    """The iceberg of `iceberg_game` rests against the side of Anna's gull; its number 1 stands
    10° above due east, so a drift toward it runs along the hull and 11 mm into it."""
    rim = " ".join(f"{figure(250 + 20 * math.cos(math.radians(a)))},{figure(360 + 20 * math.sin(math.radians(a)))}"
                   for a in (10, 90, 150, 210, 270, 330))
    terrain = "   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
    return header() + setup(terrain + f"   Anna: iceberg B1=4 circle 250,360 20 rim {rim}\n" + REEF_R2) + (
        "1. Anna: icebergs 2  Anna: about Anna.s1  Anna: end\n"
        "2. Ben: icebergs 5  Ben: drift B1 2 stops Anna.s1 mast 1  Ben: end\n3. Anna: icebergs 6  Anna: drift B1 1")


def iceberg_passed(stated: str = " touch B1") -> str:
    """A small iceberg just east of Anna's gull, come about: her move south-east passes over it
    and ends clear of it."""
    terrain = ("   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
               f"   Anna: iceberg B1=4 circle 330,420 12 rim {_rim(330, 420, 12)}\n" + REEF_R2)
    first = (284 + 63 * math.cos(math.radians(330)), 450 + 63 * math.sin(math.radians(330)))
    second = (first[0] + 88 * math.cos(math.radians(330)), first[1] + 88 * math.sin(math.radians(330)))
    return header() + setup(terrain) + (
        "1. Anna: icebergs 2  Anna: about Anna.s1  Anna: end\n2. Ben: icebergs 3  Ben: end\n"
        f"3. Anna: icebergs 1  Anna: move Anna.s1 S{pose_text((*first, 330))}+L{pose_text((*second, 330))}{stated}\n")


def fog_at_the_stern(x: float, radius: float) -> str:
    """A small fog bank due east of Anna's gull as placed, where its bow tip will be once it has
    come about (at x = 284)."""
    return header() + setup(
        "   Anna: reef R1 circle 350,600 40  Ben: sargasso G1 circle 750,450 40\n"
        f"   Anna: fog F1 circle {x},450 {radius} rim {_rim(x, 450, radius)}\n" + REEF_R2)
