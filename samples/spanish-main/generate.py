#!/usr/bin/env python3
"""Regenerate the generated Pirates of the Spanish Main samples.

    python3 samples/spanish-main/generate.py          rewrite the files
    python3 samples/spanish-main/generate.py --check  only compare; exit 1 if a file differs

What is generated:

  * legal/game-N: complete 40-point games on the sample cards, every entry chosen by the
    engine's own move generator (seeded: the same seed gives the same game everywhere);
  * legal/hidden-deal: a complete game whose deal is hidden (S-HIDDEN);
  * illegal/s-*: one log per ruling, each a short game with one faulty entry, headed by
    `; expect: RULE LINE` (and `by RULING…`, the rulings that decided it); the script checks that
    the referee finds exactly that rule there; malformed/s-data-*: the same for a log naming card
    data that is not given (N-DATA: it cannot be judged here).

The hand-written samples (legal/short-game, legal/s-example-terrain, legal/declared-ability,
legal/tow-and-fog, the other malformed/*) are not touched here.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from referee.formatting import canonical_game  # noqa: E402
from referee.games import GAMES  # noqa: E402
from referee.notation.writer import format_game  # noqa: E402
from referee.pipeline.replay import check_text  # noqa: E402
from referee.simulate import random_game  # noqa: E402

import table  # noqa: E402

RULES = GAMES["spanish-main"]
EXT = ".spanish-main"


def header(extra: str = "", players: str = "Anna Ben", cards: str = "sample") -> str:
    return (f'[Game "Pirates of the Spanish Main"]\n[Players "{players}"]\n[Cards "{cards}"]\n{extra}'
            '[Result "*"]\n\n')


FLEET_A = "Anna: fleet s1=s-gull s2=s-sloop s3=s-heron c1=c-ada@s1 c2=c-bo@s1 e1=e-squall"
FLEET_B = "Ben: fleet s1=s-bulwark s2=s-heron s3=s-gull c1=c-cole@s2 f1=f-watch"
TREASURE_A = "Anna: treasure t1=t-1 t2=t-1 t3=t-1 t4=t-2 t5=t-2 t6=t-2 t7=t-3 t8=t-3"
TREASURE_B = "Ben: treasure t1=t-map t2=t-1 t3=t-1 t4=t-2 t5=t-2 t6=t-3 t7=t-3 t8=t-3"
ROLLS = "Anna: roll 5  Ben: roll 2"
ISLANDS = ("Anna: island I1  Ben: island I2  Anna: island I3  Ben: island I4  Anna: island I5\n"
           "   Ben: island I6")
TERRAIN = "Anna: reef R1  Ben: sargasso G1  Anna: fog F1  Ben: reef R2"
HOMES = "Ben: home Anna=I1  Anna: home Ben=I6"
DEAL = ("deal: I2=Anna.t1,Ben.t1,Anna.t7,Ben.t6 I3=Anna.t2,Ben.t2,Anna.t4,Ben.t4\n"
        "   I4=Anna.t3,Ben.t3,Anna.t5,Ben.t5 I5=Anna.t6,Ben.t7,Anna.t8,Ben.t8")


def setup(fleet_a: str = FLEET_A, fleet_b: str = FLEET_B, treasure_a: str = TREASURE_A,
          treasure_b: str = TREASURE_B, rolls: str = ROLLS, islands: str = ISLANDS, terrain: str = TERRAIN,
          homes: str = HOMES, deal: str = DEAL) -> str:
    parts = [fleet_a, fleet_b, treasure_a, treasure_b, rolls, islands, terrain, homes, deal]
    return "0. " + "\n   ".join(p for p in parts if p) + "\n"


SETUP = setup()
GAME = header() + SETUP
T12 = "1. Anna: move Anna.s1 L+S dock I2  Anna: end\n2. Ben: move Ben.s2 L+S dock I5  Ben: end\n"
"""Anna's gull docks at I2, Ben's heron at I5: both away from home."""
BOW = T12 + "3. Anna: move Anna.s1 S bow Ben.s2  Anna: end\n"
SHOT_SLOOP = ("1. Anna: move Anna.s2 S+S  Anna: end\n"
              "2. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1 mast 2 at Anna.s2 S 5 lose 2  Ben: end\n")
"""Ben's bulwark leaves Anna's sloop a derelict."""
SHOT_HERON = ("1. Anna: move Anna.s3 L+S  Anna: end\n"
              "2. Ben: shoot Ben.s1 mast 1 at Anna.s3 L 6 lose 1 mast 2 at Anna.s3 S 6 lose 2  Ben: end\n")
HOMEWARD = T12.replace("  Anna: end", "  Anna: move Anna.s3 L+S dock I3  Anna: end").replace(
    "dock I5  Ben: end", "dock I5  Ben: move Ben.s3 S+L dock I4  Ben: end") + (
    "3. Anna: explore Anna.s1 takes Ben.t1,Anna.t1,Anna.t7,Ben.t6\n"
    "   Anna: explore Anna.s3 takes Anna.t2,Ben.t2,Anna.t4,Ben.t4  Anna: end\n"
    "4. Ben: explore Ben.s2 takes Anna.t6,Ben.t7,Anna.t8,Ben.t8\n"
    "   Ben: explore Ben.s3 takes Anna.t3,Ben.t3,Anna.t5,Ben.t5  Ben: end\n"
    "5. Anna: move Anna.s1 L+S dock I1  Anna: move Anna.s3 L+S dock I1  Anna: end\n"
    "6. Ben: move Ben.s2 L+S dock I6  Ben: move Ben.s3 S+L dock I5  Ben: end\n")
"""Both sides bring their first treasure home (Anna 13 gold, Ben 11); Ben's gull, carrying
6 gold, docks at I5."""
FORT = HOMEWARD + ("7. Anna: move Anna.s2 S+S  Anna: end\n"
                   "8. Ben: move Ben.s2 L+S dock I5  Ben: build Ben.f1 I5  Ben: end\n")
"""Ben builds his watchtower on I5 (6 gold inside) with his heron docked there."""
FORT_FALLS = FORT + (
    "9. Anna: move Anna.s3 L+S  Anna: end\n"
    "10. Ben: unload Ben.s3 Ben.f1 Anna.t3,Ben.t3,Anna.t5  Ben: load Ben.s2 Ben.f1 Ben.k1=3  Ben: end\n"
    "11. Anna: shoot Anna.s3 mast 1 at Ben.f1 L 4 lose 1 mast 2 at Ben.f1 S 5 lose 2 mast 4 at Ben.f1 S 6\n"
    "   Anna: move Anna.s1 L+S dock I5  Anna: end\n12. Ben: end\n")
"""Ben's fort takes 4 gold in and gives 3 out (7 inside); Anna's heron destroys it and
her gull docks at I5, where the 7 gold lie."""
EXPLORED_DERELICT = ("1. Anna: move Anna.s2 S+S dock I3  Anna: end\n"
                     "2. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1  Ben: end\n"
                     "3. Anna: explore Anna.s2 takes Anna.t2,Anna.t4  Anna: end\n"
                     "4. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 2  Ben: end\n")
"""Anna's sloop explores I3 and is left a derelict there: no mark yet, as it has not left."""
HIDDEN = header() + setup(deal="deal: hidden")
ICE = header() + setup(terrain="Anna: reef R1  Ben: sargasso G1  Anna: iceberg B1=4  Ben: reef R2")

