"""Load order and layering rules, checked on packs written to a temporary folder."""

from __future__ import annotations

from pathlib import Path

from conftest import TEST_SCHEMAS
from engine.validate import validate


def write_pack(root: Path, pack_id: str, *, deps=(), load_after=(), files=None, kind="game") -> Path:
    folder = root / pack_id
    folder.mkdir(parents=True)
    lines = [f"id: {pack_id}", f"name: {pack_id}", "version: 1.0.0", f"kind: {kind}", 'engine: ">=0.1,<1"']
    if deps:
        lines.append("dependencies:")
        lines += [f"  - id: {d}\n    version: \">=1\"" for d in deps]
    if load_after:
        lines.append("load_after: [" + ", ".join(load_after) + "]")
    files = files or {}
    lines.append("files: [" + ", ".join(files) + "]")
    (folder / "pack.yaml").write_text("\n".join(lines) + "\n")
    for name, text in files.items():
        (folder / name).write_text(text)
    return folder


def run(root: Path):
    return validate([root], search_roots=[], extra_schema_dirs=[TEST_SCHEMAS])


def test_dependencies_load_first_and_ties_are_broken_by_pack_id(tmp_path):
    write_pack(tmp_path, "zeta")
    write_pack(tmp_path, "alpha", deps=["zeta"])
    write_pack(tmp_path, "beta")
    assert run(tmp_path).load_order == ("beta", "zeta", "alpha")


def test_load_after_is_a_soft_edge_that_orders_but_never_forms_a_cycle(tmp_path):
    write_pack(tmp_path, "a", load_after=["b"])
    write_pack(tmp_path, "b", load_after=["a"])
    write_pack(tmp_path, "c", load_after=["missing_pack"])
    result = run(tmp_path)
    assert result.report.diagnostics == []
    assert result.load_order == ("b", "a", "c")


def test_a_later_pack_overrides_and_the_winner_is_recorded(tmp_path):
    write_pack(tmp_path, "base", files={"t.yaml": "kind: things\nthings:\n  - {id: x, name: X}\n"})
    write_pack(tmp_path, "mod", deps=["base"], kind="mod",
               files={"t.yaml": "kind: things\nthings:\n  - {id: x, name: Y, override: true}\n"})
    result = run(tmp_path)
    assert result.report.diagnostics == []
    defn = result.table["things"]["x"]
    assert (defn.pack_id, defn.data["name"], defn.overrides) == ("mod", "Y", ("base",))
    assert any("things:x: mod won over base" in line for line in result.explain_lines)


def test_patches_apply_in_load_order_after_all_definitions(tmp_path):
    write_pack(tmp_path, "base", files={"t.yaml": "kind: things\nthings:\n  - {id: x, name: X, count: 1}\n"
                                                  "  - {id: y, name: Y}\n"})
    write_pack(tmp_path, "mod", deps=["base"], kind="mod", files={
        "p.yaml": "kind: patches\npatches:\n"
                  "  - {target: 'things:x', op: replace, path: /count, value: 5}\n"
                  "  - {target: 'things:x', op: merge, value: {tags: [a]}}\n"
                  "  - {target: 'things:x', op: append, path: /tags, value: b}\n"
                  "  - {target: 'things:y', op: remove}\n"})
    result = run(tmp_path)
    assert result.report.diagnostics == []
    assert result.table["things"]["x"].data == {"id": "x", "name": "X", "count": 5, "tags": ["a", "b"]}
    assert result.table["things"]["x"].patched_by == ("mod", "mod", "mod")
    assert "y" not in result.table["things"]


def test_a_patch_may_not_change_an_id(tmp_path):
    write_pack(tmp_path, "base", files={"t.yaml": "kind: things\nthings:\n  - {id: x, name: X}\n"})
    write_pack(tmp_path, "mod", deps=["base"], kind="mod", files={
        "p.yaml": "kind: patches\npatches:\n  - {target: 'things:x', op: replace, path: /id, value: z}\n"})
    codes = [d.code for d in run(tmp_path).report.diagnostics]
    assert codes == ["E506"]


def test_a_reference_to_an_id_from_a_dependency_is_known(tmp_path):
    write_pack(tmp_path, "base", files={"t.yaml": "kind: things\nthings:\n  - {id: x, name: X}\n"})
    write_pack(tmp_path, "mod", deps=["base"], kind="mod",
               files={"t.yaml": "kind: things\nthings:\n  - {id: y, name: Y, ref: x}\n"})
    assert run(tmp_path).report.diagnostics == []


def test_the_content_hash_changes_with_any_listed_file(tmp_path):
    folder = write_pack(tmp_path, "base", files={"t.yaml": "kind: things\nthings:\n  - {id: x, name: X}\n"})
    before = run(tmp_path).packs["base"].content_hash
    (folder / "t.yaml").write_text("kind: things\nthings:\n  - {id: x, name: X2}\n")
    after = run(tmp_path).packs["base"].content_hash
    assert before != after and len(before) == 64


def test_a_pack_id_may_contain_hyphens():
    from conftest import PACKS, TEST_SCHEMAS
    from engine.validate import validate

    ok = PACKS / "ok"
    result = validate([PACKS / "hyphen" / "hyphen-mod", ok / "base"], search_roots=[], extra_schema_dirs=[TEST_SCHEMAS])
    assert result.report.diagnostics == []
    assert result.load_order == ("t_base", "castles-of-burgundy-cards-extra")


def test_two_games_that_share_nothing_may_use_the_same_ids(tmp_path):
    things = "kind: things\nthings:\n  - {id: x, name: X}\n"
    write_pack(tmp_path, "first_game", files={"t.yaml": things})
    write_pack(tmp_path, "second_game", files={"t.yaml": things})
    result = run(tmp_path)
    assert result.report.diagnostics == []
    assert len(result.tables) == 2 and result.definition_count == 2


def test_a_pack_built_on_a_game_is_checked_with_that_game(tmp_path):
    things = "kind: things\nthings:\n  - {id: x, name: X}\n"
    write_pack(tmp_path, "base", files={"t.yaml": things})
    write_pack(tmp_path, "mod", deps=["base"], kind="mod", files={"t.yaml": things})
    result = run(tmp_path)
    assert [d.code for d in result.report.diagnostics] == ["E505"]  # a redefinition needs override: true
    assert len(result.tables) == 1


def test_a_file_that_cannot_be_read_does_not_make_every_reference_look_unknown(tmp_path):
    write_pack(tmp_path, "game", files={
        "a.yaml": "kind: things\nthings:\n  - {id: x, name: X}\n  - id: y\n    name: broken: here\n",
        "b.yaml": "kind: things\nthings:\n  - {id: z, name: Z, ref: x}\n",
    })
    codes = [d.code for d in run(tmp_path).report.diagnostics]
    assert sorted(codes) == ["E100", "W110"]  # not an "unknown things id" for the reference to x
