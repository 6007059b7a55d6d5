"""What travels between the bot and its worker processes (bot/app/shelf/checker.py): values
pickled so that a pack's read-only texts travel too, and the jobs a worker runs beside the
uploads' checks.

A worker imports this module, so it imports nothing of Discord or the database.
"""

from __future__ import annotations

import copyreg
import io
import pickle
import traceback
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Job(Generic[T]):
    """``function(*args)`` in a worker; the function is pickled by name (a module-level one,
    importing nothing of Discord or the database), its arguments and result as they are."""

    function: Callable[..., T]
    args: tuple[Any, ...]


def done(job: Job[object]) -> bytes:
    """A job's reply: its result, or the traceback of what it raised (the bot raises it)."""
    try:
        return dumps(("done", job.function(*job.args)))
    except Exception as error:  # noqa: BLE001  # the bot raises it; the worker serves on
        return dumps(("failed", "".join(traceback.format_exception(error))))


def dumps(value: object) -> bytes:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(value)
    return buffer.getvalue()


def _mapping_proxy(items: dict[str, str]) -> Mapping[str, str]:
    return MappingProxyType(items)


def _reduce_mapping_proxy(proxy: MappingProxyType[str, str]) -> tuple[Any, ...]:
    # A pack's texts are read-only mappings, which pickle cannot name; they travel as dicts.
    return _mapping_proxy, (dict(proxy),)


_DISPATCH: dict[type, Callable[[Any], str | tuple[Any, ...]]] = {
    **copyreg.dispatch_table,
    MappingProxyType: _reduce_mapping_proxy,
}
