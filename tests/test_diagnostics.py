"""Rendering diagnostics: the text form of docs/design.md, JSON and GitHub lines."""

from __future__ import annotations

import json

from engine.diagnostics import Diagnostic, Report, SourceCache, render_github, render_json, render_text
from engine.suggest import suggest

DIAG = Diagnostic("E300", "unexpected word 'gian'", "content/x/things.yaml", 12, 13, subject="thing alpha",
                  hint="did you mean 'gain'?", end_col=17)


def sources_with_line_12() -> SourceCache:
    cache = SourceCache()
    cache.put("content/x/things.yaml", "\n" * 11 + "    effect: gian 2 lira\n")
    return cache


def test_the_text_form_shows_the_line_a_caret_span_and_the_hint():
    assert render_text([DIAG], sources_with_line_12()) == (
        "content/x/things.yaml:12:13: error[E300]: thing alpha: unexpected word 'gian'\n"
        "   12 |     effect: gian 2 lira\n"
        "      |             ^^^^\n"
        "      = hint: did you mean 'gain'?"
    )


def _one_long_line(word_at: int) -> tuple[SourceCache, Diagnostic]:
    """A line of 300 columns with the word 'gian' at column ``word_at``, and its diagnostic."""
    text = ("x" * (word_at - 1) + "gian" + "y" * 300)[:300]
    cache = SourceCache()
    cache.put("long.yaml", text + "\n")
    return cache, Diagnostic("E301", "unknown verb 'gian'", "long.yaml", 1, word_at, end_col=word_at + 4)


def test_a_long_line_is_cut_around_its_caret_which_still_points_at_the_word():
    for word_at in (1, 10, 150, 297):
        cache, diag = _one_long_line(word_at)
        _head, shown, caret = render_text([diag], cache).split("\n")
        body, marks = shown[len("    1 | "):], caret[len("      | "):]
        assert len(body) <= 102, word_at
        assert body[len(marks) - 4:len(marks)] == "gian", word_at
        assert marks.strip() == "^^^^", word_at
        assert body.startswith("…") == (word_at > 30) and body.endswith("…") == (word_at < 200), word_at


def test_a_short_line_is_shown_whole():
    cache, diag = _one_long_line(10)
    cache.put("long.yaml", "x" * 9 + "gian" + "y" * 87 + "\n")  # 100 columns
    _head, shown, _caret = render_text([diag], cache).split("\n")
    assert shown == "    1 | " + "x" * 9 + "gian" + "y" * 87


def test_the_source_cache_reads_a_file_once(tmp_path, monkeypatch):
    path = tmp_path / "a.yaml"
    path.write_text("one\ntwo\n")
    cache = SourceCache()
    assert cache.line(str(path), 2) == "two"
    path.write_text("changed\nchanged\n")
    assert cache.line(str(path), 2) == "two"


def test_json_holds_every_field_and_the_summary():
    data = json.loads(render_json([DIAG], {"errors": 1}))
    assert data["diagnostics"][0]["code"] == "E300" and data["diagnostics"][0]["end_col"] == 17
    assert data["summary"] == {"errors": 1}


def test_github_lines_follow_the_workflow_command_format():
    assert render_github([DIAG]) == (
        "::error file=content/x/things.yaml,line=12,col=13,title=E300::"
        "thing alpha: unexpected word 'gian' (did you mean 'gain'?)"
    )


def test_the_report_sorts_by_file_then_position_and_counts_severities():
    report = Report()
    report.add(Diagnostic("E200", "b", "b.yaml", 1, 1))
    report.add(Diagnostic("E200", "a2", "a.yaml", 3, 1, severity="warning"))
    report.add(Diagnostic("E200", "a1", "a.yaml", 1, 5))
    assert [d.message for d in report.diagnostics] == ["a1", "a2", "b"]
    assert report.counts() == {"errors": 2, "warnings": 1} and report.has_errors


def test_did_you_mean_finds_close_words_only():
    assert suggest("colour", ["color", "count"]) == "color"
    assert suggest("zzz", ["color", "count"]) is None
