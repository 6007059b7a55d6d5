"""Request bodies checked against Discord's published OpenAPI document.

The document is loaded once per process; a validator is compiled per operation (and media type:
a JSON body, or a multipart one with its ``files[n]``) on first use and cached, so a check costs
one schema walk. Failures are reported in Discord's own error shape.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from standin.discriminated import discriminated_unions, validator_class

if TYPE_CHECKING:  # jsonschema comes with the standin extra; the playground runs without it
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError
    from referencing import Registry

_log = logging.getLogger(__name__)

SPEC_ENV = "QUIZBOT_OPENAPI_SPEC"
REQUIRE_ENV = "QUIZBOT_REQUIRE_OPENAPI"
_DOCUMENT_URI = "urn:discord-openapi"
_REPO_ROOT = Path(__file__).resolve().parents[1]  # standin/ is a top-level package
DEFAULT_SPEC_PATH = _REPO_ROOT.parent / "shared" / "discord-api-spec" / "openapi.json"

ErrorTree = dict[str, Any]
JSON_MEDIA = "application/json"
_VALID_KEPT = 10_000  # distinct valid bodies remembered (then forgotten all at once)


class SpecMissingError(RuntimeError):
    """The spec is required (QUIZBOT_REQUIRE_OPENAPI=1) but was not found."""


def spec_path(env: Mapping[str, str] | None = None) -> Path:
    values = os.environ if env is None else env
    configured = values.get(SPEC_ENV, "").strip()
    return Path(configured) if configured else DEFAULT_SPEC_PATH


class OpenApiSpec:
    """Discord's OpenAPI document with one cached validator per (method, path template)."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        from referencing import Registry, Resource  # noqa: PLC0415  # see TYPE_CHECKING
        from referencing.jsonschema import DRAFT202012  # noqa: PLC0415

        document = _integer_snowflakes(document)
        self._paths: Mapping[str, Any] = document["paths"]
        self._validator_class = validator_class(discriminated_unions(document))
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(_DOCUMENT_URI, resource)
        self._validators: dict[tuple[str, str, str], Draft202012Validator | None] = {}
        self._valid: set[tuple[str, str, str, str]] = set()  # (method, template, media, body)

    @classmethod
    def load(cls, path: Path) -> OpenApiSpec:
        return cls(json.loads(path.read_bytes()))

    def knows(self, method: str, template: str) -> bool:
        return method.lower() in self._paths.get(template, {})

    def check(
        self, method: str, template: str, body: object, media: str = JSON_MEDIA
    ) -> ErrorTree | None:
        """Discord's `errors` tree for an invalid body, or None when the body is valid. A
        multipart body (``media``) is checked as its JSON fields with its ``files[n]``."""
        validator = self._validator(method.lower(), template, media)
        if validator is None:
            return None
        # A bot under load sends the same few bodies again and again (an ephemeral "Locked in"
        # in each language): a body once found valid is valid again, without a schema walk.
        seen = (method, template, media, json.dumps(body, sort_keys=True))
        if seen in self._valid:
            return None
        errors = list(validator.iter_errors(body))
        if not errors:
            if len(self._valid) >= _VALID_KEPT:
                self._valid.clear()
            self._valid.add(seen)
            return None
        return error_tree(errors)

    def _validator(
        self, method: str, template: str, media: str = JSON_MEDIA
    ) -> Draft202012Validator | None:
        key = (method, template, media)
        if key not in self._validators:
            self._validators[key] = self._compile(method, template, media)
        return self._validators[key]

    def _compile(self, method: str, template: str, media: str) -> Draft202012Validator | None:
        operation = self._paths.get(template, {}).get(method)
        if operation is None:
            return None
        if media not in operation.get("requestBody", {}).get("content", {}):
            return None
        # Point into the whole document so every $ref inside resolves against it.
        pointer = "/".join(
            _escape(part) for part in ("paths", template, method, "requestBody", "content", media)
        )
        rooted = {"$ref": f"{_DOCUMENT_URI}#/{pointer}/schema"}
        validator: Draft202012Validator = self._validator_class(rooted, registry=self._registry)
        return validator


