"""Tags every game shares, in canonical order before a game's own."""

from referee.games.base import TagSpec

COMMON_TAGS: tuple[TagSpec, ...] = (
    TagSpec("Game", True, "the game: Korsar, …"),
    TagSpec("Event", False, "free text: where and why the game was played"),
    TagSpec("Site", False, "free text: the place"),
    TagSpec("Date", False, "free text, by convention YYYY.MM.DD"),
    TagSpec("Annotator", False, "free text: who wrote the log"),
)
