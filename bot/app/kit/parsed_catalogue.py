"""A catalogue's parse, kept beside it in ``__pycache__`` as Python keeps bytecode there.

Fluent's parser is pure Python: parsing both catalogues was a noticeable share of every ``quizbot``
start, and loading the kept parse is several times quicker. The kept file is named by what it was
made from (the text, the parser's own file, Python's version), so an edit or an upgrade is parsed
anew. A folder that cannot be written (a package installed by another user) means parsing at every
start, as before; a damaged file is parsed anew and replaced.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path

from fluent.syntax import FluentParser, ast

KEPT_IN = "__pycache__"


def parsed_catalogue(source: str, language: str, folder: Path | None) -> ast.Resource:
    """The parse of ``source``, the catalogue of ``language`` in ``folder`` (None: not kept)."""
    if folder is None:
        return _parse(source)
    kept = folder / KEPT_IN / f"{language}.{_stamp(source)}.pickle"
    found = _load(kept)
    if found is not None:
        return found
    resource = _parse(source)
    _keep(resource, kept, language)
    return resource


def _parse(source: str) -> ast.Resource:
    return FluentParser(with_spans=False).parse(source)  # spans: unused, and costly


def _stamp(source: str) -> str:
    parser_file = Path(ast.__file__).stat()
    made_from = f"{sys.version_info[:3]}|{parser_file.st_size}|{parser_file.st_mtime_ns}|"
    return hashlib.sha256((made_from + source).encode()).hexdigest()[:16]


def _load(kept: Path) -> ast.Resource | None:
    try:
        # Our own file, in the package's folder: trusted as the bytecode beside it is.
        found = pickle.loads(kept.read_bytes())  # noqa: S301
    except Exception:  # noqa: BLE001 - absent, damaged or unreadable: parsed anew, and kept
        return None
    return found if isinstance(found, ast.Resource) else None


def _keep(resource: ast.Resource, kept: Path, language: str) -> None:
    """Written whole or not at all (processes starting at once may each write it)."""
    with contextlib.suppress(OSError):
        kept.parent.mkdir(exist_ok=True)
        for stale in kept.parent.glob(f"{language}.*.pickle"):  # an earlier text's
            if stale != kept:
                stale.unlink(missing_ok=True)
        handle, name = tempfile.mkstemp(dir=kept.parent, suffix=".tmp")
        written = Path(name)
        try:
            with os.fdopen(handle, "wb") as file:
                file.write(pickle.dumps(resource, protocol=pickle.HIGHEST_PROTOCOL))
            written.chmod(0o644)  # readable by every user, as the bytecode beside it
            written.replace(kept)
        finally:
            written.unlink(missing_ok=True)
