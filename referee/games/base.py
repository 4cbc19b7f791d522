"""The small interface every game implements.

A game is three things: its notation (the grammar of a turn's body and of its
own tags), its rules (a state machine: `Engine`), and its words (the rulings,
and how a state reads to a person). The shared layers — scanner, replay,
reports, CLI — speak to games only through `GameRules` and `Engine`, so adding a
game touches nothing outside its own package.

Hidden information and chance are the engine's business: an engine is built
from the record's tags (which may give a full deal, a seed, or nothing) and
judges each move on what it can know; dice or shuffles a game needs are values
written in the log, never drawn by the referee.

What the log cannot carry comes in `JudgeOptions`: data files (a board, a card
set) loaded and checked once before any game is judged, and variants chosen on
the command line for logs whose header names none.
"""

from __future__ import annotations

import copy
import importlib
from bisect import bisect_right
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypedDict

from referee.diagnostics import Violation
from referee.record import GameRecord

if TYPE_CHECKING:
    from referee.shuffle import SeededChoices


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling in the project's own words; `id` is what diagnostics cite."""

    id: str
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class Consequence:
    """One thing the rules did with an entry, said as a sentence a person reads at the table
    (`A takes B5 (5 gold): A's pirate strength 3 beats 2`), and the ruling that decided it."""

    text: str
    ruling: str


@dataclass(frozen=True, slots=True)
class Variant:
    """Another reading of a ruling, chosen by name (`--variant NAME`, or the log's header)."""

    name: str
    ruling: str
    text: str


