"""The effect language: parse card text into a typed tree, check it against a
pack's vocabulary, and render it back to canonical text."""

from engine.effects.parser import EffectSyntaxError, parse_condition, parse_effect, parse_expression
from engine.effects.render import render

__all__ = ["EffectSyntaxError", "parse_condition", "parse_effect", "parse_expression", "render"]
