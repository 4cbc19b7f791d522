"""Pirates & Perroquets rulings in the project's own words; the ids are what diagnostics cite.

The printed board and cards are lost, so several rulings are readings the referee
chose; each says so. Variants (P-VARIANTS) name the other reading where one is
plausible.
"""

from referee.games.base import Ruling, Variant

RULINGS: tuple[Ruling, ...] = (
    Ruling("P-DATA", "Board, cards and bag are data",
           "The board, the 40 navigation cards and the bag of parrots come from a data file (one JSON "
           "object holding all three, format perroquets-data). A log names its data in the Data tag: "
           "'default' for the referee's built-in reconstruction, or an id and the SHA-256 of the file's "
           "canonical JSON ('my-board sha256:…'). A log is judged on the board it names and on no other: a file "
           "not given, a digest that differs, or the built-in data named while the --data files given are "
           "other boards, is N-DATA, a usage error (exit 2); a file that breaks its schema (a card's manoeuvre, "
           "for one, is at most 64 characters) is a usage error naming the field at fault, before any game is judged. "
           "A file of other data whose id is 'default' is refused so: no log could name it."),
    Ruling("P-DEFAULT", "The built-in data is a reconstruction",
           "Nothing public shows the printed board or cards. The built-in data (id pp-reconstructed-1) is "
           "plausible and symmetric under a quarter turn, but it is the referee's, not the publisher's: "
           "every report made with it says 'reconstructed'. An 11 × 11 board with 13 islands, five piles "
           "A–E of eight cards (weights 1–5), and 36 parrots, twelve each of values 1, 2 and 3."),
    Ruling("P-BOARD", "The board",
           "A grid up to 26 columns wide: columns a, b, … west to east, rows 1, 2, … south to north, a square "
           "written e8; north is up. Some squares are islands, the rest sea. The board data also says which "
           "side each side roll names, where each wind roll makes the wind blow, and where the dots of each "
           "side lie. A square off the board in a log is illegal."),
    Ruling("P-DOTS", "Dots on the edges",
           "Each side has four formations of three dots, one per zone, zones in clockwise order; formation "
           "4 is each zone's middle dot. A dot leads to an entry square on its side's edge. Printed outside "
           "the grid (the default), a parrot on a dot is off the board and its first step enters the entry "
           "square; printed on the edge, the parrot starts on the entry square, over it: a ship entering that "
           "square picks it up, as it would any parrot over the sea. (Referee's reading.)"),
    Ruling("P-STEPS", "The manoeuvre language",
           "A manoeuvre is steps separated by spaces, each F, B, L, R, FL, FR, BL or BR with an optional "
           "repeat count 2–9 (F3 is F F F). F is one square the way the card's red arrow points, B against "
           "it, L and R to its left and right seen along it; the two-letter steps are diagonals. The wind "
           "alone turns the card: ships have no bow. Canonical form merges runs (F F L is F2 L)."),
    Ruling("P-CARDS", "Navigation cards",
           "Each card has an id, a pile (a letter, with a number on its back; a log may write either), a "
           "weight (the number on its front, by default the pile's number) and two manoeuvres, green and "
           "black. A card or pile the data does not hold is illegal."),
    Ruling("P-PARROT", "Parrots",
           "A parrot has a movement value and a beak. Placed on a dot, its beak points straight across the "
           "board, away from its side; it keeps that heading until it is captured, picked up or leaves the "
           "board. It is in the bag, on a dot, over a square, in a hold, or gone."),
    Ruling("P-BAG", "The bag",
           "The data gives how many parrots of each value the bag holds. New parrots must be values the bag "
           "still holds; the referee tracks values, not individual tokens."),
    Ruling("P-PLAYERS", "Players",
           "2 to 4 players, listed in the Players tag in clockwise seat order, each with one ship; the First "
           "tag names the set-up's first player, who also starts round 1. An entry by someone not seated is "
           "illegal. Player ids may not be the table's entry names (parrots, wind, reveal, claim, first, "
           "colour, order, none)."),
    Ruling("P-DICE", "Dice",
           "Every roll is a d4 written in the log: 1 to 4. The referee cannot judge chance; it checks the "
           "range and what the roll decides."),
    Ruling("P-SETUP", "Set-up order",
           "Round 0 of a log is the set-up: first every ship, then three waves of parrots. The piles are "
           "shuffled; their order is never written."),
    Ruling("P-SETUP-SHIPS", "Placing the ships",
           "From the first player clockwise, each places his ship on any square, sea or island, but not "
           "on a square a ship already holds. (Referee's reading: placing in turn only matters if a square "
           "can be taken.) A second ship of a player who has one is this rule's fault, until the first "
           "parrots are placed."),
    Ruling("P-SETUP-PARROTS", "The first parrots",
           "Three waves of three parrots, each placed as new parrots are (P-PLACE). The waves come from "
           "three different sides: a side already used is rolled again and only the roll that counts is "
           "written, so a repeated side is illegal (variant setup-repeat-sides allows it). Set-up parrots "
           "show white and first fly in round 1."),
    Ruling("P-SETUP-PILES", "The piles",
           "The cards are sorted into their piles by the mark on their backs, each pile shuffled face down. "
           "The order in a pile is hidden and never written."),
    Ruling("P-ROUND", "Six phases",
           "Every round runs 1 new parrots, 2 wind, 3 draws, 4 reveal and decisions, 5 flights, ships and "
           "encounters, 6 next first player, in that order. An entry outside its phase is illegal; claims "
           "and lost values come after the decisions. P-ROUND names an entry of a phase not yet come or "
           "over (a draw after a decision, a wind after a draw); an entry where its kind still belongs is "
           "judged by that phase's own rules (a third draw, a second ship)."),
    Ruling("P-PLACE", "New parrots",
           "While the bag holds parrots at the start of a round, the round begins with two rolls — the side "
           "(through the board's side table) and the formation — and three parrots from the bag go on that "
           "formation's dots, values written in zone order. With fewer than three left, they fill zones one, "
           "two, three until the bag is empty. Once it is empty, no round has this phase. Parrots never "
           "block each other: a dot or square may hold several."),
    Ruling("P-FLIP", "Colours",
           "A parrot turns over after each flight, so all parrots on the board show the same colour: white "
           "in the set-up and odd rounds, black in even rounds. New parrots show that colour. A colour "
           "written in a log must match; a 'colour' claim names the colour of the round's new parrots. "
           "(Referee's reading: the picture of a position after the flights shows the next round's colour, "
           "since every parrot has turned over.)"),
    Ruling("P-WIND", "Wind",
           "One roll; the board's wind table turns it into the heading of the cards' red arrow. On the "
           "default board the wind blows from the die's side across the board (1 from the north, heading "
           "south). Variant wind-toward turns every heading round."),
    Ruling("P-DRAW", "Drawing",
           "Each player draws exactly two cards, each from any pile he names (the same one twice too). A draw "
           "from an empty pile is illegal. A log may name the card a draw gave: it must lie in that pile "
           "and not be drawn already this round. A draw by a player who has drawn his two is illegal, "
           "whether or not everyone has drawn, until a reveal or a decision is written. With "
           "discard-piles, a card the log has shown to lie in a discard cannot be drawn: a draw naming it, "
           "a reveal showing it or a decision taking it from a face-down draw breaks this rule (decided by "
           "P-RETURN)."),
    Ruling("P-DRAW-ORDER", "Drawing order",
           "From the first player clockwise, each player makes both his draws before the next begins. "
           "Variant draw-rounds: everyone draws one card, then everyone a second."),
    Ruling("P-REVEAL", "The reveal",
           "All drawn cards turn face up at once. A log may write the reveal (each player and his two cards, "
           "once each): the cards must be the ones drawn, from the piles drawn from, all different."),
    Ruling("P-CHOOSE", "One decision each",
           "Each player takes one card among all those revealed this round, his own or another's, and one of "
           "its two manoeuvres (green or black), or makes no decision ('none'). A decision is final: a second "
           "one is illegal, and so is a card not drawn this round or a path the card does not show."),
    Ruling("P-TAKEN", "A card taken is gone",
           "Decisions are written in the order they were made; a card one player has taken cannot be taken "
           "by another. The order does nothing else."),
    Ruling("P-STUCK", "No decision",
           "The time limit cannot be checked, so 'none' is always legal. The ship stays where it is and its "
           "owner loses 3 parrots at the end of phase 4, before the parrots fly; they are gone."),
    Ruling("P-FLY", "Flights",
           "In phase 5a every parrot on a dot or over a square flies exactly its value in squares, one at a "
           "time, the way its beak points. The squares it flies over are the ones it enters; the square it "
           "rests on counts, the one it starts from does not. Over empty sea it flies on and rests on its "
           "last square; then it turns over."),
    Ruling("P-FLY-EDGE", "Flying off the board", "A step that would leave the grid: the parrot is gone, nobody's."),
    Ruling("P-FLY-ISLAND", "Islands shelter parrots",
           "An island square never captures a parrot, whatever ships stand on it: it flies on."),
    Ruling("P-FLY-SHIP", "One ship captures",
           "A sea square holding exactly one ship: its owner captures the parrot into his hold; it flies no "
           "further."),
    Ruling("P-FLY-CROWD", "Several ships",
           "A sea square holding two or more ships: the owner with strictly the fewest parrots captures it. "
           "If the fewest tie, nobody does and the parrot goes on with its own flight (no extra squares); on "
           "its last square it stays there, over the ships."),
    Ruling("P-FLY-ORDER", "Which counts decide",
           "Every crowd is decided by the counts as they stand at the start of 5a (after losses of the "
           "stuck), so nothing depends on which parrot a hand moved first. Variant sequential-flight: "
           "parrots fly one at a time — by side number, then clockwise by their line, then the one furthest "
           "on — and each capture counts at once."),
    Ruling("P-SHIP", "Ships move", "In phase 5b every ship that has a manoeuvre makes it, one ship at a time."),
    Ruling("P-SHIP-ORDER", "The order of the ships",
           "Fixed at the start of 5b: smallest weight first; then fewest sea squares crossed (entries into "
           "sea squares along the manoeuvre under this round's wind, up to where the edge stops it); then "
           "the player nearest the first player clockwise, the first player himself nearest. Variant "
           "order-by-length: the printed number of steps instead of sea squares. A stuck ship has no place."),
    Ruling("P-SHIP-PATH", "A whole manoeuvre at a time",
           "Each ship makes its whole manoeuvre step by step before the next ship moves. Ships never block "
           "each other: any number may share a square."),
    Ruling("P-PICKUP", "Picking up parrots",
           "A ship entering a sea square, passing or stopping, takes every parrot over it into its owner's "
           "hold. Parrots over an island cannot be picked up, and the starting square is not entered. "
           "Variant optional-pickup: a ship may leave parrots, each named in the decision, after its card or "
           "its pile, colour and path ('leave SQUARE=VALUE'); where parrots of that value over the square "
           "differ in their beaks, the leave says which by the way its beak points ('leave b10=2E'), and "
           "one that does not is illegal (referee's reading: the parrot left flies on its own way). Parrots "
           "alike in value and beak over one square are still one parrot each: a leave leaves one of them, "
           "and the log writes it once for each parrot left (take one and leave the other: one leave; "
           "leave both: two). A leave "
           "is judged on its ship's move as it happens and reported at the decision that holds it: one that "
           "names no parrot picked up there is illegal; one whose ship never sails because the game ended "
           "first is no fault."),
    Ruling("P-ISLAND", "Islands cost a parrot",
           "Each time a ship enters an island square, passing or stopping, its owner loses one parrot and "
           "the ship sails on. Starting or staying on an island costs nothing."),
    Ruling("P-MEET", "Meetings",
           "A ship meets every ship standing on the square it enters, at that moment (moved, yet to move or "
           "stuck), nearest the first player first. The owner of the lighter manoeuvre takes one parrot from "
           "the other's hold, the giver choosing which; equal weights: nothing. A stuck ship counts as weight "
           "0. Variants: meet-at-end (only ships sharing a square after the last move meet, each pair once); "
           "stuck-no-fight (nobody meets a stuck ship)."),
    Ruling("P-EDGE", "The edge stops a ship",
           "A step that would leave the grid is not made: the ship stops, the rest of its manoeuvre is "
           "dropped, and its owner loses 2 parrots, once per manoeuvre."),
    Ruling("P-STEP-ORDER", "Within one step",
           "Enter the square; then the pickup (sea) or the island loss; then the meetings; then the next step."),
    Ruling("P-LOSE", "Losing and giving",
           "A player who must lose or give k parrots loses the smaller of k and his count. Lost ones are gone; "
           "given ones go to the receiver. The loser chooses which: a log may list the values with "
           "'PLAYER: lose V…' after the decisions (every value the player gave or lost that round, in the "
           "order it happened); otherwise the lowest go. A list longer or shorter than what was lost, or a "
           "value the player does not hold at that moment, is illegal, in the round that ends the game too. "
           "The lists of a round are read together, in any order: a giver's list says what he gave, even "
           "when the receiver's list is written first. A list that fits only with a gift a giver's list "
           "never names is reported at its own entry once the round's lists are in."),
    Ruling("P-NEXT", "The next first player", "The player on the first player's left (next clockwise) starts the next round."),
    Ruling("P-RETURN", "Used cards",
           "Every card drawn in a round goes back to its pile, and each pile is shuffled, so every round "
           "starts with full piles. (Referee's reading: the text never says.) Variant discard-piles: drawn "
           "cards go to a discard per pile, shuffled back only when a draw finds the pile empty. A card the "
           "log shows (named at its draw, shown at the reveal, or taken by a decision, where a face-down "
           "draw gave it) lies in its discard from then on, and drawing it again is P-DRAW."),
    Ruling("P-END", "The end",
           "The game ends at once when the bag is empty and no parrot is on a dot or over a square, checked "
           "after the flights and after each ship's step: the rest of the round is not played and any later "
           "entry other than a claim or a list of lost values is illegal. Variant end-of-round plays the "
           "round out. A log that stops earlier is unfinished: no winner, and a claimed result is false."),
    Ruling("P-SCORE", "Score",
           "The most parrots wins; equal counts share the win. Variant sum-values: the sum of the values in "
           "the hold (fast parrots are harder to catch)."),
    Ruling("P-LOG", "What a log records",
           "The header (players, first player, data, variants, claimed result); round 0 with the ships' "
           "squares and the three waves; then each round's new parrots, wind, draws, optional reveal, "
           "decisions, optional lost values and claims. Flights, the ships' order, moves and encounters are "
           "computed, never written."),
    Ruling("P-HIDDEN", "Logs that hide cards",
           "A log may leave out the card a draw gave, the reveal, and even a decision's card id (writing the "
           "pile, colour and path: 'take C green L F2 L'). What it hides is checked for consistency: draws "
           "never exceed a pile, revealed cards come from the piles drawn from, every decision fits a distinct "
           "drawn card (a matching exists), and a decision whose fitting cards differ in weight must name "
           "its card. A card drawn face down becomes known when a later entry names it: from then on it is "
           "where it went, as if the draw had named it."),
    Ruling("P-CLAIM", "Claims",
           "'claim:' entries state what the writer believes: 'Anna captures f10', 'Anna picks up f6', "
           "'Anna loses 2', 'Anna at e6', 'Anna holds 5', 'first Ben', 'colour white', 'order Anna Ben'. "
           "Each is checked after the round's decisions; a false one is illegal, and the diagnostic names the "
           "rule that decides what really happened."),
    Ruling("P-PRECEDENCE", "Which rule a finding names",
           "When one entry breaks several rules, the finding names the first of: P-END, P-ROUND, P-PLAYERS, "
           "the dice and unknown piles, cards, squares or values, the bag and the draws (a card no draw can "
           "give), P-TAKEN, the phase's own rules (in the order of these rulings), P-CLAIM. So an unknown pile "
           "in a draw out of turn is P-CARDS, and a second decision naming a card already taken is P-TAKEN."),
    Ruling("P-VARIANTS", "Variants",
           "Another reading of an unclear passage, named in the log's Variants tag (or with --variant NAME "
           "for a log whose header names none): setup-repeat-sides, wind-toward, draw-rounds, "
           "sequential-flight, order-by-length, optional-pickup, meet-at-end, stuck-no-fight, discard-piles, "
           "end-of-round, sum-values. A name the referee does not know is illegal."),
)

VARIANTS: tuple[Variant, ...] = (
    Variant("setup-repeat-sides", "P-SETUP-PARROTS", "the set-up's waves may come from the same side"),
    Variant("wind-toward", "P-WIND", "the wind blows toward the die's side: every heading turned round"),
    Variant("draw-rounds", "P-DRAW-ORDER", "everyone draws one card, then everyone a second"),
    Variant("sequential-flight", "P-FLY-ORDER", "parrots fly one at a time and each capture counts at once"),
    Variant("order-by-length", "P-SHIP-ORDER", "the order's tie-break is the card's printed step count"),
    Variant("optional-pickup", "P-PICKUP", "a ship may leave parrots, each named in its decision"),
    Variant("meet-at-end", "P-MEET", "only ships sharing a square after the last move meet, each pair once"),
    Variant("stuck-no-fight", "P-MEET", "nobody meets a stuck ship"),
    Variant("discard-piles", "P-RETURN", "drawn cards go to discards, shuffled back when a pile runs out"),
    Variant("end-of-round", "P-END", "the last round is played out"),
    Variant("sum-values", "P-SCORE", "the score is the sum of the values in the hold"),
)
