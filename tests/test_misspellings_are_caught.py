"""A misspelt name anywhere in a real pack is an error, never a game that plays differently.

Each case copies the shipped content, misspells one value that names something (an item, a
noun, an attribute, a choice) and validates the pack: there must be an error on that line.
One case for each way a value can name something; at stop 46 an audit that misspelt each of
the 70 such values of the shipped packs in turn found 19 that validated clean, and none since
(a wider one, of 141 values of any kind, finds only labels and the unplayed solo Automa's; of
those, the tags a solo opponent excludes are checked since stop 48).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.resources import data_dir
from engine.validate import validate

# (file under content/, the line as written, the same line misspelt)
CASES = [
    ("viticulture/vines.yaml", "      colors: [red]", "      colors: [rde]"),  # a card attribute's values
    ("viticulture/vines.yaml", "      requirements: [trellis]", "      requirements: [trelis]"),  # its format ref:
    ("viticulture/mamas_papas.yaml", "      gift: trellis", "      gift: trelis"),
    ("viticulture/structures.yaml", "        after: plant", "        after: plnt"),  # what a trigger waits for
    ("viticulture/pack.yaml", "    default: normal", "    default: nromal"),  # an option's default
    ("viticulture/pack.yaml", "    default: false", "    default: flase"),  # a variant is on or off
    ("viticulture/visitor_rulings.yaml", "    applies_to: [homesteader,", "    applies_to: [homestaeder,"),  # a ruling's items
    ("viticulture/procedures.yaml", "    result: vine", "    result: vien"),  # a procedure's result noun
    ("castles-of-burgundy-cards/board.yaml", "    row_attribute: die", "    row_attribute: dei"),  # an attribute
    ("castles-of-burgundy-cards/components.yaml", "    holds: [action_card]", "    holds: [action_crad]"),  # a noun
    ("viticulture/automa.yaml", "    excluded_tags: [needs_opponents]", "    excluded_tags: [needs_oponents]"),  # a tag
]


@pytest.mark.parametrize("file, written, misspelt", CASES, ids=[f"{c[0]}: {c[2].strip()}" for c in CASES])
def test_a_misspelt_name_is_an_error_on_its_line(tmp_path, file, written, misspelt):
    content = tmp_path / "content"
    shutil.copytree(data_dir("content"), content)
    path = content / file
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(index for index, line in enumerate(lines) if line.startswith(written))
    lines[at] = lines[at].replace(written, misspelt, 1)
    path.write_text("\n".join(lines), encoding="utf-8")
    result = validate([content / file.split("/")[0]], search_roots=[content])
    errors = [(Path(d.file).name, d.line) for d in result.report.diagnostics if d.severity == "error"]
    assert (path.name, at + 1) in errors
