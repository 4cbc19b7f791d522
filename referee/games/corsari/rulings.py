"""Corsari's rulings in the project's own words; the ids are what diagnostics cite."""

from referee.games.base import Ruling

RULINGS: tuple[Ruling, ...] = (
    Ruling("C-CARDS", "The cards",
           "110 cards: ten colours, each with one card of every value from 1 to 11. The rule "
           "text does not name the colours, so the referee gives them letters: R red, O orange, "
           "Y yellow, G green, C cyan, B blue, V violet, P pink, K black, W white; a card is "
           "written colour and value, R7 or B11. A card that does not exist, or one seen in two "
           "places at once, is illegal. (Referee's reading: the colour letters.)"),
    Ruling("C-PLAYERS", "Players", "2 to 4 players, seated clockwise in the order the log lists them."),
    Ruling("C-SETUP", "Dealing a round",
           "Every card outside the penalty piles is shuffled and each player gets 12. The quay is "
           "laid face up: 7 cards with 2 players, 8 with 3, 9 with 4; only the last one laid, the "
           "exposed card, can be taken. The rest is the deck, whose top card is turned up to start "
           "the discard pile. The log names the first round's first player (the First tag); each "
           "later round, void ones included, starts with the next player clockwise."),
    Ruling("C-PORT", "The home-port colour",
           "The exposed quay card's colour is the home-port colour; it changes as the quay is "
           "taken from. It is read once, when the fastest captain raises anchor (after his take "
           "and discard), and stays the same for every player's split that round. It names only "
           "the colour: a stated list of the dismissed read at another colour is wrong under "
           "C-DISMISS, which cites this ruling as the one that decided it."),
    Ruling("C-TURN", "A turn",
           "Players play clockwise from the round's first player. A turn takes one card, "
           "discards one, then may raise anchor; a step out of its place, or a player out of "
           "turn, is a C-TURN error, in a round still being played (for a round voided by a take "
           "of the last quay card, see C-VOID)."),
    Ruling("C-TAKE", "Taking", "Exactly one card: the top of the deck, the top of the discard pile, "
           "or the exposed quay card. A card stated on a take must be the card taken."),
    Ruling("C-DISCARD", "Discarding",
           "Exactly one card from the hand goes onto the discard pile, possibly the one just "
           "taken, so the hand is back to 12."),
    Ruling("C-RAISE", "Raising anchor",
           "A player may raise anchor at the end of his turn; the first to do so is the fastest "
           "captain. Then every other player, one after the other clockwise from him, raises "
           "anchor too, with no take or discard. A turn after the fastest captain's raise, a "
           "split missing before the next round, or a second split is a C-RAISE error."),
    Ruling("C-LAST-DECK", "The last card of the deck",
           "A player who takes the last card of the deck must raise anchor that turn."),
    Ruling("C-VOID", "The last card of the quay",
           "Taking the last card of the quay ends the round at once: that turn has no discard "
           "and no raise, nothing is scored, and a new round is dealt. Anything written in the "
           "round after that take, in its entry or later (a turn, a take, a raise, a completion, a "
           "split, a deal) is a C-VOID "
           "error, which says why the round is over; the next round begins with its number."),
    Ruling("C-CREW", "The crew",
           "Raising anchor, a player names his crew: cards of his hand of at most two colours, "
           "no value twice. It need not be complete and may be empty."),
    Ruling("C-DISMISS", "The dismissed",
           "Every card of the hand outside the crew in the home-port colour is dismissed: it "
           "goes back to the quay and costs nothing. A log may state the dismissed; the "
           "referee checks them, and a stated list that is wrong (a card not of the home-port "
           "colour, or one missing) is a C-DISMISS error."),
    Ruling("C-STOWAWAY", "The stowaways",
           "All the rest of the hand are stowaways; their values are added up. A log may state "
           "them; the referee checks them, and a stated list that is wrong is a C-STOWAWAY error."),
    Ruling("C-COMPLETE", "Completing the fastest captain's crew",
           "Just before splitting his own hand, each other player may put into the fastest "
           "captain's crew cards of that crew's colours whose values it lacked when he raised "
           "anchor. One player fills a value at most once; two players may each fill the same "
           "value, necessarily in two colours. A one-colour crew is completed only in its "
           "colour; an empty crew cannot be completed."),
    Ruling("C-SCORE", "The round's score",
           "Let F be the fastest captain's stowaway total. If F is strictly below every other "
           "player's total, he wins the round and his stowaways cost him nothing. Otherwise he "
           "takes into his penalty pile his own stowaways and those of every player whose total "
           "is F or less, and those players take nothing. A player whose total is above F puts "
           "his own stowaways into his penalty pile. A claimed result (the Result tag: each "
           "player's penalty cards) must match."),
    Ruling("C-END", "The end of the game",
           "Once the penalty piles together hold 35 cards or more after a round, one more round "
           "is played, then the game ends; a void extra round does not count. If too few cards "
           "remain outside the penalty piles to deal a round, the game ends at once. The fewest "
           "penalty cards wins (values no longer count); ties share the win. Nothing may be "
           "played after the end. A log that stops early is unfinished: its claimed result, if "
           "any, must be '*'."),
    Ruling("C-GRAND-MASTER", "Grand master",
           "A player who raises anchor in a scored round with no stowaway at all ends the game "
           "once that round is scored and wins alone; two who do it in the same round both win. "
           "In a claimed result, '!' after a player's count marks a grand master, and the marks "
           "must match. (Referee's reading: the '!' mark.)"),
    Ruling("C-HIDDEN", "Logs that do not show every card",
           "A log may give each round's whole deal (the hands, the quay, the pile and the deck) "
           "and is then judged on every card; or only what the table sees, the quay and the "
           "card starting the pile, and is judged on what is public. Then a player raising "
           "anchor states his whole hand (crew, dismissed and stowaways), which must fit what "
           "he was seen to take and the cards not seen elsewhere. (Referee's reading: a log "
           "without a Seed gives at least the quay and the pile of every round.)"),
)
