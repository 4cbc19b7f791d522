"""Pirates of the Spanish Main rulings in the project's own words; the ids are what
diagnostics cite. Where the rule text is silent or unclear the ruling says which reading
the referee takes; `--variant` names the other reading where one is offered."""

from referee.games.base import Ruling, Variant

_R = Ruling

RULINGS: tuple[Ruling, ...] = (
    _R("S-LEVELS", "Two levels, three verdicts",
       "At level 1 (every log) the log states the geometric facts — segments moved, contacts, ranges and lines of "
       "sight — and the referee trusts them; everything else is checked. Each entry is illegal (the first ends the "
       "judging of the game), checked, or accepted, not checked (a stated fact or a declared ability); the report "
       "counts both kinds and lists the declared texts. Level 2 (a log that gives positions, Geometry \"full\") "
       "measures the stated facts as well (S-GEO)."),
    _R("S-UNITS", "Distances", "S and L are the short and long side of a game card. At level 1 they are symbols: "
       "a move is a sum of S and L segments, a range is S or L."),
    _R("S-DICE", "Dice", "Six-sided dice only, each roll written as its value where it is rolled. A value outside "
       "1–6, a missing roll or a roll where none is due is illegal."),
    _R("S-DATA", "Card data", "No card is built in: the Cards tag names the card data, 'sample' for the small "
       "invented set the package ships, or a file given with --data, by its name (the file's id, or else its "
       "file name less .json, each character a tag cannot write made a '-') and optionally its SHA-256. Data not "
       "given, or not the data named, is N-DATA; a file of other cards named 'sample' is refused, as no log could "
       "name it. The "
       "file is one JSON object of format spanish-main-cards, described by schemas/spanish-main-cards.schema.json."),
    _R("S-DATA-CHECK", "What a schema cannot say", "Ids unique, nationalities listed, a ship's cannons one a mast, "
       "links to another ship or crew of the file, uniques at 0 gold, known keywords. A bad file stops the run "
       "before any log is judged (exit 2), naming the JSON pointer at fault."),
    _R("S-DATA-UNKNOWN", "Unknown names", "A log naming a card the data lacks, or a piece its set-up never named, "
       "breaks this ruling."),
    _R("S-DATA-SAMPLES", "The sample cards", "The package ships one small card file of its own invention "
       "(two nationalities, four ships, linked crew, a fort, an event, treasure of 1 to 6 gold and a unique); "
       "no published card is bundled."),
    _R("S-PLAYERS", "Two players", "Exactly two players; the rule text knows only a first and a second player. An entry "
       "under any other name (but the table's deal:) is illegal."),
    _R("S-BUILD", "Building a fleet", "Both fleets use the Build tag's total (40 by default; any positive total). "
       "Ships, crew and events cost points, summed ≤ the total; copies are allowed, each a named instance; "
       "nationalities may be mixed. Forts held cost no points (S-FORT-LIST). A fleet has at least one ship."),
    _R("S-CREW-COST", "Crew cost", "Whenever crew comes aboard a ship (set-up, transfer, exploring), the summed "
       "cost of the crew aboard stays within the ship's cost, whatever its cargo."),
    _R("S-CREW-ZERO", "Crew of cost 0", "A crew costing 0 points may only ever be aboard a ship of its nationality."),
    _R("S-LINK", "Links", "Two cards are linked when either lists the other. A ship's cargo is its printed cargo, +1 "
       "for each pair of linked crew aboard, +1 for each crew aboard linked to the ship, plus cargo keywords. "
       "Nationality does not matter for links."),
    _R("S-CARGO", "Cargo", "A ship's load is its crew and its treasure tokens (a unique takes no space). What adds "
       "load leaves it within the cargo; a ship pushed over by a loss keeps its load but takes nothing aboard."),
    _R("S-EVENT", "Events", "Events are bought with the fleet and played by their owner ('event E \"text\"'), each "
       "at most its uses; their effect is declared, not checked."),
    _R("S-SETUP", "Order of set-up", "Round 0 gives, in order: each player's fleet (with where each crew starts and "
       "the forts held), each player's treasure, the rolls for first player, the islands, the terrain, the two home "
       "islands and the deal. Turn 1 begins only once the set-up is complete."),
    _R("S-FIRST", "First player", "Each player rolls a d6, in the Players tag's order; ties are rolled again, every "
       "roll written. The higher roll plays first."),
    _R("S-ISLANDS", "Islands", "At 40 points exactly 6 islands; at another total the Islands tag states the count "
       "(at least 3). Players place one island each in turn, the first player first."),
    _R("S-TERRAIN-PLACE", "Terrain", "Terrain is optional: fog banks, icebergs (with a gold number 1–6), sargasso "
       "seas and reefs, placed after the islands in turn from the first player. Unequal numbers per player get a "
       "notice, not a violation."),
    _R("S-HOME", "Home islands", "The player who placed the last island or terrain piece picks the first player's "
       "home island; the first player then picks the second's. Ships start docked at their home island; the other "
       "islands are wild."),
    _R("S-CREW-PLACE", "Crew placement", "Each crew starts on its owner's home island (@home) or aboard a ship of "
       "the fleet (@s1), within S-CREW-COST, S-CREW-ZERO and S-CARGO."),
    _R("S-TREASURE", "Treasure", "At 40 points each player contributes 8 tokens whose plain values total 15 gold; "
       "at another total the Treasure tag states count and gold. The pool holds 4 tokens a wild island."),
    _R("S-UNIQUE", "Unique treasure", "Uniques count among a player's tokens, one of a type per player; the other "
       "tokens still total the gold. A unique is worth 0."),
    _R("S-DEAL", "The deal", "The pool is dealt 4 a wild island, openly ('deal: I1=A.t1,…') or hidden ('deal: "
       "hidden'). The distributed gold D is the sum of the plain values dealt; it never changes."),
    _R("S-TURN", "A turn", "Players alternate, the first player first; round N of the log is turn N. A turn: the "
       "start (scuttled derelicts sink; the iceberg roll), the actions, the end (forts built; reef and sargasso "
       "values lapse). Entries are the turn's player's, except a boarding party sent by the other; 'end' or the "
       "next turn's number ends the turn."),
    _R("S-OWN", "One's own pieces", "Only the player's fleet (derelicts it tows included) and forts act."),
    _R("S-ACTION-ONE", "One action a ship", "Each ship gets at most one action a turn — move, shoot, explore or "
       "repair (trying to free itself from sargasso is its action) — and each fort one shoot action; two of "
       "different kinds with extra-action."),
    _R("S-ACTION-ORDER", "Order of free actions", "An action and its free actions are resolved before the next "
       "action. After a move: docking and unloading (automatic), then at most one ram with its boarding, one tow "
       "and one free exploration."),
    _R("S-FREE", "Free actions", "Free actions cost nothing and exist only where a ruling grants them."),
    _R("S-AUTO", "Automatic effects", "Unloading at home, becoming a derelict, sinking, pinning and winning are "
       "applied by the referee."),
    _R("S-MOVE", "Moving", "A move lists its segments taken from the ship's base move — printed move plus a declared "
       "speed keyword, or exactly S while towing — each at most once, in any order; a segment may be cut short or "
       "left out ('-' for none)."),
    _R("S-STOP", "Stopping", "A ship touching an island, ship, wreck or fort stops: nothing is met after it in the "
       "move. A contact existing when the move began does not stop it."),
    _R("S-COME-ABOUT", "Coming about", "Turning 180° in place ('about SHIP') is a whole move action without segments."),
    _R("S-DERELICT", "Derelicts", "A ship with no standing mast is a derelict: it cannot move, shoot or come about; "
       "it may explore or be repaired; it keeps crew and treasure. A hit sinks it."),
    _R("S-DOCK", "Docking", "A ship docks when its bow touches an island at the end of a move ('dock I3'); it stays "
       "docked until it moves or comes about."),
    _R("S-DOCK-ENEMY", "Enemy islands", "No move ends with the bow on the opponent's home island or on an island "
       "with an opponent's fort. Touching it with another part stops the move and is allowed."),
    _R("S-UNLOAD", "Unloading", "A ship docking at its controller's home island unloads every token worth more "
       "than 0 at once, and so does treasure coming aboard a ship docked there (a boarding, a ship explored, a "
       "declared effect); a unique worth 0 stays aboard."),
    _R("S-CREW-MOVE", "Crew at an island", "While docked, in its owner's turn, a ship may land crew ('land'), take "
       "aboard crew of its fleet lying there ('embark'), or pass crew to another of its ships docked at the same "
       "island ('transfer'). Crew on an island have no ability."),
    _R("S-RAM", "Ramming", "Right after its move, a ship whose bow was stated to touch an opponent's ship may ram "
       "it: a d6 (+ ram keyword) above the rammed ship's standing masts costs it a mast, named. None between ships "
       "pinned together; none at a wreck or by or at a ship lost in fog."),
    _R("S-PIN", "Pinning", "A ship whose bow touches a non-derelict ship of the opponent is pinned: it cannot be "
       "given a move action, coming about included, until that ship moves away, becomes a derelict, sinks or is lost."),
    _R("S-BOARD", "Boarding", "Right after a ram, one boarding party, sent by either player (written under the "
       "sender's name, sender's roll first). Each total is a d6 + the ship's standing masts (+ board keyword); the "
       "higher wins, a tie does nothing. The winner kills a crew of the other ship or takes one of its tokens "
       "(a plain token needs a free cargo space); a face-down token is taken blind and the log names it ('takes "
       "B.t5'): one the deal still holds, revealed so (S-HIDDEN)."),
    _R("S-TOW", "Towing", "Right after its move, a non-derelict ship stated to touch a derelict may tow it; the "
       "derelict joins its fleet for good. One derelict a tower; while towing, the base move is S. The towed ship "
       "meets what its tower's move meets, and the move may state terrain only it meets ('towed reef R1 2'); a "
       "tower whose towed ship is entangled moves no more until it releases the tow. The tow ends at its player's "
       "will ('release'), when the towed ship gets a mast back (a repair, a declared effect), on sinking or wreck."),
    _R("S-EXPLORE", "Exploring", "A ship docked at a wild island without fort since before this turn explores it as "
       "its action, taking tokens within its cargo ('takes A.t1,B.t3', or 'takes N' in a hidden deal)."),
    _R("S-UNIQUE-PICK", "Uniques found", "The first exploration of an island takes every unique lying there."),
    _R("S-MARK", "Marks", "A player has explored an island once a ship of theirs explored it there; their mark is on "
       "that island once that ship leaves it, by whatever move takes it away: its own, or its tower's (the mark "
       "is the explorer's even when a tow has taken the ship into the other fleet). A ship docking at an island "
       "bearing its player's mark may explore at once, free."),
    _R("S-EXPLORE-SHIP", "Exploring a ship", "A ship may instead explore a ship of its fleet, a derelict or a wreck "
       "it touches: treasure passes either way, crew only between ships of one fleet."),
    _R("S-SHOOT", "Shooting", "A shoot action fires cannons on standing masts, each once, in log order, each with "
       "its target, the stated range (an S cannon reaches S only) and its die."),
    _R("S-TARGET", "Targets", "An opponent's ship or fort; never one's own fleet, a ship docked at its controller's "
       "home island, a ship lost in fog (S-TARGET, not S-FOG: S-FOG names what a lost ship may not do itself), a "
       "wreck or a sunk ship."),
    _R("S-HIT", "Hits", "A firing hits when the die (+ cannon keyword) reaches the cannon's rank."),
    _R("S-ONE-MISSES", "A 1 misses", "A die showing 1 always misses; nothing sets this aside."),
    _R("S-MAST-LOSS", "Masts lost", "A hit on a ship with standing masts removes one, named in the log ('lose M')."),
    _R("S-SINK", "Sinking", "A derelict hit by a shot sinks: its crew are eliminated, its uniques leave the game."),
    _R("S-SINK-SPLIT", "The sinking's gold", "Of the gold G of its plain tokens, the player who sank it gets ⌈G/2⌉ "
       "and its controller ⌊G/2⌋, each onto their home island."),
    _R("S-SCUTTLE", "Scuttling", "A player may try to scuttle a derelict of their fleet, once a turn: on 5 or 6 it "
       "sinks at the start of their next turn unless the opponent tows it first; nobody gains its gold."),
    _R("S-REPAIR", "Repairing", "A ship docked at its controller's home island may, as its action, raise one "
       "eliminated mast, named ('repair SHIP M')."),
    _R("S-GOLD", "Gold", "Gold on a home island or in a fort is an amount; on islands and aboard ships it is tokens. "
       "Gold leaving a fort, or left on an island by a destroyed one, becomes coins the log names as it takes them "
       "('Anna.k1=3'), each coin a token."),
    _R("S-FORT-LIST", "Forts held", "The forts a player holds are listed in their fleet entry; they cost no points "
       "and each is built once."),
    _R("S-FORT-BUILD", "Building a fort", "At the end of their turn a player may build a fort they hold if their "
       "home island holds its cost in gold and a ship of theirs is docked at a wild island without fort that they "
       "explored. The cost moves into the fort, and so do the island's tokens."),
    _R("S-FORT-TREASURE", "A fort's treasure", "A ship of the fort's owner docked at its island may, as free "
       "actions, load gold out of it as coins ('load SHIP FORT COIN=N') or unload treasure into it ('unload SHIP "
       "FORT TOKEN,…'); the fort always keeps at least its cost inside."),
    _R("S-FORT-SHOOT", "Forts shoot", "A fort gets one shoot action a turn, firing its standing flags like cannons "
       "('flag N at …')."),
    _R("S-FORT-HIT", "Forts hit", "A hit removes a flag, named; with none left the fort is abandoned (no actions, "
       "its gold still counts); a hit on an abandoned fort destroys it, leaving its gold on the island."),
    _R("S-FOG", "Fog banks", "A ship stated to touch a fog bank enters it and its action ends; it is lost: it cannot "
       "shoot or be shot, ram or be rammed, dock or explore. Its next move begins with 'exit DIE'."),
    _R("S-ICEBERG", "Icebergs", "At the start of a turn, while an iceberg can drift, the player rolls ('icebergs "
       "DIE'); each unfrozen iceberg whose gold number is below the roll drifts, in placing order ('drift G1 DIE'). "
       "One touching a ship costs it a mast, named; one touching an island is frozen."),
    _R("S-SARGASSO", "Sargasso seas", "The first time in a turn a ship sails onto a sea, a d6 gives its value for the "
       "turn. A value above the ship's masts at construction entangles it: its move ends; it may try to free itself "
       "as its action (d6 + standing masts > 6) and move from its next turn. A ship meets a sea once a move."),
    _R("S-REEF", "Reefs", "The first time in a turn a ship touches a reef, a d6 gives its value for the turn. A value "
       "below the ship's masts at construction costs it the difference, named ('reef R1 2 lose 1,3'). A ship meets a "
       "reef once a move."),
    _R("S-WRECK", "Wrecks", "A ship that must lose more masts on a reef than it has standing is wrecked (all its "
       "standing masts named): it blocks, keeps crew and treasure, may be explored, and is never shot, rammed, "
       "boarded, towed or repaired."),
    _R("S-ABILITY", "Abilities in play", "A ship's ability always; a crew's only aboard a ship of its nationality; a "
       "unique's once picked up; a fort's until abandoned."),
    _R("S-REVEAL", "Revealing crew", "A face-down crew is revealed by its first declared use and stays face up."),
    _R("S-STACK", "Stacking", "The same keyword from two sources does not add up: used at most once a turn a ship."),
    _R("S-KEYWORDS", "Keywords", "cargo=+N (passive), speed=S or speed=L, cannon=+N, board=+N, ram=+N, "
       "explore-on-dock, repair-anywhere, extra-action. Every keyword but cargo is declared on the entry it changes "
       "('with cannon=+1 of A.c2'); an undeclared one is not applied."),
    _R("S-ABILITY-DECLARED", "Other abilities", "A printed ability is declared with its source, a short text and the "
       "rulings it sets aside ('ability A.s3 \"sails over reefs\" overrides S-REEF'); its consequences follow as "
       "effect entries. The next entry may break exactly those rulings — never S-ONE-MISSES, S-DICE, S-PLAYERS, "
       "S-TURN or S-DATA — and is accepted, not checked."),
    _R("S-WIN", "Winning", "Whenever gold grows on a home island or in a fort, a player holding more than D/2 there "
       "wins at once (both at once: the player whose turn it is). The Result tag claims the winner, 'none' or '*'."),
    _R("S-END", "After the end", "Nothing is played after the game is won or a player resigned."),
    _R("S-L1", "The level-1 log", "The log states the geometric facts and the referee trusts them: the move's "
       "segments, what it touches, docking, bow contacts, ranges, where an iceberg stops, the fog exit."),
    _R("S-L1-FACTS", "Stated facts hold together", "What a fact names exists: an island or terrain piece of the "
       "table, a ship afloat; 'bow' names a ship, 'dock' an island."),
    _R("S-L1-CONTACT", "Contacts", "A ship's contacts are those last stated. When a ship moves, its contacts end, "
       "and other ships' contacts with it. Where a move stops, its contacts are stated together after its last "
       "segment: any number of side touches ('touch') and at most one bow fact ('dock' or 'bow'); no terrain is met "
       "after the first of them, and a ship lost in fog touches nothing."),
    _R("S-L1-PLACED", "Ships placed anew", "A ship placed anew — freed from a sargasso sea, out of a fog bank, or a "
       "derelict moved by its tower (taken in tow, or dragged by the tower's move) — has moved: its contacts end, and "
       "other ships' contacts with it. The entry that places it may state the contacts it has there: 'free' its "
       "side touches and at most one bow contact ('free Anna.s1 5 touch I2 bow Ben.s1'; a failed try states "
       "none), a fog exit that moves no further those after '-', the tower's move the terrain the towed ship meets "
       "on the way ('towed reef R1 2', 'towed sargasso G1')."),
    _R("S-HIDDEN", "Hidden deals", "In a hidden deal tokens are taken by count ('takes 2') and named when they "
       "matter ('reveal'): before unloading, before a sinking, before a fort is built. 'reveal SHIP TOKEN,…' names "
       "tokens aboard a ship — before a sinking the shooter writes it, in his turn, before the shot; 'reveal PLACE "
       "TOKEN,…' names tokens lying on an island, as before a fort is built there (they move into it). Each named "
       "token is from the contributions and never in two places, and no island yields more than it holds."),
    _R("S-GEO-MODEL", "The table at level 2", "With Geometry \"full\" the log gives positions in millimetres: "
       "islands and terrain as circles or polygons (fog banks and icebergs with the points of their numbers 1 to 6), "
       "each ship's bow tip and heading (degrees counter-clockwise from +x) after every placement and move segment, "
       "each fort's corners and flags. A ship is its card's hull rectangle and the bow triangle ahead of it; mast i "
       "stands masts_mm[i] behind the bow tip, its sail across the keel. Units S and L are the card sides "
       "(63 and 88 mm unless the Units tag says otherwise); a Table tag keeps every piece on the table."),
    _R("S-GEO-MARGIN", "The tolerance", "Shapes touch within ε (1 mm unless the Tolerance tag says otherwise) and "
       "overlap when one enters the other by more than ε: as far as a point of their common part lies inside "
       "either outline, wherever that point is (a hull's side cutting a round island enters it as deep as the "
       "cut). Where the answer would change within ε, the log's statement is accepted with a notice."),
    _R("S-GEO-DATA", "What level 2 needs", "Every ship needs a hull in the card data and every fort built a "
       "footprint, each measure at most 1,000 mm; every island and terrain piece its shape, every placement and "
       "move segment its pose. "
       "--level 1 judges such a log at level 1."),
    _R("S-GEO-ISLANDS", "Placing islands", "Each island is at least 3L from every island already placed and at "
       "most 6L from one of them, edge to edge."),
    _R("S-GEO-TERRAIN", "Placing terrain", "Each terrain piece is at least S from every island and every other "
       "piece."),
    _R("S-GEO-SETUP", "Ships at the start", "Each ship starts with its bow touching its home island, overlapping "
       "nothing."),
    _R("S-GEO-MOVE", "Moving at level 2", "Before each segment the ship pivots about its bow tip; then the bow tip "
       "travels straight, at most the segment's length, heading the way it goes. What the ship sweeps may not "
       "overlap an island, another ship, a wreck or a fort. Its first new contact with one of them, with a fog "
       "bank or with a sargasso sea that entangles it ends the move there, no more than ε inside. A fog bank or "
       "sea the ship touched where its move began is met anew only if the ship goes into it beyond ε or ends "
       "touching it elsewhere. A towed ship ends overlapping nothing, and no more than ε inside a sargasso sea that "
       "entangles it."),
    _R("S-GEO-COME-ABOUT", "Coming about at level 2", "The ship turns 180° about the middle of its hull and "
       "overlaps nothing there: no island, ship, wreck or fort, and no terrain beyond what it overlapped before it "
       "turned."),
    _R("S-GEO-FACT", "Stated facts checked", "Every stated contact holds: a dock, the bow on the island; a bow "
       "contact or ram, the bow on the ship; a tow, the tower on the derelict's bow and then the towed bow on the "
       "tower's stern; exploring a ship, touching it. Terrain the swept shape meets is stated, wherever the move "
       "ends (an iceberg by 'touch'), and stated terrain is met: a piece touched only where the move began is not. "
       "A come-about states the terrain it turns onto. A bow ending on an island or a ship says so. The "
       "geometry of the action itself comes first: a move ending inside a fog bank it does not state breaks "
       "S-GEO-MOVE."),
    _R("S-GEO-SHOT", "Range and line of sight", "A cannon reaches a target when some point of the target's outline "
       "lies within the stated range of the mast and the line to it crosses none of: the firer's other standing "
       "sails, an island, another ship or wreck, a fog bank. A fort fires from its flag and only fog blocks it."),
    _R("S-GEO-ICEBERG", "A drift measured", "A drifting iceberg moves S from its centre toward its rolled number, "
       "unturned, and stops at its first touch of a ship or an island: the stated stop must be that one. It never "
       "overlaps either: one already touching a ship or an island that would drift into it stops at once."),
    _R("S-GEO-EXIT", "Leaving fog or sargasso", "A ship leaving a fog bank is placed with its stern on the rolled "
       "number, one leaving a sargasso sea with its stern on the sea's edge, wholly outside either."),
    _R("S-GEO-FORT", "A fort's footprint", "A fort's corners form its card's footprint, two opposite corners lie on "
       "the island, and its flags stand on its outline."),
    _R("S-AMBIG", "Other readings", "Where the rule text is unclear, the referee's reading is the ruling; the "
       "variants offer the other one."),
    _R("S-EXAMPLE", "Worked examples", "The text's examples are samples: sargasso 4 entangles a 3-master, 2 leaves a "
       "4-master free, equal does nothing; reef 4 costs a 3-master nothing, 2 costs a 4-master two masts."),
)

VARIANTS: tuple[Variant, ...] = (
    Variant("ram-own-masts", "S-RAM", "a ram roll beats the rammer's standing masts, not the rammed ship's"),
    Variant("board-reroll", "S-BOARD", "a boarding tie is rolled again (another board entry)"),
    Variant("fog-ends-turn", "S-FOG", "entering a fog bank ends the player's turn, not only the ship's action"),
    Variant("islands-all-pairs", "S-ISLANDS", "islands within 6L of every other (level 2 only; no effect at level 1)"),
    Variant("fort-paid-only", "S-WIN", "only the price paid for a fort counts toward winning, not all its gold"),
    Variant("win-end-of-turn", "S-WIN", "a player over half the gold wins at the end of the turn"),
    Variant("most-gold", "S-WIN", "a log stopped without a winner is won by the player with most gold"),
)