ILLEGAL: list[tuple[str, str, str, str]] = [
    ("s-levels-stated-fact", "At level 1 a stated fact is trusted, but what it names must exist: R1 is a reef, "
     "not an island to dock at.", GAME + "1. Anna: move Anna.s1 L dock R1\n", "S-L1-FACTS"),
    ("s-units-segments", "At level 1 S and L are symbols: the heron's move L+S holds one L, not two.",
     GAME + "1. Anna: move Anna.s3 L+L\n", "S-MOVE"),
    ("s-dice-seven", "A d6 never shows 7.", GAME + T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 7\n", "S-DICE"),
    ("s-data-no-file", "The log names a card file that no --data option gives.",
     header(cards="my-cards") + SETUP, "N-DATA"),
    ("s-data-check-digest", "The digest pinned by the Cards tag is not the bundled sample's.",
     header(cards="sample sha256:" + "0" * 64) + SETUP, "N-DATA"),
    ("s-data-unknown", "No card s-galleon in the sample cards.",
     header() + setup(fleet_a=FLEET_A + " s4=s-galleon"), "S-DATA-UNKNOWN"),
    ("s-data-samples-no-seven", "The sample cards hold treasure of 1 to 6 gold only: no t-7.",
     header() + setup(treasure_a=TREASURE_A.replace("t8=t-3", "t8=t-7")), "S-DATA-UNKNOWN"),
    ("s-players-three", "Exactly two players.", header(players="Anna Ben Cleo") + SETUP, "S-PLAYERS"),
    ("s-build-over", "Anna's fleet costs 45 points, over the build total of 40.",
     header() + setup(fleet_a=FLEET_A + " s4=s-bulwark"), "S-BUILD"),
    ("s-crew-cost", "The sloop costs 5 points; Ada, Bo and a second Bo cost 8.",
     header() + setup(fleet_a="Anna: fleet s1=s-gull s2=s-sloop c1=c-ada@s2 c2=c-bo@s2 c3=c-bo@s2"),
     "S-CREW-COST"),
    ("s-crew-zero", "Cole costs 0 points and is English: never aboard the Pirates' gull.",
     header() + setup(fleet_a="Anna: fleet s1=s-gull s2=s-sloop c1=c-cole@s1"), "S-CREW-ZERO"),
    ("s-link-no-room", "The gull's cargo counts its links: 5 printed, +1 for Ada linked to the gull, +1 for Ada "
     "and Bo linked to each other: 7. Two crew and six plain tokens (the map takes no space) are one too many.",
     GAME + "1. Anna: move Anna.s1 S+L dock I2  Anna: end\n2. Ben: end\n"
     "3. Anna: explore Anna.s1 takes Anna.t1,Ben.t1,Anna.t7,Ben.t6  Anna: end\n4. Ben: end\n"
     "5. Anna: move Anna.s1 S+L dock I3  Anna: end\n6. Ben: end\n"
     "7. Anna: explore Anna.s1 takes Anna.t2,Ben.t2,Anna.t4\n", "S-CARGO"),
    ("s-cargo-full", "Ada and Bo aboard the sloop: cargo 3 + 1 for the linked pair = 4, load 2 + 3 tokens.",
     header() + setup(fleet_a="Anna: fleet s1=s-gull s2=s-sloop c1=c-ada@s2 c2=c-bo@s2")
     + "1. Anna: move Anna.s2 S+S dock I3  Anna: end\n2. Ben: end\n"
     "3. Anna: explore Anna.s2 takes Anna.t2,Ben.t2,Anna.t4\n", "S-CARGO"),
    ("s-event-twice", "The squall is played once.", GAME + '1. Anna: event Anna.e1 "a squall"\n'
     '   Anna: event Anna.e1 "another squall"\n', "S-EVENT"),
    ("s-setup-order", "The treasure comes after both fleets.",
     header() + setup(fleet_b=TREASURE_B, treasure_b=FLEET_B), "S-SETUP"),
    ("s-first-order", "The players roll in the Players tag's order: Anna first.",
     header() + setup(rolls="Ben: roll 2  Anna: roll 5"), "S-FIRST"),
    ("s-islands-turn", "Anna rolled higher: she places the first island.",
     header() + setup(islands=ISLANDS.replace("Anna: island I1  Ben: island I2", "Ben: island I1  Anna: island I2")),
     "S-ISLANDS"),
    ("s-terrain-place-gold", "An iceberg's gold number is 1 to 6.",
     header() + setup(terrain="Anna: reef R1  Ben: iceberg B1=7"), "S-TERRAIN-PLACE"),
    ("s-terrain-place-turn", "Terrain is placed in turn from the first player: Ben places the second piece.",
     header() + setup(terrain="Anna: reef R1  Anna: sargasso G1  Ben: fog F1"), "S-TERRAIN-PLACE"),
    ("s-home-picker", "Ben placed the last piece: he, not Anna, picks the first player's home island.",
     header() + setup(homes="Anna: home Anna=I1"), "S-HOME"),
    ("s-crew-place-nowhere", "Each crew says where it starts.",
     header() + setup(fleet_a=FLEET_A.replace("c2=c-bo@s1", "c2=c-bo")), "S-CREW-PLACE"),
    ("s-treasure-gold", "Anna's tokens total 14 gold, not 15.",
     header() + setup(treasure_a=TREASURE_A.replace("t8=t-3", "t8=t-2")), "S-TREASURE"),
    ("s-unique-twice", "Two uniques of one type from one player.",
     header() + setup(treasure_b=TREASURE_B.replace("t2=t-1 t3=t-1", "t2=t-map t3=t-2")), "S-UNIQUE"),
    ("s-deal-three", "I2 is dealt three tokens: four a wild island.",
     header() + setup(deal=DEAL.replace("I2=Anna.t1,Ben.t1,Anna.t7,Ben.t6", "I2=Anna.t1,Ben.t1,Anna.t7")), "S-DEAL"),
    ("s-turn-second-player", "Anna is the first player: turn 1 is hers.", GAME + "1. Ben: end\n", "S-TURN"),
    ("s-own-ship", "Anna cannot move Ben's ship.", GAME + "1. Anna: move Anna.s1 L  Anna: move Ben.s1 L\n", "S-OWN"),
    ("s-action-one-twice", "One action a ship a turn.", GAME + "1. Anna: move Anna.s1 L  Anna: move Anna.s1 S\n",
     "S-ACTION-ONE"),
    ("s-action-order-late-ram", "A ram follows its ship's move directly, not after another ship's.",
     GAME + T12 + "3. Anna: move Anna.s1 S bow Ben.s2  Anna: move Anna.s2 S  Anna: ram Anna.s1 Ben.s2 4\n",
     "S-ACTION-ORDER"),
    ("s-free-ram-without-move", "A ram exists only right after a move.", GAME + "1. Anna: ram Anna.s1 Ben.s1 4\n",
     "S-FREE"),
    ("s-auto-derelict", "A ship that lost its last mast becomes a derelict by itself, and a derelict cannot move.",
     GAME + SHOT_SLOOP + "3. Anna: move Anna.s2 S\n", "S-DERELICT"),
    ("s-move-segments", "The sloop's base move is S+S: no L.", GAME + "1. Anna: move Anna.s2 S+L\n", "S-MOVE"),
    ("s-stop-after-dock", "A ship that docked has stopped: it meets no reef after.",
     GAME + "1. Anna: move Anna.s1 L+S dock I2 reef R1 2\n", "S-STOP"),
    ("s-come-about-lost", "A ship lost in fog can only be given a move action to come out.",
     GAME + "1. Anna: move Anna.s1 L fog F1  Anna: end\n2. Ben: end\n3. Anna: about Anna.s1\n", "S-FOG"),
    ("s-derelict-shoots", "A derelict cannot shoot.", GAME + SHOT_SLOOP + "3. Anna: shoot Anna.s2 mast 1 at Ben.s1 S 4\n",
     "S-DERELICT"),
    ("s-dock-terrain", "A ship docks at an island, not at a sargasso sea.", GAME + "1. Anna: move Anna.s1 L dock G1\n",
     "S-L1-FACTS"),
    ("s-dock-enemy-home", "No move ends with the bow on the opponent's home island.",
     GAME + "1. Anna: move Anna.s1 L+S dock I6\n", "S-DOCK-ENEMY"),
    ("s-unload-hidden", "Face-down tokens are named when they are unloaded at home.",
     HIDDEN + "1. Anna: move Anna.s3 L+S dock I2  Anna: end\n2. Ben: end\n3. Anna: explore Anna.s3 takes 2\n"
     "   Anna: end\n4. Ben: end\n5. Anna: move Anna.s3 L+S dock I1\n", "S-HIDDEN"),
    ("s-crew-move-at-sea", "Crew land only from a docked ship.",
     GAME + "1. Anna: move Anna.s1 S  Anna: land Anna.s1 Anna.c1\n", "S-CREW-MOVE"),
    ("s-ram-no-bow", "The move stated no bow contact with Ben's heron.",
     GAME + T12 + "3. Anna: move Anna.s1 S  Anna: ram Anna.s1 Ben.s2 4\n", "S-RAM"),
    ("s-pin-move", "The gull's bow touches Ben's heron: it is pinned.",
     GAME + BOW + "4. Ben: end\n5. Anna: move Anna.s1 S\n", "S-PIN"),
    ("s-board-without-ram", "A boarding party follows a ram.",
     GAME + T12 + "3. Anna: move Anna.s1 S bow Ben.s2  Anna: board Anna=4 Ben=2 takes Ben.t1\n", "S-BOARD"),
    ("s-tow-not-derelict", "Only a derelict is towed.",
     GAME + T12 + "3. Anna: move Anna.s1 S touch Ben.s2  Anna: tow Anna.s1 Ben.s2\n", "S-TOW"),
    ("s-explore-home", "A home island is not explored: only wild ones.",
     GAME + "1. Anna: explore Anna.s1\n", "S-EXPLORE"),
    ("s-unique-pick-left", "The first exploration of I2 takes the unique lying there.",
     GAME + T12 + "3. Anna: explore Anna.s1 takes Anna.t1,Anna.t7\n", "S-UNIQUE-PICK"),
    ("s-mark-unmarked", "Without Anna's mark on I3, exploring it as the sloop docks is not free: it would be the "
     "sloop's second action.", GAME + "1. Anna: move Anna.s2 S+S dock I3  Anna: explore Anna.s2 takes Anna.t2\n",
     "S-MARK"),
    ("s-mark-towed-for-explorer", "Anna's sloop explored I3; Ben's heron tows it away, derelict: the mark on I3 "
     "is Anna's, who explored it, not Ben's, so Ben's gull docking there does not explore it at once.",
     GAME + EXPLORED_DERELICT + "5. Anna: end\n6. Ben: move Ben.s2 L+S touch Anna.s2  Ben: tow Ben.s2 Anna.s2\n"
     "   Ben: move Ben.s3 L+S dock I3  Ben: explore Ben.s3 takes Ben.t2\n", "S-MARK"),
    ("s-dock-left", "Anna's gull left I2 when it moved on: it is docked nowhere and explores nothing.",
     GAME + T12 + "3. Anna: move Anna.s1 S  Anna: end\n4. Ben: end\n5. Anna: explore Anna.s1\n", "S-DOCK"),
    ("s-explore-ship-enemy", "Only a ship of one's fleet, a derelict or a wreck is explored.",
     GAME + T12 + "3. Anna: explore Anna.s1 Ben.s2 takes Ben.c1\n", "S-EXPLORE-SHIP"),
    ("s-shoot-no-cannon", "The heron's third mast carries no cannon.",
     GAME + T12 + "3. Anna: shoot Anna.s3 mast 3 at Ben.s2 S 5\n", "S-SHOOT"),
    ("s-target-own", "A ship never shoots its own fleet.", GAME + "1. Anna: shoot Anna.s1 mast 1 at Anna.s2 S 5\n",
     "S-TARGET"),
    ("s-hit-miss", "2 misses a rank-3 cannon: nothing is lost.",
     GAME + T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 2 lose 1\n", "S-HIT"),
    ("s-one-misses", "A 1 always misses.", GAME + T12 + "3. Anna: shoot Anna.s2 mast 1 at Ben.s2 S 1 lose 1\n",
     "S-ONE-MISSES"),
    ("s-mast-loss-unnamed", "A hit removes a mast, named in the log.",
     GAME + T12 + "3. Anna: shoot Anna.s1 mast 1 at Ben.s2 S 5\n", "S-MAST-LOSS"),
    ("s-sink-derelict-mast", "A hit on a derelict sinks it: it has no mast to lose.",
     GAME + SHOT_SLOOP + "3. Anna: end\n4. Ben: shoot Ben.s1 mast 3 at Anna.s2 L 6 lose 1\n", "S-SINK"),
    ("s-sink-split-hidden", "A sinking splits the gold aboard: face-down tokens are named first.",
     HIDDEN + "1. Anna: move Anna.s2 S+S dock I3  Anna: end\n2. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 1  Ben: end\n"
     "3. Anna: explore Anna.s2 takes 2  Anna: end\n4. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6 lose 2  Ben: end\n"
     "5. Anna: end\n6. Ben: shoot Ben.s1 mast 1 at Anna.s2 L 6\n", "S-HIDDEN"),
    ("s-scuttle-not-derelict", "Only a derelict is scuttled.", GAME + "1. Anna: scuttle Anna.s1 6\n", "S-SCUTTLE"),
    ("s-repair-at-sea", "A ship repairs docked at its home island.",
     GAME + SHOT_HERON + "3. Anna: repair Anna.s3 1\n", "S-REPAIR"),
    ("s-gold-empty-home", "Ben's home island holds no gold to pay for the watchtower.",
     GAME + T12 + "3. Anna: end\n4. Ben: explore Ben.s2 takes Anna.t6,Ben.t7,Anna.t8\n   Ben: build Ben.f1 I5\n",
     "S-FORT-BUILD"),
    ("s-fort-list-none", "Anna holds no fort.", GAME + "1. Anna: build Ben.f1 I2\n", "S-FORT-LIST"),
    ("s-fort-build-unexplored", "A fort is built on an island its player explored.",
     GAME + T12 + "3. Anna: end\n4. Ben: build Ben.f1 I5\n", "S-FORT-BUILD"),
    ("s-fort-treasure-keeps-cost", "Ben's watchtower holds its cost of 6 and no more: no gold may leave it.",
     GAME + FORT + "9. Anna: end\n10. Ben: load Ben.s2 Ben.f1 Ben.k1=1\n", "S-FORT-TREASURE"),
    ("s-fort-treasure-not-docked", "Ben's bulwark is not docked at I5: it takes no gold from the fort there.",
     GAME + FORT + "9. Anna: end\n10. Ben: unload Ben.s3 Ben.f1 Anna.t5  Ben: load Ben.s1 Ben.f1 Ben.k1=2\n",
     "S-FORT-TREASURE"),
    ("s-turn-after-building", "A fort is built at the end of the turn: no treasure is unloaded after it.",
     GAME + FORT.replace("Ben: build Ben.f1 I5  Ben: end", "Ben: build Ben.f1 I5  Ben: unload Ben.s3 Ben.f1 Anna.t3"),
     "S-TURN"),
    ("s-gold-heap", "The destroyed watchtower left 7 gold on I5, not 8.",
     GAME + FORT_FALLS + "13. Anna: explore Anna.s1 takes Anna.k1=8\n", "S-GOLD"),
    ("s-gold-coin-name", "A coin gets a new name: Anna.t1 is a token already.",
     GAME + FORT_FALLS + "13. Anna: explore Anna.s1 takes Anna.t1=7\n", "S-GOLD"),
    ("s-fort-hit-abandoned", "The watchtower has lost both flags: the next hit destroys it, no flag to name.",
     GAME + FORT_FALLS.replace("mast 4 at Ben.f1 S 6", "mast 4 at Ben.f1 S 6 lose 1"), "S-FORT-HIT"),
    ("s-fort-shoot-unbuilt", "A fort not yet built holds nothing and fires nothing.",
     GAME + "1. Anna: end\n2. Ben: shoot Ben.f1 flag 1 at Anna.s1 S 4\n", "S-FORT-SHOOT"),
    ("s-fort-shoot-mast", "A fort fires from its flags.",
     GAME + "1. Anna: end\n2. Ben: shoot Ben.f1 mast 1 at Anna.s1 S 4\n", "S-FORT-SHOOT"),
    ("s-fort-hit-unbuilt", "A fort is a target once it is built.",
     GAME + "1. Anna: shoot Anna.s1 mast 1 at Ben.f1 S 5 lose 1\n", "S-TARGET"),
    ("s-fog-shoot", "A ship lost in fog cannot shoot.",
     GAME + "1. Anna: move Anna.s1 L fog F1  Anna: end\n2. Ben: end\n3. Anna: shoot Anna.s1 mast 1 at Ben.s1 S 5\n",
     "S-FOG"),
    ("s-iceberg-no-roll", "While an iceberg can drift, the turn starts with the iceberg roll.",
     ICE + "1. Anna: move Anna.s1 L\n", "S-ICEBERG"),
    ("s-sargasso-no-value", "The first ship onto a sargasso sea in a turn rolls its value.",
     GAME + "1. Anna: move Anna.s1 L sargasso G1\n", "S-SARGASSO"),
    ("s-reef-unnamed-loss", "A reef of value 2 costs the 3-mast gull one mast, named.",
     GAME + "1. Anna: move Anna.s1 L reef R1 2\n", "S-REEF"),
    ("s-wreck-unnamed", "The heron keeps 2 of its 4 masts; a reef of 1 costs it 3: it is wrecked, its standing "
     "masts named.", GAME + SHOT_HERON + "3. Anna: move Anna.s3 L reef R1 1 lose 3\n", "S-WRECK"),
    ("s-ability-not-aboard", "Bo is aboard the gull, not the sloop: his cannon keyword is not the sloop's.",
     GAME + T12 + "3. Anna: shoot Anna.s2 with cannon=+1 of Anna.c2 mast 1 at Ben.s2 S 4 lose 1\n", "S-ABILITY"),
    ("s-reveal-on-island", "Crew on an island have no ability to reveal.",
     GAME + '1. Anna: land Anna.s1 Anna.c2  Anna: ability Anna.c2 "aims true"\n', "S-ABILITY"),
    ("s-reveal-crew-named", "'reveal' names face-down treasure; a face-down crew is revealed only by its first "
     "declared use.", GAME + "1. Anna: reveal Anna.s1 Anna.c2\n", "S-REVEAL"),
    ("s-stack-twice", "A keyword is used once a turn a ship.",
     GAME + T12 + "3. Anna: shoot Anna.s1 with cannon=+1 of Anna.c2 with cannon=+1 of Anna.c2 mast 1 at Ben.s2 S 4"
     " lose 1\n", "S-STACK"),
    ("s-keywords-not-printed", "Bo's keyword is cannon=+1, not cannon=+2.",
     GAME + T12 + "3. Anna: shoot Anna.s1 with cannon=+2 of Anna.c2 mast 1 at Ben.s2 S 4 lose 1\n", "S-KEYWORDS"),
    ("s-ability-declared-one", "No ability sets aside S-ONE-MISSES.",
     GAME + '1. Anna: ability Anna.s1 "never misses" overrides S-ONE-MISSES\n', "S-ABILITY-DECLARED"),
    ("s-win-claimed", "Nobody has won: the claimed winner is false.",
     GAME.replace('[Result "*"]', '[Result "Anna"]') + T12, "S-WIN"),
    ("s-end-after-resign", "Nothing is played after a resignation.",
     GAME + "1. Anna: resign  Anna: move Anna.s1 L\n", "S-END"),
    ("s-l1-unknown-place", "A stated fact names a piece of the table: there is no island I9.",
     GAME + "1. Anna: move Anna.s1 L touch I9\n", "S-L1-FACTS"),
    ("s-l1-facts-bow-island", "'bow' names a ship; an island is docked at or touched.",
     GAME + "1. Anna: move Anna.s1 L bow I2\n", "S-L1-FACTS"),
    ("s-l1-contact-ended", "Ben's heron moved away: the gull's bow contact ended with it.",
     GAME + BOW + "4. Ben: move Ben.s2 S  Ben: end\n5. Anna: move Anna.s1 S  Anna: ram Anna.s1 Ben.s2 5\n", "S-RAM"),
    ("s-l1-placed-still-entangled", "A ship that stays entangled is placed nowhere new: its failed try to free "
     "itself states no contact.",
     GAME + "1. Anna: move Anna.s1 L sargasso G1 4  Anna: end\n2. Ben: end\n3. Anna: free Anna.s1 3 touch G1\n",
     "S-L1-PLACED"),
    ("s-l1-facts-two-bow-facts", "Where a move stops, the bow touches one thing: it docks at I2 or touches "
     "Ben's bulwark, not both.", GAME + "1. Anna: move Anna.s1 L+S dock I2 bow Ben.s1\n", "S-L1-FACTS"),
    ("s-target-lost", "A ship lost in fog cannot be shot: S-TARGET names it.",
     GAME + "1. Anna: move Anna.s1 L fog F1  Anna: end\n2. Ben: shoot Ben.s1 mast 1 at Anna.s1 L 6 lose 1\n",
     "S-TARGET"),
    ("s-hidden-too-many", "A hidden island holds four tokens.",
     HIDDEN + "1. Anna: move Anna.s1 L+S dock I2  Anna: end\n2. Ben: end\n3. Anna: explore Anna.s1 takes 5\n",
     "S-HIDDEN"),
    ("s-ambig-unknown-variant", "No variant of that name.",
     header('[Variants "ram-twice"]\n') + SETUP, "S-AMBIG"),
    ("s-example-sargasso", "A sargasso sea of 4 entangles a 3-master: it cannot be given a move action.",
     GAME + "1. Anna: move Anna.s1 L sargasso G1 4  Anna: end\n2. Ben: end\n3. Anna: move Anna.s1 S\n",
     "S-SARGASSO"),
]


def canonical(text: str) -> str:
    report = check_text("sample", text, canonical=True)
    return "\n".join(canonical_game(game) for game in report.games)


def illegal_sample(description: str, text: str, rule: str) -> str:
    body = canonical(text)
    comment = "".join(f"; {line}\n" for line in textwrap.wrap(description, 77))
    trial = comment + f"; expect: {rule} 0\n" + body
    found = [d for d in check_text("sample", trial).all_diagnostics() if d.is_error]
    assert len(found) == 1, (rule, [(d.code, d.message) for d in found])
    assert found[0].code == rule, (found[0].code, found[0].message, rule)
    assert found[0].span is not None
    decided = " by " + " ".join(sorted(found[0].rulings)) if found[0].rulings else ""
    return trial.replace(f"; expect: {rule} 0\n", f"; expect: {rule} {found[0].span.line}{decided}\n")


def legal_game(seed: str, comment: str) -> str:
    record, _ = random_game(RULES, ["Anna", "Ben"], False, seed)
    return "".join(f"; {line}\n" for line in textwrap.wrap(comment, 77)) + format_game(record, RULES)


LEGAL: list[tuple[str, str, str]] = [
    ("won-by-a-sinking", "Anna holds 13 gold at home when her gull shoots Ben's gull, carrying 6 gold, down to a "
     "derelict and her heron sinks it: half the gold, rounded up, goes to her home island and she wins on 16 of 30 "
     "(S-SINK, S-SINK-SPLIT, S-WIN).",
     header().replace('[Result "*"]', '[Result "Anna"]') + SETUP + HOMEWARD
     + "7. Anna: shoot Anna.s1 mast 1 at Ben.s3 S 5 lose 1 mast 2 at Ben.s3 L 4 lose 2 mast 3 at Ben.s3 S 3 lose 3\n"
       "   Anna: shoot Anna.s3 mast 1 at Ben.s3 L 4\n"),
    ("iceberg-drift", "An iceberg of gold number 4 drifts on a roll of 5 or 6: it stops against Ben's heron, which "
     "loses a mast; on Ben's roll of 6 it drifts again and stops against I3, frozen there for the rest of the game, "
     "so no later turn rolls for it (S-ICEBERG).",
     ICE + "1. Anna: icebergs 5  Anna: drift B1 3 stops Ben.s2 mast 4  Anna: move Anna.s1 L+S dock I2\n"
     "   Anna: end\n2. Ben: icebergs 6  Ben: drift B1 1 stops I3  Ben: move Ben.s2 L+S dock I5  Ben: end\n"
     "3. Anna: explore Anna.s1 takes Ben.t1,Anna.t1,Anna.t7,Ben.t6  Anna: end\n"),
]
"""Hand-made legal games: a comment, then the log in canonical form."""

L2_GAME, L2_SWAPS = table.short_game()
L2_UNTIL_13 = L2_GAME[:L2_GAME.index("14. Ben")]


def l2_swap(name: str, end: str) -> str:
    """The short level-2 game up to a turn, that turn replaced by a faulty one."""
    line = L2_SWAPS[name]
    number = line.split(".")[0] + "."
    return L2_GAME[:L2_GAME.index(f"\n{number} ") + 1] + line + end


LEGAL += [
    ("level2-short-game", "S-EXAMPLE's short level-2 game: the log gives every island's shape and every "
     "ship's pose, and the referee measures them. Both gulls come about, Anna's docks at I2 and explores it, "
     "Ben's sails south of I4 and comes alongside her; their shots are within range and in sight "
     "(S-GEO-COME-ABOUT, S-GEO-MOVE, S-GEO-FACT, S-GEO-SHOT).", L2_GAME),
    ("level2-iceberg", "An iceberg drifts S toward its number 2 and stops against Anna's gull, which loses a "
     "mast (S-GEO-ICEBERG).", table.iceberg_game()),
    ("level2-fog", "Ben's gull sails into fog bank F1 until it touches it, and comes out with its stern on "
     "number 3, the number rolled (S-GEO-EXIT).", table.fog_game()),
    ("level2-sargasso", "Anna's gull is caught in a sargasso sea at its first touch and is freed with its "
     "stern on the sea's edge, wholly outside (S-GEO-EXIT).", table.sargasso_game()),
    ("level2-fort", "Ben's gull fetches I5's treasure, brings it home and builds his watchtower on I5: "
     "two opposite corners on the island, the flags on its outline (S-GEO-FORT).", table.fort_game()),
]

ILLEGAL_L2: list[tuple[str, str, str, str]] = [
    ("s-units-sides-swapped", "S is the card's short side: the Units tag gives it longer than L.",
     L2_GAME.replace('[Geometry "full"]', '[Geometry "full"]\n[Units "S=88 L=63"]'), "S-UNITS"),
    ("s-geo-model-off-table", "The table is 1300 mm wide: I5 at x = 1350 lies off it.",
     L2_GAME.replace('[Table "1500 900"]', '[Table "1300 900"]'), "S-GEO-MODEL"),
    ("s-geo-margin-beyond", "The tolerance is 1 mm: a segment S of 65 mm is 2 mm too long.",
     L2_GAME[:L2_GAME.index("3. Anna")] + "3. Anna: move Anna.s1 S@349,450,0\n", "S-GEO-MOVE"),
    ("s-geo-data-no-pose", "At level 2 every segment ends with its pose.",
     L2_GAME[:L2_GAME.index("3. Anna")] + "3. Anna: move Anna.s1 S+L\n", "S-GEO-DATA"),
    ("s-geo-islands-too-close", "I2 is 220 mm from I1, less than 3L (264 mm).",
     L2_GAME.replace("island I2 circle 550,200 50", "island I2 circle 400,250 50"), "S-GEO-ISLANDS"),
    ("s-geo-islands-too-far", "I2 is 839 mm from I1, the only island placed before it: more than 6L (528 mm).",
     L2_GAME.replace("island I2 circle 550,200 50", "island I2 circle 1000,850 50"), "S-GEO-ISLANDS"),
    ("s-geo-terrain-too-close", "Reef R1 is 20 mm from I1, less than S.",
     L2_GAME.replace("reef R1 circle 350,600 40", "reef R1 circle 260,450 40"), "S-GEO-TERRAIN"),
    ("s-geo-setup-bow-off", "Anna's gull starts 5 mm off her home island.",
     L2_GAME.replace("place Anna.s1 @200,450,180", "place Anna.s1 @205,450,180"), "S-GEO-SETUP"),
    ("s-geo-move-through-island", "Anna's gull sails on through I2.", l2_swap("through I2", "\n"), "S-GEO-MOVE"),
    ("s-geo-move-side-swipe", "Anna's gull sails west below I1 with its side cutting 10.3 mm into the island, "
     "though every corner of its hull stays all but outside it.", table.side_swipe(), "S-GEO-MOVE"),
    ("s-geo-move-back-into-fog", "Out of fog bank F1 with its stern on number 3, Ben's gull turns back into it "
     "and ends 2.9 mm inside: a new contact ends the move where the ship touches it.", table.fog_again(2.9),
     "S-GEO-MOVE"),
    ("s-geo-fact-fog-left", "Ben's gull comes out of fog bank F1 and sails away: it touches F1 only where its "
     "move began, so stating it is refused.", table.fog_left(), "S-GEO-FACT"),
    ("s-geo-fact-iceberg-unstated", "Anna's gull passes over iceberg B1 and ends clear of it: the move does not "
     "state the touch.", table.iceberg_passed(""), "S-GEO-FACT"),
    ("s-geo-iceberg-glancing", "The iceberg rests against Anna's gull and drifts toward its number 1, along the "
     "hull and into it: it stops at once against the gull, as the log does not say.",
     table.iceberg_glancing() + "\n", "S-GEO-ICEBERG"),
    ("s-geo-come-about-into-fog", "Anna's gull comes about with a small fog bank just beyond its stern: its bow "
     "turns 2 mm into it, and a come-about overlaps nothing.",
     table.fog_at_the_stern(288, 6) + "1. Anna: about Anna.s1 fog F1\n", "S-GEO-COME-ABOUT"),
    ("s-geo-come-about-into-tow", "Anna's gull tows Ben's derelict gull, its bow on her stern: coming about, "
     "her bow turns into it.", table.towing_about(), "S-GEO-COME-ABOUT"),
    ("s-geo-fact-dock-short", "The gull stops 5 mm short of I2 and says it docks.",
     l2_swap("dock short", "\n"), "S-GEO-FACT"),
    ("s-geo-shot-out-of-range", "Ben's gull is still far off when Anna's fires at it: beyond L.",
     L2_GAME[:L2_GAME.index("13. Anna")] + "13. Anna: shoot Anna.s1 mast 2 at Ben.s3 L 6 lose 1\n", "S-GEO-SHOT"),
    ("s-geo-shot-through-fog", "A small fog bank lies between Anna's heron and Ben's gull: within L, but every "
     "line of fire crosses it.", table.fog_between(), "S-GEO-SHOT"),
    ("s-geo-shot-through-sail", "Bow to bow, every line of fire from the gull's mast 2 crosses its own "
     "foremost sail.", L2_UNTIL_13 + L2_SWAPS["bow to bow"] + "\n15. Anna: shoot Anna.s1 mast 2 at Ben.s3 L 6 lose 1\n",
     "S-GEO-SHOT"),
    ("s-geo-iceberg-stop", "The iceberg's drift reaches Anna's gull: it stops there, as the log does not say.",
     table.iceberg_game(""), "S-GEO-ICEBERG"),
    ("s-geo-exit-stern", "Ben's gull comes out of the fog 5 mm from number 3.", table.fog_game(5), "S-GEO-EXIT"),
    ("s-geo-fort-corners", "No two opposite corners of the watchtower lie on I5.",
     table.fort_game("1380,180 1420,180 1420,220 1380,220", "1400,180 1400,220"), "S-GEO-FORT"),
]
ILLEGAL += ILLEGAL_L2


def legal_sample(description: str, text: str) -> str:
    return "".join(f"; {line}\n" for line in textwrap.wrap(description, 77)) + canonical(text)


def build() -> dict[Path, str]:
    files: dict[Path, str] = {}
    for stem, description, text in LEGAL:
        files[HERE / "legal" / f"{stem}{EXT}"] = legal_sample(description, text)
    for seed in ("sm-1", "sm-2", "sm-3"):
        files[HERE / "legal" / f"game-{seed}{EXT}"] = legal_game(
            seed, f"A complete 40-point game on the sample cards, every entry chosen by the engine's own\n"
                  f"move generator (seed {seed}); won on gold, the claimed result holds.")
    seed = next(s for s in (f"sm-hidden-{n}" for n in range(200))
                if "deal: hidden" in legal_game(s, ""))
    files[HERE / "legal" / f"hidden-deal{EXT}"] = legal_game(
        seed, "A complete game whose deal is hidden: tokens are taken by count and named when unloaded (S-HIDDEN).")
    for stem, description, text, rule in ILLEGAL:
        kind = "malformed" if rule.startswith("N-") else "illegal"  # a log that cannot be judged here (exit 2)
        files[HERE / kind / f"{stem}{EXT}"] = illegal_sample(description, text, rule)
    for path, text in files.items():
        if path.parent.name == "legal":
            report = check_text(str(path), text)
            assert report.ok, (path, [(d.code, d.message) for d in report.all_diagnostics()])
    return files


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 if a file differs")
    args = parser.parse_args()
    differ = 0
    for path, text in build().items():
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{path.relative_to(HERE.parent.parent)}: differs")
                differ += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
