"""Shared helpers: run the pipeline on the test packs and describe diagnostics."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.validate import validate

TESTS = Path(__file__).resolve().parent
PACKS = TESTS / "packs"
BROKEN = PACKS / "broken"
TEST_SCHEMAS = PACKS / "schemas"


def run_case(folder: Path):
    """Validate one test folder hermetically (no installed content, test schemas added)."""
    return validate([folder], search_roots=[], extra_schema_dirs=[TEST_SCHEMAS])


def where(diag, base: Path) -> str:
    """`relative/file:line:col` of a diagnostic, relative to `base`."""
    rel = Path(diag.file).resolve().relative_to(base.resolve()).as_posix()
    parts = [rel] + [str(p) for p in (diag.line, diag.col) if p is not None]
    return ":".join(parts)


@pytest.fixture
def case():
    """`case(name)` -> (result, [(code, where, message, hint), ...]) for tests/packs/broken/<name>."""
    def run(name: str):
        folder = BROKEN / name
        result = run_case(folder)
        return result, [(d.code, where(d, folder), d.message, d.hint) for d in result.report.diagnostics]
    return run


# ---------------------------------------------------------------- scenario tests
#
# Every tests/scenarios/**/*.yaml is one test item: the scenario is read, checked against
# schemas/scenario.schema.json and run through engine.scenario.run_scenario. A failure
# shows the scenario's report (title, step, pending decision, differences). A scenario
# marked `xfail: "engine: ..."` is an expected failure; if it passes, the run fails (XPASS,
# strict) so the mark is removed once the bug is fixed. Each game's engine is loaded once
# per session.

SCENARIOS = TESTS / "scenarios"
_SCENARIO_ENGINES = None


def _scenario_engines():
    global _SCENARIO_ENGINES
    if _SCENARIO_ENGINES is None:
        from engine.scenario import EngineCache

        _SCENARIO_ENGINES = EngineCache()
    return _SCENARIO_ENGINES


def pytest_collect_file(parent, file_path):
    if file_path.suffix == ".yaml" and SCENARIOS in file_path.resolve().parents:
        return ScenarioYamlFile.from_parent(parent, path=file_path)
    return None


class ScenarioFailure(Exception):
    """A scenario did not hold; the message is its report."""


class ScenarioFileError(Exception):
    """A scenario file has YAML or schema errors (never excused by an xfail mark)."""


class ScenarioYamlFile(pytest.File):
    def collect(self):
        from engine.scenario import read_scenario

        scenario = read_scenario(self.path)
        item = YamlItem.from_parent(self, name=scenario.name, scenario=scenario)
        xfail = scenario.data.get("xfail") if not scenario.diagnostics and hasattr(scenario.data, "get") else None
        if xfail:
            item.add_marker(pytest.mark.xfail(reason=str(xfail), strict=True, raises=ScenarioFailure))
        yield item


class YamlItem(pytest.Item):
    """One scenario file run as a test."""

    def __init__(self, *, scenario, **kwargs):
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self):
        from engine.scenario import run_scenario_file

        if self.scenario.diagnostics:
            raise ScenarioFileError(self.scenario.problems())
        result = run_scenario_file(_scenario_engines(), self.scenario)
        if not result.ok:
            raise ScenarioFailure(result.report)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, (ScenarioFailure, ScenarioFileError)):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
