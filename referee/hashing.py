"""SHA-256 from CPython's own module where there is one.

`hashlib` loads OpenSSL when imported, a few milliseconds of every start; the
inputs hashed here (seeds, data files) are short, and CPython's built-in hash is
as quick on them. Where the built-in module is missing, hashlib's is used.
"""

from __future__ import annotations

try:
    from _sha2 import sha256  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - depends on the Python version
    try:
        from _sha256 import sha256  # type: ignore[import-not-found,no-redef]
    except ImportError:
        from hashlib import sha256  # type: ignore[assignment]

__all__ = ["sha256"]