class DataError(Exception):
    """A data file a game cannot use; `pointer` is the JSON pointer of the value at fault,
    `rule` the ruling the file breaks, which the report cites, and `more` how many more
    faults the file has past this one, in words ("at least 20 more errors"; "" for none)."""

    def __init__(self, message: str, pointer: str = "", rule: str = "", more: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.pointer = pointer
        self.rule = rule
        self.more = more


@dataclass(frozen=True, slots=True)
class ImportedData:
    """A foreign file made into a game's data: the `document` to write, a `report` of what
    became of each entry, and whether every entry was taken (`complete`)."""

    document: dict[str, Any]
    report: list[str]
    complete: bool


@dataclass(frozen=True, slots=True)
class JudgeOptions:
    """What the command line adds to a log: `data` maps a game id to the data sets
    loaded from `--data` files (each already checked by the game's `load_data`);
    `variants` are names for logs that name none; `settings` holds a game's own
    switches (such as a level of checking), by name. Picklable, so it travels to
    worker processes with the work."""

    data: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    variants: tuple[str, ...] = ()
    settings: Mapping[str, str] = field(default_factory=dict)
    placed: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    """Data files a configuration gives the logs of some places, as (folder, pattern, files):
    a log whose path from the folder matches the pattern is judged on those files as though
    they were given with --data (`files_at` says which; the pipeline loads them)."""

    def data_for(self, game: str) -> tuple[Any, ...]:
        return tuple(self.data.get(game, ()))

    def files_at(self, path: str) -> tuple[str, ...]:
        """The data files the configuration gives the log at `path`: none, mostly."""
        if not self.placed:
            return ()
        import fnmatch
        import os

        where = os.path.abspath(path)
        found: list[str] = []
        for folder, pattern, files in self.placed:
            try:
                relative = os.path.relpath(where, folder).replace(os.sep, "/")
            except ValueError:  # another drive
                continue
            if not relative.startswith("../") and fnmatch.fnmatchcase(relative, pattern):
                found.extend(name for name in files if name not in found)
        return tuple(found)


NO_OPTIONS = JudgeOptions()


class SetupError(ValueError):
    """Choices that set up no game (for the random-game generator): the message, and
    the tag they would have written."""

    def __init__(self, message: str, tag: str | None = None) -> None:
        super().__init__(message)
        self.tag = tag


class TurnSyntaxError(Exception):
    """A turn body (or tag value) that the grammar rejects.

    `offset` is the character in the parsed text where reading failed.
    """

    def __init__(self, message: str, offset: int = 0, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset
        self.hint = hint


@dataclass(frozen=True, slots=True)
class ParsedTurn:
    """A parsed body, and where its named parts stand: part -> (start, end) offsets."""

    action: Any
    parts: dict[str, tuple[int, int]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class LegalEntry:
    """An entry the log could hold next: who writes it, the action, its body as canonical
    notation writes it (`text`), and the kind of entry it is listed under (`kind`: "draw",
    "galleon", "move" …), so that a person asking what could have been played, or a prompt
    completing an entry, sees them grouped."""

    player: str
    action: Any
    text: str
    kind: str


class EntryList(Sequence[LegalEntry]):
    """The legal entries of a position, in runs of one player and one kind.

    A position may have thousands of entries (a Corsari raise names any crew of the hand),
    so the texts are what is listed: `texts` holds them all, in order, and `runs()` gives
    them grouped without building an action. An entry asked for by index or iteration is
    built then, its action read back from its text by `read` when the run gave none.
    `round` is the round the entries open when one is due first (the log writes its number
    before them); `notes` say, in words, what the log could also write here that is not
    listed (a deal whose cards are free, a card shown on a draw)."""

    __slots__ = ("texts", "notes", "round", "_runs", "_read")

    def __init__(self, read: Callable[[str, str], Any] | None = None) -> None:
        self.texts: list[str] = []
        self.notes: list[str] = []
        self.round: int | None = None
        self._runs: list[tuple[int, int, str, str, Sequence[Any] | None]] = []  # start, end, player, kind, actions
        self._read = read

    def add(self, player: str, kind: str, texts: Sequence[str], actions: Sequence[Any] | None = None) -> None:
        """A run of entries of one player and one kind; without `actions`, each is read from its text."""
        if not texts:
            return
        start = len(self.texts)
        self.texts.extend(texts)
        if self._runs:
            first, _, last_player, last_kind, last_actions = self._runs[-1]
            if (last_player, last_kind) == (player, kind) and (last_actions is None) == (actions is None):
                merged = None if actions is None else [*last_actions, *actions]  # type: ignore[misc]
                self._runs[-1] = (first, len(self.texts), player, kind, merged)
                return
        self._runs.append((start, len(self.texts), player, kind, None if actions is None else list(actions)))

    def runs(self) -> list[tuple[str, str, list[str]]]:
        """(player, kind, texts) for each run, in order: the listing without its actions."""
        return [(player, kind, self.texts[start:end]) for start, end, player, kind, _ in self._runs]

    def __len__(self) -> int:
        return len(self.texts)

    def __getitem__(self, index: int) -> LegalEntry:  # type: ignore[override]
        if index < 0:
            index += len(self.texts)
        if not 0 <= index < len(self.texts):
            raise IndexError(index)
        start, _, player, kind, actions = self._runs[bisect_right([run[0] for run in self._runs], index) - 1]
        text = self.texts[index]
        if actions is not None:
            return LegalEntry(player, actions[index - start], text, kind)
        assert self._read is not None
        return LegalEntry(player, self._read(player, text), text, kind)

    def __iter__(self) -> Iterator[LegalEntry]:
        texts, read = self.texts, self._read
        for start, end, player, kind, actions in self._runs:
            for index in range(start, end):
                action = actions[index - start] if actions is not None else read(player, texts[index])  # type: ignore[misc]
                yield LegalEntry(player, action, texts[index], kind)


@dataclass(frozen=True, slots=True)
class TagSpec:
    """A tag a game knows: whether it is required, and its place in canonical order."""

    name: str
    required: bool = False
    doc: str = ""


@dataclass(slots=True)
class SideResult:
    side: str
    players: list[str]
    score: int | None
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Outcome:
    """The score as the replay leaves it.

    `finished` says the game reached its end by the rules; an unfinished log
    still has provisional figures but no winners. `claim` is the verdict on the
    log's claimed result: "holds", "false", "not checked" or None (none claimed).
    """

    finished: bool
    sides: list[SideResult]
    winners: list[str]
    summary: dict[str, Any] = field(default_factory=dict)
    claim: str | None = None


class View(TypedDict):
    """A position as JSON-ready data (`Engine.view`): what `show --format json` writes under
    `state`, what a replay page steps through and `play` shows. Each game declares its own,
    every field of it, on this base (its package's `view` module); what the games name
    differently is read through `GameRules.to_move`, so that no caller tries one key and
    then another. Declaring a field changes nothing written: the engine builds the dict, in
    the order its JSON has always had."""

    game: str
    """The game's id, as the registry and a log's extension name it."""


class RoundView(View):
    """The fields of the games played in numbered rounds of entries (Korsar, Corsari,
    Perroquets): Spanish Main counts turns instead, and names the player of the turn."""

    round: int
    """The round under way, or the last one played (0 before the first)."""
    over: bool
    """Whether the game has reached its end by the rules."""
    next: str | None
    """The player whose entry is next; None once the game is over or when no one's is yet."""


class Engine(ABC):
    """One game in progress: a state machine fed the record's rounds and turns.

    `start_round` and `play` return None for a legal step and a Violation for an
    illegal one, leaving the state untouched in that case. Nothing here prints.
    """

    @abstractmethod
    def start_round(self, number: int) -> Violation | None: ...

    @abstractmethod
    def round_due(self) -> int | None:
        """The number of the round the next turn must open, or None mid-round."""

    @abstractmethod
    def play(self, player: str, action: Any) -> Violation | None: ...

    def take_notices(self) -> list[Violation]:
        """Findings of the entries played since the last call that do not make them illegal
        (warnings, such as a measurement accepted within its tolerance)."""
        return []

    @abstractmethod
    def finish(self) -> list[Violation]:
        """Checks made once the log's movetext is over (claims, shown hands)."""

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self) -> View:
        """The state as JSON-ready data: what a referee looks at to settle a dispute. A
        snapshot: nothing in it changes as the game goes on (a replay keeps one per move)."""

    def set_aside(self, player: str, action: Any, violation: Violation) -> None:
        """An illegal move that an allow comment accepts: the game goes on as if it had been
        made without effect. By default nothing changes; an engine whose players move in
        turn passes the turn, so that the next move is judged in its place. (Its effect
        cannot be applied in general: a card not held cannot be played.)"""

    def account(self, before: View, player: str, action: Any) -> list["Consequence"]:
        """The account of the entry just played: what the rules did with it, a sentence each,
        each citing its ruling. `before` is the view the engine gave before the entry.
        Worked out only when asked, from the views before and after the entry (which a
        replay keeps anyway), so judging a log spends nothing on it."""
        return self.account_between(before, self.view(), player, action)

    def account_between(self, before: View, after: View, player: str,
                        action: Any) -> list["Consequence"]:
        """`account` for views taken before and after the entry (a replay that keeps every view
        tells each step without taking one again): by the game package's `account` module,
        loaded only then."""
        package = type(self).__module__.rpartition(".")[0]
        module = importlib.import_module(f"{package}.account")
        return module.account(before, after, player, action)

    def copy(self) -> "Engine":
        """An independent copy of the state (for exploring moves without changing this one)."""
        return copy.deepcopy(self)

    @abstractmethod
    def canonical_action(self, player: str, action: Any) -> Any:
        """The action as canonical notation writes it in this state (before it is played)."""


class GameRules(ABC):
    """A game as the shared layers see it."""

    id: str
    name: str
    extensions: tuple[str, ...]
    tags: Sequence[TagSpec]
    rulings: Sequence[Ruling]
    variants: Sequence[Variant] = ()
    end_tags: tuple[str, ...] = ()
    """Tags that show what the log's end holds (Korsar's EndHands): they stand for the end they
    were given at, so a game that goes on, or is taken back, from there no longer has them."""
    score_note: str = ""
    """What a side's score counts and who wins, said under a score table."""
    data_format: str | None = None
    """The `format` value of the data files this game reads (None: it reads none)."""
    canonical_as_parsed: bool = False
    """True when `canonical_action` gives back every action as it is, in every state: the
    canonical text of a record is then its turns formatted, with no replay."""

    def is_canonical(self, action: Any) -> bool:
        """Whether `canonical_action` gives this action back as it is in every state. A
        record of such actions is written canonically with no replay, which is most of
        what an import costs."""
        return self.canonical_as_parsed

    # -- notation ------------------------------------------------------------

    @abstractmethod
    def parse_turn(self, player: str, text: str) -> ParsedTurn:
        """Parse the body of an entry by `player` (a game may reserve entry names, such
        as Corsari's `deal:`); raises TurnSyntaxError."""

    def reading_of(self, name: str) -> str:
        """The grammar an entry under `name` is read by: the bodies of names with one reading
        parse to the same action, so a reader that keeps what it parsed parses a body once
        for all of them. By default every name reads on its own."""
        return name

    def parse_action(self, player: str, text: str) -> Any:
        """`parse_turn`'s action alone, for the quick reader of plain games: it shows no
        caret, so a game may skip working out where each part of the body stands."""
        return self.parse_turn(player, text).action

    @abstractmethod
    def format_turn(self, action: Any) -> str: ...

    @abstractmethod
    def check_tag(self, name: str, value: str) -> TurnSyntaxError | None:
        """Whether a tag value is well formed (its meaning is judged by `new_engine`)."""

    def canonical_tag(self, name: str, value: str) -> str:
        """A well-formed tag value in canonical spelling (spacing, order)."""
        return value

    def canonical_tag_of(self, record: GameRecord, name: str, value: str) -> str:
        """The canonical spelling of a tag whose order depends on the game's other tags
        (such as teams in seat order); by default, `canonical_tag`."""
        return self.canonical_tag(name, value)

    # -- JSON ----------------------------------------------------------------

    @abstractmethod
    def action_to_json(self, action: Any) -> dict[str, Any]: ...

    @abstractmethod
    def action_from_json(self, data: dict[str, Any]) -> Any: ...

    # -- rules ---------------------------------------------------------------

    def load_data(self, document: Any, path: str) -> Any:
        """A data file's parsed JSON made ready for `new_engine`, or DataError with
        the JSON pointer at fault. Only games with a `data_format` take data."""
        raise DataError(f"{self.name} reads no data files")

    def builtin_data(self) -> dict[str, Any]:
        """The data sets the package ships, loaded, by the name a log uses for each (such as
        `default` in `[Data "default"]`): what `referee data show NAME` shows."""
        return {}

    def describe_data(self, data: Any) -> list[str]:
        """What a loaded data set holds, in a few lines for a person who made the file
        (`referee data check`), and how a log names it."""
        return []

    def spelled_out(self, engine: Engine, player: str, action: Any) -> Any:
        """The action with what the rules decide on their own written out (a Korsar capture
        phase, a chase), so that a log kept as the game is played says what happened; by
        default the action as it is. Called before the action is played."""
        return action

    def data_tag(self, data: Any) -> tuple[str, str] | None:
        """The tag by which a log names a loaded data set, `(name, value)`, for a game set up
        from a data file; None for games that read no data."""
        return None

    def show_data(self, data: Any, item: str | None = None) -> list[str]:
        """A loaded data set as a person reads it (`referee data show`): the whole of it, or
        the one entry named `item` (a card); KeyError, with what there is, for an unknown one."""
        if item is not None:
            raise KeyError(f"{self.name} data has no entries to name")
        return self.describe_data(data)

    def data_svg(self, data: Any) -> str | None:
        """A loaded data set as a picture (an SVG document), for data a person would rather
        look at, such as a board; None when there is none to draw."""
        return None

    imports_data: str = ""
    """What foreign file `import_data` turns into this game's data, in a few words ("" for none)."""

    def import_data(self, text: str, name: str, strict: bool = False) -> ImportedData:
        """A foreign file's text (`name` is where it came from) turned into a data document of
        this game's format; DataError when it cannot be read at all. What the file holds that
        the import does not read is a warning in the report; with `strict`, the entry holding
        it is left out."""
        raise DataError(f"{self.name} imports no data")

    @abstractmethod
    def new_engine(self, record: GameRecord, options: JudgeOptions = NO_OPTIONS) -> Engine | Violation:
        """An engine set up from the record's tags (and the options' data and
        variants), or the violation its set-up breaks.

        A set-up violation's `part` is "tag:Name" for the tag at fault.
        """

    @abstractmethod
    def deal_tags(self, players: list[str], teams: bool, seed: str) -> list[tuple[str, str]]:
        """Tags that set up a fully dealt game (for the random-game generator); SetupError
        when the choices make none."""

    @abstractmethod
    def result_tag(self, outcome: Outcome) -> str:
        """The Result tag value that claims this outcome."""

    # -- listing: what the log could hold next -------------------------------------

    def legal_entries(self, engine: Engine, table: bool = False) -> EntryList:
        """Every entry the log could legally hold next, in canonical notation, by runs of one
        player and one kind: the one listing every command shows (`moves`, `play`'s listing,
        completions and refusals, the language server) and the tests hold to the rules. When
        a round is due, the entries of its first turn (`round` says which round the log opens
        first). Where information is hidden, what the log could say given what it has shown;
        what is left open is said in the list's `notes` and in `entries_note`.

        With `table`, the entries as a table in play may be told them: where the engine knows
        a card the players cannot see yet (a seeded deck lying face down), the entries that
        would name it are left out, and a note says so. The engine is left as it was."""
        due = engine.round_due()
        if due is not None:
            engine = self.trial_copy(engine)
            if engine.start_round(due) is not None:
                return EntryList()
        entries = self.entries_now(engine, table)
        entries.round = due
        return entries

    entries_module: str = "moves"
    """The module of the game's package that holds its generator: `legal_entries(engine)`
    and `NOTE`. Loaded only when entries are listed, so `check` starts without it."""

    def _generator(self) -> Any:
        package = type(self).__module__.rpartition(".")[0]
        return importlib.import_module(f"{package}.{self.entries_module}")

    def entries_now(self, engine: Engine, table: bool) -> EntryList:
        """The game's generator behind `legal_entries`, at a position where no round is due:
        its entries module's `legal_entries(engine)`. Called by `legal_entries` alone, which
        every caller goes through; a game whose table may be told less than the engine knows
        overrides it to honour `table`."""
        entries: EntryList = self._generator().legal_entries(engine)
        return entries

    @property
    def entries_note(self) -> str:
        """What `legal_entries` enumerates of free values and hidden information in this game,
        and what it leaves open, in a few sentences (`referee moves` and the man page say it)."""
        note: str = self._generator().NOTE
        return note

    def trial_copy(self, engine: Engine) -> Engine:
        """A copy of the engine to try a step on (`legal_entries` opens a due round on one, and
        `play` lists on one, so that a listing that fails halfway leaves the game as it was):
        by default `engine.copy()`; a game whose engines hold large data that no step changes
        shares it with the copy."""
        return engine.copy()

    # -- generated games -------------------------------------------------------------

    def simulated_move(self, engine: Engine, chooser: "SeededChoices", notes: Counter[str]) -> tuple[str, Any] | None:
        """The entry a simulated player writes next (None: there is none), `notes` counting what
        corpus statistics report: by default a uniform choice among the legal entries. A game
        whose positions have too many entries to list at every step, or whose players play
        otherwise, chooses from the pieces its generator lists them from."""
        entries = self.legal_entries(engine)
        if not entries:
            return None
        entry = entries[chooser.below(len(entries))]
        return entry.player, entry.action

    @abstractmethod
    def illegal_moves(self, engine: Engine) -> list[tuple[str, str, Any]]:
        """Moves that, in this state, break exactly the named rule: (rule id, player,
        action). Built by construction, for corpora that test a referee."""

    @abstractmethod
    def render_view(self, view: View) -> list[str]:
        """The view as lines of text for a terminal."""

    @abstractmethod
    def to_move(self, view: View) -> str | None:
        """The player the view names as writing the next entry, under whatever name the game's
        view gives it (None when it names no one): for a prompt that cannot list the entries."""

    def render_svg(self, view: View, stopped_by: list[dict[str, Any]] | None = None) -> str | None:
        """The view as a picture (an SVG document), for games a person would rather look
        at than read; None for games without one. `stopped_by`: the findings (as JSON
        reports give them) that stopped the replay at this view, for a picture that says
        what was checked."""
        return None

    def no_picture_reason(self) -> str:
        """Why `render_svg` drew nothing, in words for the person who asked."""
        return f"{self.name} has no board to draw"

    def replay_script(self) -> str | None:
        """The JavaScript that draws a view on a replay page: it sets
        `REFEREE_RENDERERS[id]` to a function (view, helpers) -> HTML. By default the
        game package's `replay.js`; None when it has none (the page then shows the
        view as data)."""
        from importlib import resources  # only pages need it: kept off the start of every run

        package = type(self).__module__.rpartition(".")[0]
        found = resources.files(package) / "replay.js"
        return found.read_text(encoding="utf-8") if found.is_file() else None

    def ruling(self, rule_id: str) -> Ruling | None:
        for ruling in self.rulings:
            if ruling.id == rule_id:
                return ruling
        return None


NEAREST_SHOWN = 3
"""The legal entries a refused entry's account names instead of it."""


def refusal_account(rule: str, ruling: Ruling | None, player: str, body: str,
                    entries: EntryList) -> list[Consequence]:
    """The account of a refused entry: the rule it breaks in words (the ruling's title and
    first sentence), and what would have been legal instead — the legal entries of the same
    player nearest to what was written (or, when that player has none, of whoever is due),
    a few of them, from the game's legal-entry generator."""
    said: list[Consequence] = []
    if ruling is not None:
        first = ruling.text.split(". ")[0].rstrip(".")
        said.append(Consequence(f"{ruling.title}: {first}.", rule))
    else:
        said.append(Consequence(f"refused by {rule}", rule))
    runs = entries.runs()
    own = [text for who, _, texts in runs if who == player for text in texts]
    whose = player
    if not own and runs:
        whose = runs[0][0]
        own = [text for who, _, texts in runs if who == whose for text in texts]
    if own:
        nearest = _nearest(body, own)
        more = f" (of {len(own)} legal entries)" if len(own) > len(nearest) else ""
        lead = "legal instead" if whose == player else f"it is {whose}'s entry; legal"
        said.append(Consequence(f"{lead}: " + ", ".join(f"{whose}: {text}" for text in nearest) + more, rule))
    return said


def _nearest(body: str, texts: list[str]) -> list[str]:
    """The texts most like `body`, best first: difflib's ratio, the first words weighing most
    (a person who wrote `R1@C9` most likely meant a card played, on another galleon)."""
    import difflib  # only a refusal's account needs it

    head = body.split(" ")[0] if body else ""

    def likeness(text: str) -> tuple[float, float]:
        return (difflib.SequenceMatcher(None, head, text.split(" ")[0]).ratio(),
                difflib.SequenceMatcher(None, body, text).ratio())

    if len(texts) > 2000:  # a Corsari raise may name thousands of crews: weigh a sample in order
        texts = texts[:: len(texts) // 2000 + 1]
    return sorted(texts, key=likeness, reverse=True)[:NEAREST_SHOWN]
