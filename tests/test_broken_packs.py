"""Each deliberately broken pack yields exactly one precise diagnostic."""

from __future__ import annotations

import pytest

from conftest import BROKEN, PACKS, run_case


def only(case, name):
    result, diags = case(name)
    assert len(diags) == 1, diags
    return result, diags[0]


def test_a_yaml_syntax_error_is_reported_where_the_parser_stopped(case):
    _, d = only(case, "yaml_syntax")
    assert d == ("E100", "things.yaml:5:1", "expected ',' or ']', but got '<stream end>'",
                 "while parsing a flow sequence started at line 4, column 11")


def test_a_duplicate_key_is_reported_at_both_positions(case):
    _, d = only(case, "duplicate_key")
    assert d[:3] == ("E101", "things.yaml:6:5",
                     "duplicate key 'name': first at line 4, column 5, again at line 6, column 5")


def test_a_tag_that_builds_an_object_is_refused(case):
    _, d = only(case, "refused_tag")
    assert d[:3] == ("E102", "things.yaml:4:11", "YAML tag '!!python/object:os.system' is not allowed")


def test_a_date_stays_a_string_even_when_it_is_not_a_real_date():
    result = run_case(BROKEN / "date_stays_string")
    assert result.report.diagnostics == []
    things = result.table["things"]
    assert things["alpha"].data["released"] == "2024-01-02"
    assert things["beta"].data["released"] == "2024-13-45"


def test_a_value_of_the_wrong_type_is_reported_at_the_value(case):
    _, d = only(case, "schema_type")
    assert d[:3] == ("E200", "things.yaml:5:12", "count: expected integer, found string 'two'")


def test_a_missing_required_property_points_at_the_item_and_names_the_key(case):
    _, d = only(case, "missing_required")
    assert d[:3] == ("E201", "things.yaml:5:5", "missing required property 'name'")


def test_an_unknown_property_points_at_the_key_and_suggests_the_right_one(case):
    _, d = only(case, "unknown_property")
    assert d == ("E202", "things.yaml:5:5", "unknown property 'colour'", "did you mean 'color'?")


def test_a_value_outside_the_allowed_values_lists_them_and_suggests_one(case):
    _, d = only(case, "bad_enum")
    assert d == ("E203", "things.yaml:5:12", "color: 'bleu' is not one of the allowed values",
                 "did you mean 'blue'? expected one of: red, green, blue")


def test_a_reference_to_an_unknown_id_suggests_a_known_one(case):
    _, d = only(case, "unknown_ref")
    assert d == ("E400", "things.yaml:7:10", "unknown things id 'alpah'", "did you mean 'alpha'?")


def test_content_names_only_the_options_its_packs_declare_or_their_choices(case):
    _, d = only(case, "unknown_option")  # the step's `when_option: hard` names a choice: no error
    assert d == ("E400", "flow.yaml:6:18", "unknown options id 'gentel'", "did you mean 'gentle'?")


def test_an_unknown_document_kind_suggests_a_known_kind(case):
    _, d = only(case, "unknown_kind")
    assert d == ("E104", "things.yaml:1:7", "unknown document kind 'thigns'", "did you mean 'things'?")


def test_an_id_defined_twice_in_one_pack_points_at_the_second_and_names_the_first(case):
    _, d = only(case, "duplicate_id")
    assert d[0:2] == ("E401", "more.yaml:5:9")
    assert d[2].startswith("duplicate things id 'alpha' (first defined at ")
    assert d[2].endswith("duplicate_id/things.yaml:3)")


def test_a_dependency_cycle_is_named(case):
    _, d = only(case, "dependency_cycle")
    assert d[:3] == ("E503", "a/pack.yaml:7:9", "dependency cycle: t_cycle_a -> t_cycle_b -> t_cycle_a")


def test_a_missing_dependency_suggests_a_known_pack(case):
    _, d = only(case, "missing_dependency")
    assert d == ("E501", "mod/pack.yaml:7:9", "missing dependency 't_bsae'", "did you mean 't_base'?")


def test_a_dependency_version_outside_the_range_shows_range_and_version(case):
    _, d = only(case, "version_mismatch")
    assert d[:3] == ("E502", "mod/pack.yaml:8:14",
                     "dependency 't_base' must match '>=2,<3' but version 1.0.0 is loaded")


def test_incompatible_packs_loaded_together_are_an_error(case):
    _, d = only(case, "incompatible_packs")
    assert d[:3] == ("E504", "mod_b/pack.yaml:10:9",
                     "pack 't_mod_b' is incompatible with pack 't_mod_a' 1.0.0, which is also loaded")


def test_a_mod_redefining_an_id_without_override_is_an_error(case):
    _, d = only(case, "redefine_without_override")
    assert d[:2] == ("E505", "mod/things.yaml:3:9")
    assert d[2].startswith("things 'alpha' is already defined by pack 't_base' (")
    assert d[3] == "add 'override: true' if you mean to replace it"


def test_an_override_with_nothing_to_override_is_an_error(case):
    _, d = only(case, "override_nothing")
    assert d[:3] == ("E509", "mod/things.yaml:5:5", "'override: true' but no earlier pack defines things 'gamma'")


def test_a_missing_patch_target_and_a_bad_patch_path_are_errors_but_optional_ones_are_skipped(case):
    result, diags = case("patch_target_missing")
    assert diags == [
        ("E506", "mod/patches.yaml:3:13", "patch target 'things:gamma' does not exist", None),
        ("E506", "mod/patches.yaml:8:11", "path '/cuont': no key 'cuont'", "did you mean 'count'?"),
    ]
    assert [e.action for e in result.layering.events] == ["patch-skipped"]


def test_a_listed_file_that_is_missing_is_reported_in_the_manifest(case):
    _, d = only(case, "listed_file_missing")
    assert d == ("E507", "pack.yaml:8:5", "listed file 'gone.yaml' does not exist", "did you mean 'things.yaml'?")


def test_a_yaml_file_in_the_pack_that_is_not_listed_is_an_error(case):
    _, d = only(case, "unlisted_file")
    assert d[:3] == ("E507", "extra/forgotten.yaml", "file 'extra/forgotten.yaml' is not listed in pack.yaml")


def test_a_pack_for_another_engine_version_is_rejected(case):
    _, d = only(case, "engine_unsupported")
    assert d[:3] == ("E508", "pack.yaml:5:9", "pack supports engine '>=2,<3' but this is tabula 0.1.0")


@pytest.mark.parametrize("name", sorted(p.name for p in BROKEN.iterdir() if p.is_dir()))
def test_every_broken_case_except_the_date_one_fails(name):
    result = run_case(BROKEN / name)
    assert result.report.has_errors == (name != "date_stays_string")


def test_the_clean_layered_packs_have_no_diagnostics():
    result = run_case(PACKS / "ok")
    assert result.report.diagnostics == []
    assert result.load_order == ("t_base", "t_mod")
