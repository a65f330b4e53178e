"""The HTML report in a real browser: Debian's headless Chromium, driven by selenium (``make browser`` installs it)."""

import json
import os
from collections import Counter

import pytest

from tests.conftest import run
from tests.support import browser

pytestmark = pytest.mark.e2e

AGENTS = ("indian_bank_oracle", "indian_bank_looker", "indian_bank_overwriter")


def _need_browser():
    reason = browser.missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test must run in CI: {reason}")
        pytest.skip(reason)


@pytest.fixture(scope="module")
def report_files(tmp_path_factory):
    """Oracle and two scripted baselines on a few lite tasks of every category, then the report as HTML and JSON."""
    from tau_indian_bank.plugin.environment import get_tasks
    from tau_indian_bank.plugin.offline import run_offline

    _need_browser()
    folder = tmp_path_factory.mktemp("html-report")
    lite = get_tasks("lite")
    tasks = [t for category in ("seq_", "edge_", "rare_", "ctrl_") for t in [t for t in lite if t.id.startswith(category)][:3]]
    paths = []
    for agent in AGENTS:
        path = folder / f"{agent.removeprefix('indian_bank_')}.json"
        path.write_text(run_offline(tasks, agent).model_dump_json(), encoding="utf-8")
        paths.append(str(path))
    page = folder / "report.html"
    done = run(["tau-indian-bank", "report", *paths, "--format", "html", "--strict"])
    assert done.returncode == 0, done.stderr
    page.write_text(done.stdout, encoding="ascii")
    data = run(["tau-indian-bank", "report", *paths, "--format", "json", "--sessions", "--strict"])
    assert data.returncode == 0, data.stderr
    return page, json.loads(data.stdout)


def _open(driver, page):
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(page.as_uri())
    WebDriverWait(driver, 30).until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "true")


