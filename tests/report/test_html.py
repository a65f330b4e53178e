"""The HTML report as a file: self-contained, compact, and carrying exactly the JSON report's session records."""

import html
import json
import re

import pytest

from tau_indian_bank.evaluation.diagnostics import diagnose
from tau_indian_bank.report.html import to_html
from tau_indian_bank.report.load import load_runs
from tau_indian_bank.report.metrics import build_report
from tau_indian_bank.report.tables import report_tables
from tau_indian_bank.report.transcripts import StringTable, compact_messages, unpack
from tests.conftest import run
from tests.report.test_report import BEREAVEMENT, CLOSE, _gold, _results, _simulation


def test_diagnostics_name_the_call_that_matched_each_gold_call_and_the_impure_ones():
    gold = _gold(CLOSE)
    calls = [gold[0], gold[2], ("freeze_card", {"card_id": "C1"}), gold[3]]  # skips gold call 2, adds a stray write
    d = diagnose(CLOSE, _simulation(CLOSE, calls, met=(False, False), db=False))
    assert d.gold_matches == ("c0", None, "c1", "c3")
    assert d.impure_call_ids == ("c2",) and d.impure_writes == ("freeze_card",)
    assert diagnose(CLOSE, None).gold_matches == (None,) * len(gold)


def _page(tmp_path, **kw):
    good = _simulation(CLOSE, _gold(CLOSE))
    bad = _simulation(BEREAVEMENT, [], db=False, met=(False, True))
    bad["messages"] = [
        {"role": "user", "content": "<script>alert(1)</script> my father passed away"},
        {"role": "assistant", "content": "I am sorry. ₹1,00,000.00 is noted."},
    ] + bad["messages"]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_results([CLOSE, BEREAVEMENT], [good, bad])))
    runs = load_runs([str(path)], ["mine"])
    report = build_report(runs, with_sessions=True, **kw)
    return report, to_html(report, runs)


def _payload(page):
    return unpack(re.search(r'<script id="payload" type="application/octet-stream">([^<]*)</script>', page).group(1))


def test_the_page_is_one_ascii_file_with_no_outside_reference(tmp_path):
    _, page = _page(tmp_path)
    page.encode("ascii")  # text outside the scripts is character references
    assert "&#8377;" in page or "₹" not in page
    outside = re.findall(r"""(?:src|href)\s*=\s*["']?(?!#)([^"' >]+)""", page)
    assert outside == []  # every link is a fragment inside the page
    assert "<link" not in page and "@import" not in page and "url(" not in page
    assert "http://" not in page.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert "https://" not in page


def test_the_page_has_every_markdown_table_and_figure(tmp_path):
    report, page = _page(tmp_path, strict=True)
    readable = html.unescape(page)
    for title, *_ in report_tables(report):
        assert f"<caption>{title}</caption>" in readable
    assert page.count("<svg") >= 4 and 'class="whisker"' in page


def test_the_embedded_sessions_are_the_json_reports_records_plus_transcripts(tmp_path):
    report, page = _page(tmp_path)
    payload = _payload(page)
    records = report["runs"][0]["sessions"]
    assert [{k: v for k, v in s.items() if k not in ("run", "messages")} for s in payload["sessions"]] == records
    close = payload["tasks"][CLOSE["id"]]
    assert [g[0] for g in close["gold"]] == [a["name"] for a in CLOSE["evaluation_criteria"]["actions"]]
    assert close["scenario"]["reason_for_call"] == CLOSE["user_scenario"]["instructions"]["reason_for_call"]
    good = payload["sessions"][0]
    call_ids = {c[0] for m in good["messages"] if m[0] == "a" for c in m[2]}
    assert set(good["gold_matches"]) <= call_ids  # every "matched" link has a call to land on
    bad = payload["sessions"][1]
    assert payload["text"][bad["messages"][0][1]].startswith("<script>")  # stored as text; the page inserts it as text


def test_the_same_input_gives_the_same_bytes(tmp_path):
    assert _page(tmp_path)[1] == _page(tmp_path)[1]


def test_repeated_texts_are_stored_once():
    table = StringTable()
    messages = [{"role": "tool", "id": f"c{i}", "content": '{"balance": 1}'} for i in range(3)]
    assert compact_messages(messages, table) == [["t", "c0", 0, 0], ["t", "c1", 0, 0], ["t", "c2", 0, 0]]
    assert table.texts == ['{"balance": 1}']


@pytest.mark.e2e
def test_the_command_writes_the_page_to_stdout(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_results([CLOSE], [_simulation(CLOSE, _gold(CLOSE))])))
    done = run(["tau-indian-bank", "report", str(path), "--format", "html", "--strict"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("<!DOCTYPE html>") and _payload(done.stdout)["sessions"][0]["passed"] is True
