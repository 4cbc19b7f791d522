"""The referee as a language server (`referee lsp`): the floor beside the command line.

Editors that speak the Language Server Protocol get check's findings as a log is typed,
the legal entries at the cursor, the position after an entry, quick fixes and fmt's
canonical form. It stands on the pipeline, the reports and the API as the command line
does, imports nothing of the command line, and nothing below imports it. The protocol
is pygls's, an optional extra: `pip install 'referee[lsp]'`.
"""

from __future__ import annotations

INSTALL_HINT = "referee lsp needs pygls: pip install 'referee[lsp]'"


def missing_package() -> str | None:
    """The package the server needs that is not installed, or None."""
    import importlib.util

    for name in ("pygls", "lsprotocol"):
        if importlib.util.find_spec(name) is None:
            return name
    return None
