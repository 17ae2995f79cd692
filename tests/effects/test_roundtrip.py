"""Every effect renders to canonical text that parses back to the same effect."""

from pathlib import Path

import pytest

from engine.effects import parse_effect, render

CORPUS = [
    line.strip()
    for line in (Path(__file__).parent / "corpus.txt").read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
]


@pytest.mark.parametrize("text", CORPUS)
def test_rendering_then_parsing_gives_the_same_effect(text):
    effect = parse_effect(text)
    assert parse_effect(render(effect)) == effect


@pytest.mark.parametrize("text", CORPUS)
def test_canonical_text_renders_to_itself(text):
    canonical = render(parse_effect(text))
    assert render(parse_effect(canonical)) == canonical