def _integer_snowflakes(document: Mapping[str, Any]) -> dict[str, Any]:
    """The document with snowflakes also accepted as JSON integers. The spec types them as
    strings (as Discord returns them), but Discord takes integers in request bodies, and
    discord.py sends some ids that way (e.g. ``recipient_id`` when it opens a DM)."""
    schemas = dict(document["components"]["schemas"])
    snowflake = schemas.get("SnowflakeType")
    if snowflake is not None:
        schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    return {**document, "components": {**document["components"], "schemas": schemas}}


def _escape(segment: str) -> str:
    return segment.replace("~", "~0").replace("/", "~1")


def error_tree(errors: Iterable[ValidationError]) -> ErrorTree:
    """Nest the most specific failures by JSON path, as Discord's 50035 `errors` object does."""
    tree: ErrorTree = {}
    for error in _leaves(errors):
        node = tree
        for part in [*error.absolute_path, *_missing(error)]:
            node = node.setdefault(str(part), {})
        node.setdefault("_errors", []).append(
            {"code": _error_code(error), "message": _message(error)}
        )
    return tree


def _missing(error: ValidationError) -> list[str]:
    """The property a `required` error is about: Discord names the missing field itself."""
    if error.validator != "required" or not isinstance(error.validator_value, list):
        return []
    named = [p for p in error.validator_value if error.message.startswith(f"{p!r} ")]
    return named[:1]


def _leaves(errors: Iterable[ValidationError]) -> list[ValidationError]:
    """Descend through unions into the branch that matched best, so the error names a field."""
    found: list[ValidationError] = []
    for error in errors:
        if error.context:
            found.extend(_best_branch(error))
        else:
            found.append(error)
    return found


def _best_branch(union: ValidationError) -> list[ValidationError]:
    """Leaves of the union branch whose `type` matched, then deepest, then with fewest errors."""
    branches: dict[object, list[ValidationError]] = {}
    for error in union.context:
        branch = error.relative_schema_path[0] if error.relative_schema_path else None
        branches.setdefault(branch, []).append(error)
    depth = len(union.absolute_path)

    def fit(group: Iterable[ValidationError]) -> tuple[bool, int, int]:
        group = list(group)
        leaves = _leaves(group)
        type_matched = not any(
            len(e.absolute_path) == depth + 1 and e.absolute_path[-1] == "type" for e in group
        )
        return type_matched, max(len(e.absolute_path) for e in leaves), -len(leaves)

    return _leaves(max(branches.values(), key=fit))


_CODES = {
    "maxLength": "BASE_TYPE_MAX_LENGTH",
    "minLength": "BASE_TYPE_MIN_LENGTH",
    "maxItems": "BASE_TYPE_MAX_LENGTH",
    "minItems": "BASE_TYPE_MIN_LENGTH",
    "required": "BASE_TYPE_REQUIRED",
    "enum": "BASE_TYPE_CHOICES",
    "const": "BASE_TYPE_CHOICES",
    "maximum": "NUMBER_TYPE_MAX",
    "minimum": "NUMBER_TYPE_MIN",
}


def _error_code(error: ValidationError) -> str:
    return _CODES.get(str(error.validator), "BASE_TYPE_INVALID")


def _message(error: ValidationError) -> str:
    limit = error.validator_value
    if error.validator in {"maxLength", "maxItems"}:
        return f"Must be {limit} or fewer in length."
    if error.validator in {"minLength", "minItems"}:
        return f"Must be {limit} or more in length."
    if error.validator == "required":
        return "This field is required"
    return error.message[:200]


@cache
def shared_spec(path: Path) -> OpenApiSpec | None:
    """The process-wide spec for `path`; None (with a warning) when absent and not required."""
    checker = importlib.util.find_spec("jsonschema") is not None
    if path.is_file() and checker:
        return OpenApiSpec.load(path)
    missing = f"at {path}" if checker else "checker: install quizbot[standin] (jsonschema)"
    if os.environ.get(REQUIRE_ENV) == "1":
        raise SpecMissingError(f"{REQUIRE_ENV}=1 but the OpenAPI spec is missing {missing}")
    _log.warning("no Discord OpenAPI spec %s: request bodies are NOT checked", missing)
    return None
