#!/usr/bin/env python3
"""Regenerate the generated Pirates & Perroquets samples.

    python3 samples/perroquets/generate.py          rewrite the files
    python3 samples/perroquets/generate.py --check  only compare; exit 1 if a file differs

What is generated:

  * legal/game-N-players: complete games on the default data, every roll, value,
    draw and decision chosen by the engine's own move generator with seeded words
    (the same seed gives the same game everywhere); the claimed result holds;
  * legal/variant-NAME: one complete game per variant, the variant named in the header;
    optional-pickup is written by hand below, since a random player never leaves a parrot;
  * legal/hidden-cards: a complete game whose draws name no card, some rounds with a
    reveal, some decisions written as pile, colour and path (every P-HIDDEN form);
  * legal/unfinished: a game that stops mid-way, claimed '*';
  * boards/lagoon-game: a game on the user data file boards/lagoon-9.json;
  * illegal/p-*: one log per ruling, each a short legal game with one faulty entry,
    headed by `; expect: RULE LINE [by RULING...]`. The line is where the referee puts
    its caret and the rulings are those that decided the finding besides its rule; the
    script checks that the referee finds exactly that rule, and for false claims the
    rule that decides the real outcome.

The worked examples (legal/p-example-*) are written by hand and not touched here.
"""

from __future__ import annotations

import argparse
import textwrap
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from referee.formatting import canonical_game  # noqa: E402
from referee.games import GAMES  # noqa: E402
from referee.games.base import JudgeOptions  # noqa: E402
from referee.games.perroquets.data import load  # noqa: E402
from referee.games.perroquets.notation import REVEAL, Decide, Draw, DrawSlot, Reveal  # noqa: E402
from referee.games.perroquets.setup import VARIANT_NAMES  # noqa: E402
from referee.notation.writer import format_game  # noqa: E402
from referee.pipeline.replay import check_text  # noqa: E402
from referee.record import Comment, Round, Tag, Turn  # noqa: E402
from referee.simulate import random_game  # noqa: E402

RULES = GAMES["perroquets"]
PLAYERS = ["Anna", "Ben", "Cleo", "Dora"]


def header(players: str = "X Y", first: str = "X", extra: str = "") -> str:
    return (f'[Game "Pirates & Perroquets"]\n[Players "{players}"]\n[First "{first}"]\n'
            f'[Data "default"]\n{extra}[Result "*"]\n\n')