def _errors(driver):
    return [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def test_a_run_filtered_to_one_failure_class_shows_the_json_reports_count(report_files):
    from selenium.webdriver.support.ui import Select

    page, report = report_files
    looker = next(r for r in report["runs"] if r["label"] == "looker")
    klass, expected = Counter(s["failure_class"] for s in looker["sessions"] if s["failure_class"]).most_common(1)[0]
    with browser.chromium(1280, 800) as driver:
        _open(driver, page)
        driver.find_element("css selector", 'nav.views a[data-view="sessions"]').click()
        Select(driver.find_element("id", "filter-run")).select_by_value("looker")
        Select(driver.find_element("id", "filter-failure_class")).select_by_value(klass.replace("_", " "))
        assert int(driver.find_element("id", "row-count").text) == expected
        rows = driver.find_elements("css selector", "#session-table tbody tr")
        assert len(rows) == expected and {r.get_attribute("data-run") for r in rows} == {"looker"}
        assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")  # no sideways scroll
        assert _errors(driver) == []


def test_a_failing_session_marks_its_missing_gold_call_and_links_the_matched_ones(report_files):
    from selenium.webdriver.common.keys import Keys

    page, report = report_files
    looker = next(r for r in report["runs"] if r["label"] == "looker")
    session = next(s for s in looker["sessions"] if s["missing_gold_calls"] and any(s["gold_matches"]))
    with browser.chromium(1280, 800) as driver:
        _open(driver, page)
        driver.find_element("tag name", "body").send_keys("/")  # the keyboard shortcut to the task search
        driver.switch_to.active_element.send_keys(session["task_id"])
        same_task = sum(session["task_id"] in s["task_id"] for r in report["runs"] for s in r["sessions"])
        assert int(driver.find_element("id", "row-count").text) == same_task
        link = driver.find_element("css selector", f'#session-table tr[data-run="looker"][data-task="{session["task_id"]}"] a')
        link.send_keys(Keys.ENTER)
        missing = driver.find_elements("css selector", "ol.gold li.missing")
        assert len(missing) == len(session["missing_gold_calls"])
        assert session["missing_gold_calls"][0] in missing[0].text and "missing" in missing[0].text
        matched = next(i for i, call in enumerate(session["gold_matches"]) if call)
        driver.find_element("css selector", f'ol.gold li[data-gold="{matched}"] a[data-goto]').click()
        focused = driver.switch_to.active_element
        assert focused.get_attribute("data-call") == session["gold_matches"][matched]
        opened = driver.execute_script("return location.hash")
        driver.find_element("tag name", "body").send_keys("j")  # the next session of the filtered list
        assert driver.execute_script("return location.hash") != opened
        assert driver.find_element("id", "session-title").text.startswith(session["task_id"])
        driver.find_element("tag name", "body").send_keys(Keys.ESCAPE)
        assert driver.execute_script("return location.hash") == "#sessions"
        assert _errors(driver) == []


def test_the_overview_has_no_console_error_and_fits_a_laptop_screen(report_files):
    page, _ = report_files
    with browser.chromium(1280, 800) as driver:
        _open(driver, page)
        assert driver.find_elements("css selector", "#view-overview table")
        assert len(driver.find_elements("css selector", "#view-overview svg.chart")) >= 4
        assert driver.execute_script("return document.documentElement.scrollWidth <= innerWidth")
        assert _errors(driver) == []


def test_a_model_error_session_shows_the_recorded_error_and_the_sessions_effort(tmp_path):
    from tests.report.test_infrastructure import ERROR_TEXT, _model_error
    from tests.report.test_report import BEREAVEMENT, CLOSE, _gold, _results, _simulation

    _need_browser()
    results = tmp_path / "errors.json"
    results.write_text(
        json.dumps(_results([CLOSE, BEREAVEMENT], [_simulation(CLOSE, _gold(CLOSE)), _model_error(BEREAVEMENT, "customer")]))
    )
    page = tmp_path / "report.html"
    done = run(["tau-indian-bank", "report", str(results), "--format", "html", "-o", str(page)])
    assert done.returncode == 0, done.stderr
    with browser.chromium(1280, 800) as driver:
        _open(driver, page)
        driver.execute_script(f"location.hash = '#session/0/{BEREAVEMENT['id']}/0'")
        box = driver.find_element("css selector", ".msg.model-error")
        assert "the customer's model failed" in box.text.lower() and "Connection refused" in box.text
        panel = driver.find_element("css selector", "aside.panel").text
        assert "Recorded error" in panel and ERROR_TEXT in panel and "model_error" in panel
        assert "Turns, tool calls" in panel
        assert _errors(driver) == []


def test_the_customer_audit_filters_the_explorer_and_marks_the_offending_turn(tmp_path):
    """The explorer's "Customer error" filter keeps the sessions failing one check; the session view links to the turn."""
    from selenium.webdriver.support.ui import Select

    from tests.report.test_customer_report import CARD, _results, _sessions

    _need_browser()
    results = tmp_path / "careless.json"
    results.write_text(json.dumps(_results(_sessions())), encoding="utf-8")
    page = tmp_path / "report.html"
    done = run(["tau-indian-bank", "report", str(results), "--format", "html", "-o", str(page)])
    assert done.returncode == 0, done.stderr
    with browser.chromium(1280, 800) as driver:
        _open(driver, page)
        driver.execute_script("location.hash = '#sessions'")
        Select(driver.find_element("id", "filter-customer_check")).select_by_value("C1")
        assert int(driver.find_element("id", "row-count").text) == 2  # the invented account number; the other card named
        Select(driver.find_element("id", "filter-customer_check")).select_by_value("none")
        assert int(driver.find_element("id", "row-count").text) == 1
        Select(driver.find_element("id", "filter-customer_check")).select_by_value("any error")
        assert int(driver.find_element("id", "row-count").text) == 3  # the sessions with a customer error
        driver.execute_script(f"location.hash = '#session/0/{CARD['id']}/2'")
        audit = driver.find_element("css selector", "table.customer-audit").text
        assert "C3" in audit and "wrong consent" in audit and "turn 2:" in audit
        marked = driver.find_element("css selector", ".msg.customer.customer-error")
        assert "C1 invented" in marked.text and "6661" in marked.text
        driver.find_element("css selector", 'table.customer-audit tr[data-check="C1"] a[data-msg-goto]').click()
        assert driver.switch_to.active_element.get_attribute("id") == marked.get_attribute("id")
        assert driver.execute_script("return location.hash").startswith("#session/")  # the link moved focus, not the page
        assert _errors(driver) == []
