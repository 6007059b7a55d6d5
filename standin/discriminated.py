"""A faster ``oneOf`` for the spec's unions whose alternatives each fix their ``type``.

Discord's message components are such a union (an action row, a button, a section, ...), nested
in layouts: jsonschema's own ``oneOf`` validates an instance against every alternative, so a
question message with its container of sections took 17-27 ms to check, and the stand-in stood
still that long on every edit. An alternative whose ``type`` is another constant cannot match,
so only those whose constant is the instance's own are tried; when exactly one of them is valid
the union is satisfied, exactly as ``oneOf`` says. Otherwise jsonschema's own ``oneOf`` runs, so
an invalid body gets the same errors as before.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

# The alternatives of each discriminated union by their "type" constant; keyed by the identity
# of the union's list in the document, which the validators walk as it is.
Unions = dict[int, dict[object, list[Any]]]
_MAX_REFS = 20  # a longer $ref chain is left to jsonschema


def discriminated_unions(document: Mapping[str, Any]) -> Unions:
    """Every ``oneOf`` in ``document`` whose alternatives all fix ``type`` to a constant."""
    unions: Unions = {}
    for alternatives in _one_ofs(document):
        by_type: dict[object, list[Any]] = {}
        for alternative in alternatives:
            value = _type_constant(document, alternative)
            if value is None:
                break
            by_type.setdefault(value, []).append(alternative)
        else:
            unions[id(alternatives)] = by_type
    return unions


def validator_class(unions: Unions) -> type[Draft202012Validator]:
    """Draft 2020-12 with the faster ``oneOf`` for ``unions``."""
    from jsonschema import Draft202012Validator, validators  # noqa: PLC0415  # standin extra

    one_of = Draft202012Validator.VALIDATORS["oneOf"]

    def discriminated_one_of(
        validator: Draft202012Validator,
        alternatives: list[Any],
        instance: object,
        schema: Any,  # noqa: ANN401
    ) -> Iterator[Any]:
        candidates = _candidates(unions, alternatives, instance)
        valid = [c for c in candidates if not any(validator.descend(instance, c))]
        if len(valid) != 1:
            yield from one_of(validator, alternatives, instance, schema)

    extended = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, {"oneOf": discriminated_one_of}
    )
    return cast("type[Draft202012Validator]", extended)


def _candidates(unions: Unions, alternatives: list[Any], instance: object) -> list[Any]:
    by_type = unions.get(id(alternatives))
    if by_type is None or not isinstance(instance, dict):
        return []
    value = instance.get("type")
    return by_type.get(value, []) if isinstance(value, int | str) else []


def _one_ofs(node: object) -> Iterator[list[Any]]:
    if isinstance(node, dict):
        union = node.get("oneOf")
        if isinstance(union, list):
            yield union
        for value in node.values():
            yield from _one_ofs(value)
    elif isinstance(node, list):
        for value in node:
            yield from _one_ofs(value)


def _type_constant(document: Mapping[str, Any], schema: object) -> object | None:
    """The constant an alternative's ``properties.type`` must equal, if it fixes one."""
    resolved = _resolve(document, schema)
    properties = resolved.get("properties") if isinstance(resolved, dict) else None
    field = _resolve(document, properties.get("type")) if isinstance(properties, dict) else None
    if not isinstance(field, dict):
        return None
    enum = field.get("enum")
    parts = [_resolve(document, part) for part in field.get("allOf") or []]
    constants: list[object] = [
        *([field["const"]] if "const" in field else []),
        *(enum if isinstance(enum, list) and len(enum) == 1 else []),
        *(part["const"] for part in parts if isinstance(part, dict) and "const" in part),
    ]
    return constants[0] if constants else None


def _resolve(document: Mapping[str, Any], schema: object) -> object:
    """``schema`` with its local ``$ref`` chain followed."""
    seen = 0
    while isinstance(schema, dict) and isinstance(schema.get("$ref"), str) and seen < _MAX_REFS:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            return schema
        node: Any = document
        for part in ref[2:].split("/"):
            node = node[part.replace("~1", "/").replace("~0", "~")]
        schema, seen = node, seen + 1
    return schema