# Example 4's opening: X on b3 and Y on b5 each capture a 2 in round 1.
XY = header() + """0. X: ship b3  Y: ship b5  parrots: 4/2 2 2 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1
1. parrots: 3/1 1 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none
"""
# Round 2 of example 4: X's A6 (weight 1) meets Y, who sails C2's F3 to b8.
XY2 = XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C=C2 A  X: draw A=A6 B  X: take A6 green  Y: take C2 green\n"
# Example 1: Anna's B5 under wind 1 runs e8 e7 e6 and onto the island f6.
ANNA = header("Anna Ben", "Anna") + """0. Anna: ship e8  Ben: ship a1  parrots: 1/2 1 3 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1
1. parrots: 3/1 1 1 1  wind: 1  Anna: draw A B  Ben: draw A B  Anna: none  Ben: none
2. parrots: 3/1 2 2 2  wind: 1  Ben: draw A C  Anna: draw B=B5 C  Anna: take B5 green  Ben: none
"""
# Example 2: Ben holds two 2s and sails F3 west from b5: a5, then the edge.
BEN = header("Anna Ben", "Anna") + """0. Anna: ship k11  Ben: ship b5  parrots: 4/2 1 2 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1
1. parrots: 4/2 1 2 1  wind: 1  Anna: draw A B  Ben: draw A B  Anna: none  Ben: none
2. parrots: 1/1 2 2 2  wind: 2  Ben: draw B=B8 A  Anna: draw A C  Anna: none  Ben: take B8 green
"""
# Example 3: X and Y share f10 with equal counts; the 3 from the f11 dot flies on to the island f9.
CROWD = header() + """0. X: ship f10  Y: ship g10  parrots: 3/1 1 1 1  parrots: 2/2 1 1 1  parrots: 4/3 1 1 1
1. parrots: 3/3 2 2 2  wind: 2  X: draw A B  Y: draw A=A1 B  X: none  Y: take A1 green
2. parrots: 1/4 2 3 2  wind: 1  Y: draw A B  X: draw A B  X: none  Y: none
"""
# The 3 heading east rests over i7 after round 3 and leaves the board in round 4; X's A1 then enters i7.
EDGE = header() + """0. X: ship i8  Y: ship a2  parrots: 4/1 1 3 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1
1. parrots: 1/1 1 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none
2. parrots: 1/1 2 2 2  wind: 1  Y: draw A B  X: draw A B  X: none  Y: none
3. parrots: 2/1 1 2 2  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none
4. parrots: 2/3 3 3 3  wind: 1  Y: draw A B  X: draw A=A1 B  X: take A1 green  Y: none
"""
# X (1) and Y (0) share f10 after round 1; in round 2 a 3 and a 2 fly over f10.
ORDER = header() + """0. X: ship f10  Y: ship g10  parrots: 3/3 3 1 2  parrots: 2/1 1 1 2  parrots: 1/3 3 3 3
1. parrots: 2/1 3 2 2  wind: 2  X: draw A B  Y: draw A=A1 B  X: none  Y: take A1 green
2. parrots: 1/3 1 2 3  wind: 2  Y: draw A=A1 B  X: draw A=A2 B  X: take A2 green  Y: take A1 green
"""
# Y stuck on the island f9; X captures the 3 on f10, then sails onto f9.
STEP = header() + """0. X: ship f10  Y: ship f9  parrots: 3/1 1 1 1  parrots: 2/2 1 1 1  parrots: 4/3 1 1 1
1. parrots: 3/3 2 2 2  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none
2. parrots: 1/4 2 3 2  wind: 1  Y: draw A B  X: draw A=A1 B  X: take A1 green  Y: none
"""
SOLO = CROWD.replace("Y: draw A=A1 B  X: none  Y: take A1 green", "Y: draw A B  X: none  Y: none")

