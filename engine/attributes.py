"""Attributes of cards, checked against the attribute definitions of their card type.

A card type declares the attributes its cards carry (components: `card_types[].attributes`,
name -> type, values, format, min, max, default, required, item_fields). Those definitions are
turned into a JSON Schema for a card's `attributes` (once per card type), so a card is checked
by the same validator, messages and positions as every other document: an attribute its type
does not declare (with a did-you-mean), a value of the wrong type, outside `values` or
`min`/`max`, a name that `format: ref:<namespace>` says must exist, a required one left out.
"""

from __future__ import annotations

from typing import Any

JSON_TYPES = {"integer": "integer", "string": "string", "boolean": "boolean", "list": "array"}


def attributes_schema(definitions: dict) -> dict:
    """The JSON Schema of the `attributes` of a card whose type declares ``definitions``."""
    required = [name for name, definition in definitions.items()
                if definition.get("required") and "default" not in definition]
    return {
        "type": "object",
        "properties": {name: _value(definition) for name, definition in definitions.items()},
        "required": required,
        "additionalProperties": False,
    }


def _value(definition: dict) -> dict:
    if definition.get("type") == "list":
        return {"type": "array", "items": _item(definition)}
    return _scalar(definition)


def _scalar(definition: dict) -> dict:
    found: dict[str, Any] = {}
    if definition.get("type") in JSON_TYPES:
        found["type"] = JSON_TYPES[definition["type"]]
    for key, keyword in (("values", "enum"), ("format", "format"), ("min", "minimum"), ("max", "maximum")):
        if key in definition:
            found[keyword] = definition[key]
    return found


def _item(definition: dict) -> dict:
    """What each item of a list attribute must be: an object of `item_fields`, else a value
    among `values` or of `format`."""
    fields = definition.get("item_fields")
    if fields:
        return {"type": "object", "properties": {name: _scalar(field) for name, field in fields.items()},
                "additionalProperties": False}
    return {keyword: definition[key] for key, keyword in (("values", "enum"), ("format", "format")) if key in definition}
