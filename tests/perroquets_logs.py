"""Short Pirates & Perroquets logs on the default board that tests build on.

Each is legal as it stands; tests append one entry or change one tag. The openings
are those of the rules' worked examples (samples/perroquets/legal/p-example-*).
"""

from __future__ import annotations


def header(players: str = "X Y", first: str = "X", variants: str = "") -> str:
    tag = f'[Variants "{variants}"]\n' if variants else ""
    return (f'[Game "Pirates & Perroquets"]\n[Players "{players}"]\n[First "{first}"]\n'
            f'[Data "default"]\n{tag}\n')


def opening(variants: str = "") -> str:
    """X on b3 and Y on b5 each capture a 2 in round 1 (P-EXAMPLE 4)."""
    return header(variants=variants) + (
        "0. X: ship b3  Y: ship b5  parrots: 4/2 2 2 1  parrots: 2/2 1 1 1  parrots: 3/3 1 1 1\n"
        "1. parrots: 3/1 1 1 1  wind: 1  X: draw A B  Y: draw A B  X: none  Y: none\n")


def meeting(variants: str = "") -> str:
    """Round 2 of P-EXAMPLE 4: X's A6 (weight 1) enters b5, where Y stands; Y sails C2's F3 to b8."""
    return opening(variants) + ("2. parrots: 3/1 2 2 2  wind: 3  Y: draw C=C2 A  X: draw A=A6 B  "
                                "X: take A6 green  Y: take C2 green\n")


def stuck_meeting(variants: str = "") -> str:
    """The same, Y stuck: weight 0 against X's 1."""
    return opening(variants) + ("2. parrots: 3/1 2 2 2  wind: 3  Y: draw C A  X: draw A=A6 B  "
                                "X: take A6 green  Y: none\n")


def shared_square(variants: str = "") -> str:
    """X (1 parrot) and Y (0) share f10 when two parrots fly over it in round 2."""
    return header(variants=variants) + (
        "0. X: ship f10  Y: ship g10  parrots: 1/3 1 2 1  parrots: 3/1 1 1 1  parrots: 2/2 1 1 1\n"
        "1. parrots: 1/3 1 1 1  wind: 2  X: draw A B  Y: draw A=A1 B  X: none  Y: take A1 green\n"
        "2. parrots: 1/4 2 2 2  wind: 3  Y: draw A=A1 B  X: draw A=A2 B  X: take A2 green  Y: take A1 green\n")