# (file stem, what it shows, log text, rule expected, rule deciding a false claim)
ILLEGAL: list[tuple[str, str, str, str, str | None]] = [
    ("p-data-piles", "The data decides the piles: the default has five, A to E, and no pile F.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw F B\n", "P-CARDS", None),
    ("p-default-board-size", "The default board is 11 squares wide: there is no column l.",
     XY.replace("Y: ship b5", "Y: ship l5"), "P-BOARD", None),
    ("p-board-square", "A claim about a square off the board.", XY2 + "claim: Y at m20\n", "P-BOARD", None),
    ("p-dots-formation", "Dots come in formations 1 to 4: a formation roll of 5 is no d4 result.",
     XY.replace("parrots: 3/1 1 1 1  wind", "parrots: 3/5 1 1 1  wind"), "P-DICE", None),
    ("p-steps-path", "Y's B5 shows F2 L: heading north, L is west, so Y ends on a7; c7 reads L as the "
     "right seen along the red arrow.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw B=B5 A  X: draw A B  X: none  Y: take B5 green\n"
     "claim: Y at c7\n", "P-CLAIM", "P-SHIP-PATH"),
    ("p-cards-pile", "There is no pile Z.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw Z B\n", "P-CARDS", None),
    ("p-parrot-straight", "A parrot keeps the heading it was placed with: the 2 over b5 flies east, not north "
     "to Y's ship on b6.",
     XY.replace("Y: ship b5", "Y: ship b6")
     + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  X: draw A B  X: none  Y: none  claim: Y captures b6\n",
     "P-CLAIM", "P-FLY"),
    ("p-bag-value", "The default bag holds values 1 to 3 only.",
     XY.replace("parrots: 3/1 1 1 1  wind", "parrots: 3/1 1 7 1  wind"), "P-BAG", None),
    ("p-players-count", "Pirates & Perroquets is for 2 to 4 players.",
     XY.replace('[Players "X Y"]', '[Players "X Y Z V W"]'), "P-PLAYERS", None),
    ("p-players-2-unseated", "Only seated players draw.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Zed: draw A B\n", "P-PLAYERS", None),
    ("p-dice-wind", "A d4 shows 1 to 4.", XY.replace("wind: 1", "wind: 5"), "P-DICE", None),
    ("p-setup-order", "The ships are placed before the first parrots.",
     XY.replace("0. X: ship b3  Y: ship b5  parrots: 4/2 2 2 1", "0. X: ship b3  parrots: 4/2 2 2 1  Y: ship b5"),
     "P-SETUP", None),
    ("p-setup-ships-occupied", "Y cannot place his ship where X's stands.",
     XY.replace("Y: ship b5", "Y: ship b3"), "P-SETUP-SHIPS", None),
    ("p-setup-ships-2-order", "The first player places his ship first.",
     XY.replace("0. X: ship b3  Y: ship b5", "0. Y: ship b5  X: ship b3"), "P-SETUP-SHIPS", None),
    ("p-setup-parrots-side", "The set-up's waves come from three different sides.",
     XY.replace("parrots: 3/3 1 1 1\n", "parrots: 4/3 1 1 1\n"), "P-SETUP-PARROTS", None),
    ("p-setup-parrots-2-fourth", "The set-up has three waves, no more.",
     XY.replace("parrots: 3/3 1 1 1\n", "parrots: 3/3 1 1 1  parrots: 1/1 1 1 1\n"), "P-SETUP-PARROTS", None),
    ("p-setup-piles-same-card", "A shuffled pile gives each card once a round.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A=A1 A=A1\n", "P-DRAW", None),
    ("p-round-phase", "The wind comes before the draws.",
     XY + "2. parrots: 3/1 2 2 2  Y: draw A B  wind: 3\n", "P-ROUND", None),
    ("p-round-2-number", "Round 2 comes after round 1.", XY + "3. parrots: 3/1 2 2 2  wind: 3\n", "P-ROUND", None),
    ("p-place-missing", "While the bag holds parrots, a round begins with new ones.",
     XY + "2. wind: 3  Y: draw A B\n", "P-PLACE", None),
    ("p-flip-colour", "New parrots show black in round 2, like those on the board.",
     XY + "2. parrots: 3/1 2 2 2 white  wind: 3\n", "P-FLIP", None),
    ("p-wind-heading", "Wind 3 heads north: Y's F3 goes up column b, not down.",
     XY2 + "claim: Y at b2\n", "P-CLAIM", "P-SHIP-PATH"),
    ("p-draw-wrong-pile", "B3 lies in pile B, not in pile A.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A=B3\n", "P-DRAW", None),
    ("p-draw-2-third", "Each player draws exactly two cards.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  Y: draw C\n", "P-DRAW", None),
    ("p-draw-order", "Round 2's first player is Y: he draws first.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  X: draw A B\n", "P-DRAW-ORDER", None),
    ("p-reveal-cards", "Y drew from piles C and A: the reveal must show a C and an A.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A B  reveal: Y C2 B4 / X A6 B1\n",
     "P-REVEAL", None),
    ("p-choose-twice", "A decision is final.",
     XY2.replace("Y: take C2 green\n", "X: take B1 green\n"), "P-CHOOSE", None),
    ("p-choose-2-not-drawn", "A decision takes one of this round's cards.",
     XY2.replace("Y: take C2 green", "Y: take E1 green"), "P-CHOOSE", None),
    ("p-taken-card", "X has taken A6: Y cannot take it too.",
     XY2.replace("Y: take C2 green", "Y: take A6 black"), "P-TAKEN", None),
    ("p-stuck-loss", "A stuck player loses 3 parrots: Y held 1 and lost it.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A=A6 B  X: take A6 green  Y: none\n"
     "claim: Y loses 0\n", "P-CLAIM", "P-STUCK"),
    ("p-fly-nothing", "No parrot flies over e5 in round 2.", XY2 + "claim: X captures e5\n", "P-CLAIM", "P-FLY"),
    ("p-fly-edge-gone", "The 3 over i7 flies off the board before X's ship enters i7: there is nothing left to "
     "pick up.", EDGE + "claim: X picks up i7\n", "P-CLAIM", "P-FLY-EDGE"),
    ("p-fly-island-shelter", "An island never captures: the 3 rests over f9.",
     CROWD + "claim: X captures f9\n", "P-CLAIM", "P-FLY-ISLAND"),
    ("p-fly-ship-alone", "X alone on f10 captures the 3, not Y.", SOLO + "claim: Y captures f10\n",
     "P-CLAIM", "P-FLY-SHIP"),
    ("p-fly-crowd-tie", "X and Y tie on f10: nobody captures the 3.", CROWD + "claim: X captures f10\n",
     "P-CLAIM", "P-FLY-CROWD"),
    ("p-fly-order-counts", "The counts at the start of the flights decide every crowd: X 1 and Y 0 on f10, so Y "
     "captures both parrots that fly over it.", ORDER + "claim: Y holds 1\n", "P-CLAIM", "P-FLY-CROWD"),
    ("p-ship-moves", "Y's ship sails its whole manoeuvre: it ends on b8.", XY2 + "claim: Y at b5\n",
     "P-CLAIM", "P-SHIP-PATH"),
    ("p-ship-order-weight", "The lighter manoeuvre moves first: X (weight 1), then Y (weight 3).",
     XY2 + "claim: order Y X\n", "P-CLAIM", "P-SHIP-ORDER"),
    ("p-ship-path-end", "Y's F3 from b5 under a north wind ends on b8.", XY2 + "claim: Y at b7\n",
     "P-CLAIM", "P-SHIP-PATH"),
    ("p-pickup-leave", "Leaving a parrot is the optional-pickup variant.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw C=C2 A  X: draw A=A6 B  X: take A6 green leave b4=1\n",
     "P-PICKUP", None),
    ("p-island-loss", "Entering the island f6 costs Anna the parrot she captured.",
     ANNA + "claim: Anna loses 0\n", "P-CLAIM", "P-ISLAND"),
    ("p-meet-lighter", "X (weight 1) takes Y's parrot when entering b5.", XY2 + "claim: Y holds 1\n",
     "P-CLAIM", "P-MEET"),
    ("p-edge-stop", "The edge stops Ben on a5.", BEN + "claim: Ben at a4\n", "P-CLAIM", "P-EDGE"),
    ("p-step-order-island", "Within a step the island loss comes before the meeting: X loses the 3 on f9, then "
     "has nothing to give Y.", STEP + "claim: Y holds 1\n", "P-CLAIM", "P-MEET"),
    ("p-lose-value", "Ben holds two 2s: he cannot lose a 3.", BEN + "Ben: lose 3 2\n", "P-LOSE", None),
    ("p-lose-2-count", "Ben lost two parrots at the edge, not one.", BEN + "Ben: lose 2\n", "P-LOSE", None),
    ("p-next-first", "Round 2's first player is Y, on X's left.", XY2 + "claim: first X\n", "P-CLAIM", "P-NEXT"),
    ("p-return-discard", "With discard-piles, A1 drawn in round 1 lies in the discard in round 2: no draw can give "
     "it (P-DRAW, availability, decided by P-RETURN).",
     XY.replace('[Result "*"]', '[Variants "discard-piles"]\n[Result "*"]').replace("X: draw A B", "X: draw A=A1 B")
     + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A=A1 B\n", "P-DRAW", None),
    ("p-log-setup", "The set-up is complete before round 1: its third wave is missing.",
     XY.replace("  parrots: 3/3 1 1 1\n", "\n"), "P-ROUND", None),
    ("p-hidden-matching", "Nobody drew from pile C: no card of it can be taken.",
     XY + "2. parrots: 3/1 2 2 2  wind: 3  Y: draw A B  X: draw A B  X: take C green F3\n", "P-HIDDEN", None),
    ("p-claim-count", "X holds 2 after round 2, not 9.", XY2 + "claim: X holds 9\n", "P-CLAIM", "P-MEET"),
    ("p-precedence-phase", "An unseated player drawing before the wind: the phase is named first.",
     XY + "2. parrots: 3/1 2 2 2  Zed: draw A B\n", "P-ROUND", None),
    ("p-variants-unknown", "fast-ships is not a variant.",
     XY.replace('[Result "*"]', '[Variants "fast-ships"]\n[Result "*"]'), "P-VARIANTS", None),
    ("p-example-1-misread", "P-EXAMPLE 1: the ship ends on the island f6, not on e6.",
     ANNA + "claim: Anna at e6\n", "P-CLAIM", "P-SHIP-PATH"),
]


def canonical(text: str, options: JudgeOptions | None = None) -> str:
    report = check_text("sample", text, canonical=True, options=options or JudgeOptions())
    return "\n".join(canonical_game(game) for game in report.games)


def illegal_sample(description: str, text: str, rule: str, decided_by: str | None) -> str:
    body = canonical(text)
    comment = "".join(f"; {line}\n" for line in textwrap.wrap(description, 77))
    trial = comment + f"; expect: {rule} 0\n" + body
    found = [d for d in check_text("sample", trial).all_diagnostics() if d.is_error]
    assert len(found) == 1, [(d.code, d.message) for d in found]
    assert found[0].code == rule, (found[0].code, found[0].message, rule)
    if decided_by is not None:
        assert found[0].facts.get("decided_by") == decided_by, (found[0].message, decided_by)
        assert decided_by in found[0].rulings, (found[0].rulings, decided_by)
    assert found[0].span is not None
    by = " by " + " ".join(sorted(found[0].rulings)) if found[0].rulings else ""
    return trial.replace(f"; expect: {rule} 0\n", f"; expect: {rule} {found[0].span.line}{by}\n")


def legal_game(seed: str, players: list[str], comment: str, variants: tuple[str, ...] = (),
               options: JudgeOptions | None = None, data_tag: str | None = None) -> str:
    extra: tuple[tuple[str, str], ...] = ()
    if variants:
        extra += (("Variants", " ".join(variants)),)
    if data_tag:
        extra += (("Data", data_tag),)
    record, engine = random_game(RULES, players, False, seed, extra_tags=extra, options=options or JudgeOptions())
    record.preamble = [Comment(line, False) for line in comment.split("\n") if line]
    return format_game(record, RULES)


def hidden_game(seed: str) -> str:
    """A complete game rewritten as a scorer who noted no card ids would write it."""
    record, _ = random_game(RULES, PLAYERS[:3], False, seed)
    data = GAMES["perroquets"]
    for round_ in record.rounds[1:]:
        drawn: dict[str, list[str]] = {}
        turns: list[Turn] = []
        revealed = False
        for turn in round_.turns:
            action = turn.action
            if isinstance(action, Draw):
                drawn.setdefault(turn.player, []).extend(s.card for s in action.draws if s.card)
                action = Draw(tuple(DrawSlot(s.pile) for s in action.draws))
            elif isinstance(action, Decide) and not action.stuck:
                if round_.number % 2 == 0 and not revealed:
                    hands = Reveal(tuple((p, tuple(cards)) for p, cards in drawn.items()))
                    turns.append(Turn(REVEAL, hands, data.format_turn(hands)))
                    revealed = True
                if round_.number % 3 == 0:
                    from referee.games.perroquets.data import default_data

                    card = default_data().cards[action.card or ""]
                    action = Decide(None, action.colour, card.pile, str(card.path(action.colour or "green")))
            turns.append(Turn(turn.player, action, data.format_turn(action)))
        round_.turns = turns
    record.preamble = [Comment(line, False) for line in (
        "A complete game for three players as a scorer who noted no card ids writes it",
        "(P-HIDDEN): no draw names its card; even rounds show the reveal, so the",
        "decisions' cards are checked against it; in rounds 3, 6, 9, … each decision",
        "gives its pile, colour and path, and the referee finds cards that fit.").__iter__()]
    return format_game(record, RULES)


def unfinished_game(seed: str) -> str:
    record, _ = random_game(RULES, PLAYERS[:2], False, seed)
    keep = len(record.rounds) // 2
    record.rounds = record.rounds[:keep]
    record.rounds[-1].turns = record.rounds[-1].turns[: len(record.rounds[-1].turns) // 2]
    record.tags = [t for t in record.tags if t.name != "Result"] + [Tag("Result", "*")]
    record.preamble = [Comment(line, False) for line in (
        "A log that stops in the middle of a round: the referee reports the state and",
        "the counts, and names no winner.").__iter__()]
    return format_game(record, RULES)


OPTIONAL_PICKUP = header("Anna Ben", "Anna", '[Variants "optional-pickup"]\n') + """\
0. Anna: ship e7  Ben: ship a1  parrots: 1/2 1 3 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1
1. parrots: 3/1 1 1 1  wind: 3  Anna: draw A=A6 B  Ben: draw A B
   Anna: take A6 green leave e9=3 {heading north, F2 takes Anna over e8 and e9, where the 3 rests}
   Ben: none  claim: Anna at e9  claim: Anna holds 0
2. parrots: 3/1 2 2 2  wind: 3  Ben: draw A B  Anna: draw A B  Anna: none  Ben: none
   claim: Anna holds 0 {the 3 flies south from e9, away from Anna on e9}
"""


def build() -> dict[Path, str]:
    files: dict[Path, str] = {}
    for count, seed in ((2, "pp2-1"), (3, "pp3-1"), (4, "pp4-1")):
        files[HERE / "legal" / f"game-{count}-players.perroquets"] = legal_game(
            seed, PLAYERS[:count],
            f"A complete game for {count} players on the default data, played by the engine's\n"
            f"own move generator (seed {seed}): every roll, value, draw and decision is legal.")
    for name in VARIANT_NAMES:
        if name == "optional-pickup":
            continue
        seed = "pp-sum-values-f" if name == "sum-values" else f"pp-{name}"  # a game where values and counts differ
        files[HERE / "legal" / f"variant-{name}.perroquets"] = legal_game(
            seed, PLAYERS[:3], f"A complete game for three players with the variant {name}.", (name,))
    files[HERE / "legal" / "variant-optional-pickup.perroquets"] = (
        "; With optional-pickup, Anna leaves the 3 over e9, where she stops.\n" + canonical(OPTIONAL_PICKUP))
    files[HERE / "legal" / "hidden-cards.perroquets"] = hidden_game("pp-hidden")
    files[HERE / "legal" / "unfinished.perroquets"] = unfinished_game("pp-unfinished")
    lagoon_path = HERE / "boards" / "lagoon-9.json"
    lagoon = load(json.loads(lagoon_path.read_text(encoding="utf-8")))
    options = JudgeOptions({"perroquets": (lagoon,)})
    files[HERE / "boards" / "lagoon-game.perroquets"] = legal_game(
        "pp-lagoon", PLAYERS[:3],
        "A game on a user's board: boards/lagoon-9.json, 9 × 9 with dots on the edge squares.\n"
        "Judge it with: referee check --data samples/perroquets/boards/lagoon-9.json FILE",
        options=options, data_tag=lagoon.tag_value())
    complete = legal_game("pp2-end", PLAYERS[:2], "")
    result = next(line for line in complete.splitlines() if line.startswith("[Result"))
    scores = dict(part.split("=") for part in result[9:-2].split())
    wrong = '[Result "' + " ".join(f"{p}={int(v) + (p == 'Anna')}" for p, v in scores.items()) + '"]'
    last_round = max(int(line.split(".")[0]) for line in complete.splitlines() if line[:1].isdigit())
    ended = [
        ("p-end-after", "The game is over once the bag is empty and no parrot is left: no round follows.",
         complete.replace('[Result', '[Result "*"]\n[X', 1).replace('\n[X' + result[7:], "")
         + f"{last_round + 1}. wind: 1\n", "P-END", None),
        ("p-score-claimed", "The claimed result counts parrots that no hold has.",
         complete.replace(result, wrong), "P-SCORE", None),
    ]
    for stem, description, text, rule, decided_by in ILLEGAL + ended:
        files[HERE / "illegal" / f"{stem}.perroquets"] = illegal_sample(description, text, rule, decided_by)
    for path, text in files.items():
        if path.parent.name in ("legal", "boards"):
            given = options if path.parent.name == "boards" else JudgeOptions()
            report = check_text(str(path), text, options=given)
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
