"""Korsar's rulings in the project's own words; the ids are what diagnostics cite."""

from referee.games.base import Ruling

RULINGS: tuple[Ruling, ...] = (
    Ruling("K-CARDS", "The cards",
           "78 cards: 25 galleons worth 100 gold together (five of 2, six of 3, five each of "
           "4 and 5, two of 6, one each of 7 and 8); 48 pirates, twelve in each of yellow, red, "
           "green and blue (strengths 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4); one captain per colour; "
           "one admiral. A card that does not exist, such as a colour outside the four, is "
           "illegal, and so is a card seen more often than the game holds it (with the deal known: "
           "a card played or discarded after every copy of it already was). The printed rules' "
           "example speaks of black pirates: a misprint, read as yellow."),
    Ruling("K-PLAYERS", "Players",
           "2 to 8 players, never 7. With 2, 3 or 5 each plays alone; 4 may play alone or in "
           "two teams; 6 and 8 play in teams of two."),
    Ruling("K-TEAMS", "Teams and seats",
           "Partners sit side by side: with seats A B C D the teams are A+B and C+D, and so "
           "on. The first seat of each pair, in turn order, is the team's first mate."),
    Ruling("K-SETUP", "Dealing",
           "All 78 cards are shuffled, each player is dealt 6, the rest is the face-down deck. "
           "A log gives the whole deal (every hand and the deck, top first), or a seed that "
           "fixes a documented shuffle, or nothing (K-HIDDEN)."),
    Ruling("K-TURN", "A turn",
           "First the capture phase: the player automatically takes every galleon they control "
           "(K-CONTROL). Then exactly one action: draw the top card while the deck lasts (no "
           "hand limit), play one card, or — only once the deck is empty — discard one card "
           "that is not a galleon."),
    Ruling("K-ORDER", "Turn order and rounds",
           "Players move in seat order; a move by anyone else is illegal. In the log, a round "
           "is one pass round the table and begins with its number; a missing, repeated or "
           "early round number is also a K-ORDER error."),
    Ruling("K-HAND", "Playing from the hand",
           "A card played or discarded must be in the mover's hand, as far as the log lets the "
           "referee know that hand; nobody plays from an empty hand."),
    Ruling("K-DRAW", "Drawing", "Nobody draws from an empty deck."),
    Ruling("K-TARGET", "Naming a galleon",
           "A pirate, captain or admiral names a galleon that is on the table at that moment, "
           "after the mover's capture phase. A galleon is named by the player who placed it and "
           "its gold (A3); when that player has two of the same gold on the table, by the round "
           "it was placed as well (A3/5)."),
    Ruling("K-GALLEON", "Placing a galleon",
           "A galleon goes face up in front of the player who plays it and belongs to that "
           "player, or in team play to the team. A player may have several."),
    Ruling("K-PIRATE", "Pirates",
           "A pirate goes on any galleon on the table, the player's own included (to defend "
           "it). All the pirates one side has on one galleon share the colour of the first; "
           "two sides on one galleon must use different colours, so at most four sides fight "
           "over a galleon."),
    Ruling("K-TEAM-COLOUR", "Partners' colour",
           "Partners on the same galleon play the same colour, and their pirates add up as "
           "one side."),
    Ruling("K-CAPTAIN", "Captains",
           "A captain goes only on a galleon where the player's side already has at least one "
           "pirate of the captain's colour. A captain opens nothing."),
    Ruling("K-ADMIRAL", "The admiral",
           "The admiral goes only on a galleon the player placed, or in team play a galleon "
           "of the team. No pirate is needed first."),
    Ruling("K-CHARACTER", "One character per galleon",
           "A captain or the admiral played on a galleon that already carries a character "
           "chases it, even one of the same side: the chased card leaves the game and the new "
           "one stays."),
    Ruling("K-TEAM-ROUND", "Partners in the same round",
           "The second mate may not play a pirate, captain or admiral on a galleon on which "
           "the first mate played one in the turn just before. Placing a galleon is not an "
           "attack: the second mate may defend at once a galleon the first mate just placed."),
    Ruling("K-CONTROL", "Control and capture",
           "A side controls a galleon if it has the character on it; otherwise if its pirate "
           "strength (the sum of the strengths, not the number of cards) is strictly greater "
           "than every other side's; otherwise, if nobody has played anything on it, the owner "
           "controls it. Tied leaders control nothing, and the galleon waits. A captured "
           "galleon goes face down into the capturer's loot, and every card around it leaves "
           "the game. One capture phase may take several galleons."),
    Ruling("K-TEAM-CAPTURE", "Capturing in teams",
           "In team play only the first mate's turn has a capture phase, and it captures for "
           "the team, including a galleon the second mate placed that nobody attacked. Once "
           "the first mate has no more turns, the partner has the capture phase instead."),
    Ruling("K-DISCARD", "Discarding",
           "A discard is allowed only once the deck is empty, and a galleon is never "
           "discarded."),
    Ruling("K-END", "The end of the game",
           "Play goes on after the last card of the deck is drawn. The game ends at once when, "
           "with the deck empty, a player holds no card — whether they just put down their "
           "last card or their hand was already empty. In team play it ends when both mates of "
           "a team have empty hands; a player whose hand is empty while the partner still "
           "holds cards has no more turns, and a move by that player breaks this ruling before "
           "K-ORDER. Then every galleon left on the table goes to the "
           "side that controls it; galleons held in a tie stay and count for nobody. Nothing "
           "may be played after the end."),
    Ruling("K-HIDDEN", "Logs that do not show every card",
           "A log with the deal is judged on every card: a card shown on a draw must be the "
           "top of the deck. A log without the deal may record draws without the card and is "
           "judged on what is public: no card appears more often than the game holds it, "
           "nobody plays from an empty hand, the end comes when the counts say so, and the "
           "hands shown at the end (the EndHands tag) hold the right number of cards, include "
           "every card the player was seen to take, and fit the cards still unaccounted for."),
    Ruling("K-SCORE", "The score",
           "Each side scores the gold of the galleons it captured, minus the gold of the "
           "galleons still in its hand (partners' hands together). The highest score wins; "
           "equal scores share the win. A claimed result (the Result tag) must match; where "
           "some hands at the end are unknown, it is judged on the sides whose scores are "
           "known, and otherwise only warned about as not checked. (Referee's reading for "
           "unknown hands.)"),
    Ruling("K-CLAIM", "What the writer claims",
           "A turn may state what its writer believes happened: the galleons the capture "
           "phase took (xA3) and the character a captain or the admiral chased (~AD). Each "
           "statement is checked, and a false one is illegal; the diagnostic cites the rule "
           "that decides what really happened: K-CONTROL for a galleon the mover does not "
           "control, K-TEAM-CAPTURE for a second mate who has no capture phase, K-TURN for a "
           "capture left out (a turn that states captures states all of them), K-CHARACTER "
           "for a chase of a character that is not there (a captain or the admiral played "
           "on a galleon without one). A chase stated on a move that can never chase — a "
           "draw, a discard, a galleon or a pirate — cites K-CLAIM itself; so does a capture "
           "stated twice. (Referee's reading: the rulings do not say "
           "how claims are judged.)"),
    Ruling("K-UNFINISHED", "A log that stops early",
           "A log may stop before the game's end, like the rules' own example. Its moves are "
           "still judged; the score it reports is provisional, no one wins, and its claimed "
           "result, if any, must be '*'. (Referee's reading: the rulings do not say how an "
           "unfinished log is judged.)"),
    Ruling("K-EXAMPLE", "The rules' worked example",
           "Three players A, B and C, turns 1 to 6 as printed, with yellow for the misprinted "
           "black. After turn 6, A holds 6 gold (B's galleon of 6, won with the blue captain), "
           "B holds 2 (its own unattacked galleon) and C holds 3 (A's galleon, won 4 to 3). "
           "The referee ships this game as a sample."),
)
