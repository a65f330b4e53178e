/* tau-indian-bank HTML report: session explorer and session view.
 * Hand-written vanilla JavaScript; no network. The sessions are embedded in
 * <script id="payload"> as base64 gzip JSON (see tau_indian_bank/report/transcripts.py).
 * Every text from a transcript is inserted with textContent, never as HTML. */
(function () {
  "use strict";

  var PAGE = 250;
  var DATA = null;
  var TEXT = [];
  var state = { filters: {}, search: "", mode: "sessions", sort: null, limit: PAGE, list: [], current: null };
  var GATE_NAMES = {
    S1: "ids grounded and owned", S2: "confirm before write", S3: "schema-valid arguments", S4: "clean replies",
    S5: "no internal names", S6: "no unfounded success claims", S7: "no invented figures"
  };
  var CUSTOMER_CHECKS = {
    C1: "invented", C2: "unknown stated", C3: "wrong consent", C4: "wrong ending", C5: "skipped cue", C6: "language"
  };
  function failedChecks(s) {
    var audit = s.customer_audit || {};
    return Object.keys(audit).sort().filter(function (c) { return audit[c] === "fail"; });
  }

  /* ---------- small helpers ---------- */
  function h(tag, attrs) {
    var el = document.createElement(tag);
    var key, i;
    for (key in attrs || {}) {
      if (!Object.prototype.hasOwnProperty.call(attrs, key) || attrs[key] == null || attrs[key] === false) continue;
      if (key === "text") el.textContent = attrs[key];
      else if (key === "on") { for (var ev in attrs.on) el.addEventListener(ev, attrs.on[ev]); }
      else el.setAttribute(key, attrs[key] === true ? "" : attrs[key]);
    }
    for (i = 2; i < arguments.length; i++) append(el, arguments[i]);
    return el;
  }
  function append(el, child) {
    if (child == null || child === false) return;
    if (Array.isArray(child)) child.forEach(function (c) { append(el, c); });
    else el.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
  }
  function text(i) { return i == null ? "" : TEXT[i]; }
  function human(value) { return String(value).replace(/_/g, " "); }
  function verdictWord(v) { return v === true ? "pass" : v === false ? "fail" : "n/a"; }
  function badge(label, kind, title) { return h("span", { "class": "badge " + (kind || ""), title: title || null, text: label }); }
  function checkBadge(name, v) {
    return badge(name + ": " + (v === true ? "\u2713 pass" : v === false ? "\u2717 fail" : "n/a"), v === true ? "pass" : v === false ? "fail" : "na");
  }
  function sessionHref(s, call) {
    var parts = ["#session", s.run, encodeURIComponent(s.task_id), s.trial];
    if (call) parts.push("call", encodeURIComponent(call));
    return parts.join("/");
  }
  function runLabel(s) { return DATA.runs[s.run].label; }
  function parseJson(value) { try { return JSON.parse(value); } catch (e) { return undefined; } }
  function has(key) { return DATA.sessions.some(function (s) { return Object.prototype.hasOwnProperty.call(s, key); }); }

  /* ---------- explorer columns: key, header, value used for filters and cells ---------- */
  function columns() {
    var cols = [
      { key: "run", label: "Run", value: runLabel },
      { key: "task_id", label: "Task", value: function (s) { return s.task_id; }, search: true },
      { key: "category", label: "Category", value: function (s) { return human(s.category || ""); } },
      { key: "chain_length", label: "Gold calls", value: function (s) { return String(s.chain_length); }, num: true },
      { key: "final_state_passed", label: "Final state", value: function (s) { return verdictWord(s.final_state_passed); }, check: true },
      { key: "action_passed", label: "Action check", value: function (s) { return verdictWord(s.action_passed); }, check: true }
    ];
    if (has("answer_passed")) cols.push({ key: "answer_passed", label: "Answer check", value: function (s) { return s.answer_passed == null ? "no facts" : verdictWord(s.answer_passed); }, check: true });
    cols.push({ key: "passed", label: "Verdict", value: function (s) { return verdictWord(s.passed); }, check: true });
    if (has("judged")) cols.push({ key: "judged", label: "Judged", value: function (s) { return s.judged == null ? "not judged" : verdictWord(s.judged); }, check: true });
    cols.push({ key: "failure_class", label: "Failure class", value: function (s) { return s.failure_class ? human(s.failure_class) : "none (passed)"; } });
    cols.push({ key: "first_failed_gate", label: "First failed gate", value: function (s) { return s.first_failed_gate || "none"; } });
    cols.push({ key: "termination_reason", label: "Ended by", value: function (s) { return human(s.termination_reason || "missing"); } });
    if (has("customer_audit")) {
      /* the customer audit (C1-C6): a session matches a check's filter when that check failed, "any error" when one did,
         "none" when none did */
      cols.push({ key: "customer_check", label: "Customer error", value: function (s) { return failedChecks(s).join(", ") || "none"; },
        values: function (s) { var f = failedChecks(s); return f.length ? f.concat(["any error"]) : ["none"]; } });
      cols.push({ key: "customer_first", label: "Customer first", value: function (s) { return s.customer_first || "no"; } });
    }
    if (has("effort")) {
      cols.push({ key: "turns", label: "Turns", value: function (s) { return s.effort ? String(s.effort.turns) : "0"; }, num: true });
      cols.push({ key: "tool_calls", label: "Tool calls", value: function (s) { return s.effort ? String(s.effort.tool_calls) : "0"; }, num: true });
    }
    if (DATA.sessions.some(function (s) { return s.trial > 0; })) cols.splice(2, 0, { key: "trial", label: "Trial", value: function (s) { return String(s.trial); }, num: true });
    return cols;
  }

  function matches(s, cols, skipKey) {
    if (state.search && s.task_id.toLowerCase().indexOf(state.search) < 0) return false;
    for (var i = 0; i < cols.length; i++) {
      var c = cols[i], want = state.filters[c.key];
      if (c.key === skipKey || want == null || want === "") continue;
      if (c.values ? c.values(s).indexOf(want) < 0 : c.value(s) !== want) return false;
    }
    return true;
  }

  function filtered(cols) {
    var list = DATA.sessions.filter(function (s) { return matches(s, cols); });
    if (state.sort) {
      var col = cols.filter(function (c) { return c.key === state.sort.key; })[0];
      if (col) {
        var dir = state.sort.dir;
        list = list.map(function (s, i) { return [s, i]; }).sort(function (a, b) {
          var x = col.value(a[0]), y = col.value(b[0]);
          var cmp = col.num ? Number(x) - Number(y) : x < y ? -1 : x > y ? 1 : 0;
          return cmp * dir || a[1] - b[1];
        }).map(function (p) { return p[0]; });
      }
    }
    return list;
  }

  /* ---------- explorer ---------- */
  function filterControls(cols) {
    var bar = h("div", { "class": "toolbar", role: "search" });
    var search = h("input", { type: "search", id: "task-search", placeholder: "task id contains\u2026", value: state.search,
      "aria-describedby": "search-keys",
      on: { input: function (e) { state.search = e.target.value.trim().toLowerCase(); state.limit = PAGE; drawExplorer("task-search"); } } });
    bar.appendChild(h("label", null, "Task id", search));
    cols.forEach(function (c) {
      if (c.search) return;
      var counts = {};
      DATA.sessions.forEach(function (s) {
        if (!matches(s, cols, c.key)) return;
        (c.values ? c.values(s) : [c.value(s)]).forEach(function (v) { counts[v] = (counts[v] || 0) + 1; });
      });
      var values = Object.keys(counts).sort(function (a, b) { return c.num ? Number(a) - Number(b) : a < b ? -1 : a > b ? 1 : 0; });
      var chosen = state.filters[c.key];
      if (chosen && values.indexOf(chosen) < 0) values.push(chosen);
      var select = h("select", { id: "filter-" + c.key, "data-filter": c.key,
        on: { change: function (e) { state.filters[c.key] = e.target.value; state.limit = PAGE; drawExplorer("filter-" + c.key); } } },
        h("option", { value: "", text: "all" }),
        values.map(function (v) { return h("option", { value: v, selected: v === chosen, text: v + " (" + (counts[v] || 0) + ")" }); }));
      bar.appendChild(h("label", null, c.label, select));
    });
    bar.appendChild(h("button", { type: "button", id: "clear-filters", on: { click: function () {
      state.filters = {}; state.search = ""; state.limit = PAGE; drawExplorer("task-search"); } } }, "Clear filters"));
    var modes = h("div", { "class": "modes", role: "group", "aria-label": "Rows" },
      ["sessions", "tasks"].map(function (m) {
        return h("button", { type: "button", "aria-pressed": String(state.mode === m), "data-mode": m,
          on: { click: function () { state.mode = m; state.limit = PAGE; drawExplorer("mode-" + m); } } },
          m === "sessions" ? "One row per session" : "Same task across runs");
      }));
    modes.lastChild.id = "mode-tasks";
    modes.firstChild.id = "mode-sessions";
    bar.appendChild(modes);
    return bar;
  }

  function cell(c, s) {
    var v = c.value(s);
    if (c.key === "task_id") return h("td", { "class": "task" }, h("a", { href: sessionHref(s), text: s.task_id }));
    if (c.check) return h("td", null, badge(v, v === "pass" ? "pass" : v === "fail" ? "fail" : "na"));
    return h("td", { "class": c.num ? "num" : null, text: v });
  }

  function sortHeader(c) {
    var sorted = state.sort && state.sort.key === c.key;
    var label = c.label + (sorted ? (state.sort.dir > 0 ? " \u25B2" : " \u25BC") : "");
    return h("th", { scope: "col", "class": c.num ? "num" : null, "aria-sort": sorted ? (state.sort.dir > 0 ? "ascending" : "descending") : null },
      h("button", { type: "button", id: "sort-" + c.key, title: "sort by " + c.label.toLowerCase(), on: { click: function () {
        state.sort = sorted && state.sort.dir > 0 ? { key: c.key, dir: -1 } : sorted ? null : { key: c.key, dir: 1 };
        drawExplorer("sort-" + c.key);
      } } }, label));
  }

  function sessionTable(cols, list) {
    var body = h("tbody", null, list.slice(0, state.limit).map(function (s) {
      return h("tr", { "data-run": runLabel(s), "data-task": s.task_id }, cols.map(function (c) { return cell(c, s); }));
    }));
    return h("table", { "class": "sessions", id: "session-table" },
      h("caption", { "class": "muted", text: "Sessions (select a task id to open it)" }),
      h("thead", null, h("tr", null, cols.map(sortHeader))), body);
  }

  function taskTable(list) {
    var byTask = {}, order = [];
    DATA.sessions.forEach(function (s) {
      var key = s.task_id + "\u0000" + s.trial;
      if (!byTask[key]) { byTask[key] = { task_id: s.task_id, trial: s.trial, cells: {}, any: false }; }
      byTask[key].cells[s.run] = s;
    });
    var seen = {};
    list.forEach(function (s) { var key = s.task_id + "\u0000" + s.trial; byTask[key].any = true; if (!seen[key]) { seen[key] = 1; order.push(byTask[key]); } });
    var matching = {};
    list.forEach(function (s) { matching[s.run + "|" + s.task_id + "|" + s.trial] = true; });
    var head = h("tr", null, h("th", { scope: "col", text: "Task" }), h("th", { scope: "col", text: "Category" }),
      h("th", { scope: "col", "class": "num", text: "Gold calls" }),
      DATA.runs.map(function (r) { return h("th", { scope: "col", text: r.label }); }));
    var rows = order.slice(0, state.limit).map(function (t) {
      var any = t.cells[Object.keys(t.cells)[0]];
      return h("tr", { "data-task": t.task_id }, h("td", { "class": "task", text: t.task_id + (t.trial ? " (trial " + t.trial + ")" : "") }),
        h("td", { text: human(any.category || "") }), h("td", { "class": "num", text: String(any.chain_length) }),
        DATA.runs.map(function (r, i) {
          var s = t.cells[i];
          if (!s) return h("td", { "class": "muted", text: "\u2013" });
          var label = s.passed ? "\u2713 pass" : "\u2717 " + (s.failure_class ? human(s.failure_class) : "fail");
          return h("td", { "class": matching[i + "|" + s.task_id + "|" + s.trial] ? null : "dim" },
            h("a", { href: sessionHref(s), "class": "badge " + (s.passed ? "pass" : "fail"), "aria-label": r.label + ": " + label, text: label }));
        }));
    });
    return { table: h("table", { "class": "sessions", id: "task-table" },
      h("caption", { "class": "muted", text: "Tasks with at least one matching session; cells of sessions that do not match the filters are dimmed" }),
      h("thead", null, head), h("tbody", null, rows)), total: order.length };
  }

  function drawExplorer(focusId) {
    var root = document.getElementById("view-sessions");
    var cols = columns();
    var list = filtered(cols);
    state.list = list;
    root.textContent = "";
    root.appendChild(h("h2", { id: "sessions-title", tabindex: "-1", text: "Sessions" }));
    root.appendChild(filterControls(cols));
    var shownTable, total;
    if (state.mode === "tasks") { var t = taskTable(list); shownTable = t.table; total = t.total; }
    else { shownTable = sessionTable(cols, list); total = list.length; }
    var unit = state.mode === "tasks" ? " tasks" : " sessions";
    root.querySelector(".toolbar").appendChild(h("span", { "class": "count", role: "status", "aria-live": "polite" },
      h("strong", { id: "row-count", text: String(total) }), unit + " of " + (state.mode === "tasks" ? countTasks() : DATA.sessions.length)));
    root.appendChild(h("div", { "class": "scroll" }, shownTable));
    if (total > state.limit) {
      root.appendChild(h("button", { type: "button", "class": "more", id: "show-more", on: { click: function () {
        state.limit += PAGE * 4; drawExplorer("show-more"); } } }, "Show " + Math.min(PAGE * 4, total - state.limit) + " more (" + (total - state.limit) + " not shown)"));
    }
    root.appendChild(h("p", { "class": "keys", id: "search-keys" }, "Keys: ", h("kbd", { text: "/" }), " search task ids \u00b7 ",
      h("kbd", { text: "j" }), " / ", h("kbd", { text: "k" }), " next / previous session \u00b7 ", h("kbd", { text: "Esc" }), " back to this list"));
    if (focusId) {
      var target = document.getElementById(focusId) || document.getElementById("sessions-title");
      target.focus();
      if (focusId === "task-search") target.setSelectionRange(target.value.length, target.value.length);
    }
  }

  function countTasks() {
    var seen = {};
    DATA.sessions.forEach(function (s) { seen[s.task_id + "\u0000" + s.trial] = 1; });
    return Object.keys(seen).length;
  }

  window.TauReport = { h: h, text: text, badge: badge, checkBadge: checkBadge, human: human, sessionHref: sessionHref,
    runLabel: runLabel, parseJson: parseJson, GATE_NAMES: GATE_NAMES, CUSTOMER_CHECKS: CUSTOMER_CHECKS, state: state,
    data: function () { return DATA; }, drawExplorer: drawExplorer };

  /* ---------- loading and routing ---------- */
  function decode() {
    var b64 = document.getElementById("payload").textContent.replace(/\s+/g, "");
    var binary = atob(b64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    var stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text().then(JSON.parse);
  }

  function show(view) {
    ["overview", "sessions", "session"].forEach(function (v) {
      document.getElementById("view-" + v).hidden = v !== view;
      var link = document.querySelector('nav.views a[data-view="' + v + '"]');
      if (link) { if (v === view) link.setAttribute("aria-current", "page"); else link.removeAttribute("aria-current"); }
    });
  }

  function applyQuery(query) {
    if (!query) return;
    query.split("&").forEach(function (pair) {
      var kv = pair.split("=");
      var key = decodeURIComponent(kv[0]), value = decodeURIComponent(kv[1] || "");
      if (key === "q") state.search = value.toLowerCase();
      else if (key === "mode") state.mode = value === "tasks" ? "tasks" : "sessions";
      else state.filters[key] = value;
    });
  }

  function route() {
    var hash = location.hash.replace(/^#/, "");
    if (!DATA) { show(hash.indexOf("session") === 0 ? "sessions" : "overview"); return; }
    if (hash.indexOf("session/") === 0) {
      var p = hash.split("/");
      var found = DATA.sessions.filter(function (s) {
        return String(s.run) === p[1] && s.task_id === decodeURIComponent(p[2]) && String(s.trial) === p[3];
      })[0];
      if (found) { show("session"); window.TauSession.draw(found, p[4] === "call" ? decodeURIComponent(p[5] || "") : null); return; }
    }
    if (hash.indexOf("sessions") === 0) {
      var q = hash.split("?")[1];
      if (q) { state.filters = {}; state.search = ""; applyQuery(q); }
      show("sessions");
      drawExplorer(state.focusSearch ? "task-search" : null);
      state.focusSearch = false;
      if (state.current) {
        var back = document.querySelector('#session-table tr[data-run="' + CSS.escape(runLabel(state.current)) + '"][data-task="' + CSS.escape(state.current.task_id) + '"] a');
        if (back) back.focus(); else document.getElementById("sessions-title").focus();
        state.current = null;
      }
      return;
    }
    show("overview");
  }

  function typing(e) {
    var tag = (e.target && e.target.tagName) || "";
    return tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.target.isContentEditable;
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape" && !document.getElementById("view-session").hidden) { e.preventDefault(); location.hash = "#sessions"; return; }
    if (typing(e)) return;
    if (e.key === "/") {
      e.preventDefault();
      if (document.getElementById("view-sessions").hidden) { state.focusSearch = true; location.hash = "#sessions"; }
      else document.getElementById("task-search").focus();
    }
    else if ((e.key === "j" || e.key === "k") && !document.getElementById("view-session").hidden) { e.preventDefault(); window.TauSession.step(e.key === "j" ? 1 : -1); }
  }

  function start() {
    document.addEventListener("keydown", onKey);
    window.addEventListener("hashchange", route);
    var box = document.getElementById("view-sessions");
    if (typeof DecompressionStream === "undefined") {
      box.textContent = "";
      box.appendChild(h("p", { "class": "error-box", text: "This browser cannot decompress the embedded sessions (DecompressionStream is missing); open the file in a current browser. The overview works without it." }));
      route();
      return;
    }
    decode().then(function (payload) {
      DATA = payload;
      TEXT = payload.text;
      state.list = DATA.sessions.slice();
      document.body.setAttribute("data-ready", "true");
      route();
    }).catch(function (err) {
      box.textContent = "";
      box.appendChild(h("p", { "class": "error-box", text: "Could not read the embedded sessions: " + err }));
      route();
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
