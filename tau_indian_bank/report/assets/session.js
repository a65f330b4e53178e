/* tau-indian-bank HTML report: one session beside its task and verdict.
 * Reads window.TauReport (report.js). Transcript text goes in with textContent only. */
(function () {
  "use strict";
  var R = null;
  var LOGIN = "login-context";

  function calls(session) {
    /* tool call id -> {index of gold call it matched, impure, wrong arguments, tool message} */
    var info = {};
    (session.gold_matches || []).forEach(function (id, i) { if (id != null) (info[id] = info[id] || {}).gold = i; });
    (session.impure_write_ids || []).forEach(function (id) { (info[id] = info[id] || {}).impure = true; });
    (session.wrong_argument_call_ids || []).forEach(function (id) { (info[id] = info[id] || {}).wrongArgs = true; });
    session.messages.forEach(function (m) { if (m[0] === "t") (info[m[1]] = info[m[1]] || {}).result = m; });
    return info;
  }

  function argList(args) {
    var h = R.h;
    var keys = Object.keys(args || {});
    if (!keys.length) return h("p", { "class": "muted mono", text: "no arguments" });
    return h("dl", { "class": "args mono" }, keys.map(function (k) {
      var v = args[k];
      return [h("dt", { text: k }), h("dd", { text: typeof v === "string" ? v : JSON.stringify(v) })];
    }));
  }

  function resultBlock(m) {
    var h = R.h;
    var raw = R.text(m[2]);
    var parsed = R.parseJson(raw);
    var pretty = parsed === undefined ? raw : JSON.stringify(parsed, null, 2);
    var refused = m[3] === 1;
    var first = raw.split("\n")[0];
    var summary = refused ? "refused: " + (first.length > 140 ? first.slice(0, 140) + "\u2026" : first)
      : "result (" + raw.length.toLocaleString("en-IN") + " characters)";
    return h("details", { "class": "result" + (refused ? " error" : "") }, h("summary", { text: summary }), h("pre", { text: pretty }));
  }

  function callBlock(call, meta, session, registry) {
    var h = R.h;
    var id = call[0], args = R.parseJson(R.text(call[2]));
    var classes = ["call"];
    var badges = [];
    if (meta.gold != null) { classes.push("gold"); badges.push(R.badge("gold call " + (meta.gold + 1), "pass")); }
    if (meta.impure) { classes.push("impure"); badges.push(R.badge("impure write", "fail", "a change that matches no gold change")); }
    if (meta.wrongArgs) { classes.push("wrongargs"); badges.push(R.badge("wrong arguments", "review", "same tool as a missing gold call, other arguments")); }
    if (id === LOGIN) badges.push(R.badge("login context, before the conversation", "na"));
    var el = h("div", { "class": classes.join(" "), tabindex: "-1", "data-call": id, "aria-label": "tool call " + call[1] },
      h("div", { "class": "call-head" }, h("span", { "class": "tool mono", text: call[1] }), badges,
        h("span", { "class": "muted mono", text: id })),
      argList(args), meta.result ? resultBlock(meta.result) : h("p", { "class": "muted", text: "no result recorded" }));
    registry[id] = el;
    return el;
  }

  function auditAt(session) {
    /* message position -> the customer checks that failed on that customer turn */
    var at = {};
    Object.keys(session.customer_audit_turns || {}).sort().forEach(function (c) {
      var i = session.customer_audit_turns[c];
      (at[i] = at[i] || []).push(c);
    });
    return at;
  }

  function conversation(session, registry) {
    var h = R.h;
    var info = calls(session);
    var flagged = auditAt(session);
    var out = h("section", { "class": "conversation", "aria-label": "Conversation" }, h("h3", { text: "Conversation" }));
    if (!session.messages.length) out.appendChild(h("p", { "class": "muted", text: "This session never ran (crashed or missing)." }));
    session.messages.forEach(function (m, index) {
      if (m[0] === "t") return;  /* shown under its call */
      if (m[0] === "e") { out.appendChild(modelErrorBox(m)); return; }
      var who = m[0] === "u" ? "customer" : m[0] === "a" ? "assistant" : "system";
      var history = m[0] === "a" && m[2] && m[2].some(function (c) { return c[0] === LOGIN; });
      var checks = flagged[index] || [];
      var head = h("div", { "class": "who" }, who, checks.map(function (c) {
        return [" ", R.badge(c + " " + R.CUSTOMER_CHECKS[c], "fail", "customer audit: " + ((session.customer_audit_details || {})[c] || ""))];
      }));
      var box = h("div", { "class": "msg " + who + (history ? " history" : "") + (checks.length ? " customer-error" : ""),
        id: "msg-" + index, tabindex: checks.length ? "-1" : null, "data-msg": String(index) }, head);
      if (m[1] != null) box.appendChild(h("div", { "class": "text", text: R.text(m[1]) }));
      (m[0] === "a" ? m[2] || [] : []).forEach(function (c) { box.appendChild(callBlock(c, info[c[0]] || {}, session, registry)); });
      out.appendChild(box);
    });
    return out;
  }

  function modelErrorBox(m) {
    /* the failed model call that ended the session: no one said anything; the error is shown as recorded */
    var h = R.h;
    var whose = m[1] === "customer" ? "the customer's model" : "the assistant's model";
    return h("div", { "class": "msg model-error", role: "note" },
      h("div", { "class": "who", text: "model error: " + whose + " failed" }),
      h("div", { "class": "text", text: R.text(m[2]) }),
      h("details", { "class": "result error" }, h("summary", { text: "recorded error" }), h("pre", { text: R.text(m[3]) })),
      h("p", { "class": "note", text: "The session ended here. Nothing was said on the model's behalf; the session counts as a failure and as an infrastructure error (not the assistant's own)." }));
  }

  function goldChain(session, task) {
    var h = R.h;
    var matchesList = session.gold_matches || [];
    var items = task.gold.map(function (g, i) {
      var id = matchesList[i];
      var args = R.parseJson(R.text(g[1])) || {};
      var sig = g[0] + "(" + Object.keys(args).map(function (k) { return k + "=" + JSON.stringify(args[k]); }).join(", ") + ")";
      var status = id != null
        ? [R.badge("\u2713 matched", "pass"), " ", h("a", { href: R.sessionHref(session, id), "class": "goto", "data-goto": id, text: "go to call " + id, title: "the call that matched this gold call" })]
        : [R.badge("\u2717 missing", "fail", "no call of the session matched this gold call")];
      return h("li", { "class": id != null ? "matched" : "missing", "data-gold": String(i) }, status, h("code", { "class": "callsig", text: sig }));
    });
    return h("section", { "aria-label": "Gold chain" }, h("h3", { text: "Gold chain (" + task.gold.length + " calls)" }),
      items.length ? h("ol", { "class": "gold" }, items) : h("p", { "class": "muted", text: "The gold chain has no call." }),
      h("p", { "class": "note", text: "A gold call is matched by a distinct call with the same tool and matching arguments (the action check's own rule)." }));
  }

  function impureWrites(session) {
    var h = R.h;
    var ids = session.impure_write_ids || [];
    if (!ids.length) return null;
    return h("section", { "aria-label": "Impure writes" }, h("h3", { text: "Impure writes (" + ids.length + ")" }),
      h("ul", { "class": "facts" }, ids.map(function (id, i) {
        return h("li", null, h("a", { href: R.sessionHref(session, id), "data-goto": id, text: (session.impure_writes || [])[i] || id }),
          h("span", { "class": "muted mono", text: " " + id }));
      })),
      h("p", { "class": "note", text: "A change the assistant attempted that matches no gold change (a refused change counts)." }));
  }

  function gates(session) {
    var h = R.h;
    var order = Object.keys(session.gates || {}).sort();
    if (!order.length) return null;
    var kind = { pass: "pass", fail: "fail", needs_review: "review" };
    var rows = order.map(function (g) {
      var result = session.gates[g];
      return h("tr", { "class": "gate-" + result },
        h("th", { scope: "row" }, g, h("span", { "class": "muted gate-name", text: R.GATE_NAMES[g] ? " " + R.GATE_NAMES[g] : "" })),
        h("td", null, R.badge(R.human(result), kind[result] || "na")),
        h("td", { text: (session.gate_details || {})[g] || "" }));
    });
    var first = session.first_failed_gate;
    return h("section", { "aria-label": "Safety gates" }, h("h3", { text: "Safety gates" }),
      h("p", null, "First failed (by precedence): ", first ? R.badge(first, "fail") : R.badge("none", "pass")),
      h("div", { "class": "scroll" }, h("table", { "class": "gates" }, h("thead", null, h("tr", null,
        h("th", { scope: "col", text: "gate" }), h("th", { scope: "col", text: "result" }), h("th", { scope: "col", text: "reason" }))),
        h("tbody", null, rows))));
  }

  function customerAudit(session) {
    /* the customer audit C1-C6: each check, its outcome and the offending customer turn (a link to it) */
    var h = R.h;
    var audit = session.customer_audit;
    if (!audit) return null;
    var kind = { pass: "pass", fail: "fail", needs_review: "review" };
    var rows = Object.keys(audit).sort().map(function (c) {
      var result = audit[c], turn = (session.customer_audit_turns || {})[c];
      var reason = (session.customer_audit_details || {})[c] || "";
      return h("tr", { "class": "gate-" + result, "data-check": c },
        h("th", { scope: "row" }, c, h("span", { "class": "muted gate-name", text: " " + (R.CUSTOMER_CHECKS[c] || "") })),
        h("td", null, R.badge(R.human(result), kind[result] || "na")),
        h("td", null, reason, turn != null ? [" ", h("a", { href: "#msg-" + turn, "class": "goto", "data-msg-goto": String(turn), text: "go to the turn" })] : null));
    });
    var first = session.customer_first;
    return h("section", { "aria-label": "Customer audit" }, h("h3", { text: "Customer audit" }),
      h("p", null, session.customer_error ? R.badge("customer error", "fail") : R.badge("no customer error", "pass"),
        first ? [" ", R.badge("first problem: the customer's (" + first + ")", "fail")] : null),
      h("div", { "class": "scroll" }, h("table", { "class": "gates customer-audit" }, h("thead", null, h("tr", null,
        h("th", { scope: "col", text: "check" }), h("th", { scope: "col", text: "result" }), h("th", { scope: "col", text: "where and why" }))),
        h("tbody", null, rows))),
      h("p", { "class": "note", text: "Did the simulated customer do its part? Not part of the verdict; see docs/customer-fidelity.md." }));
  }

  function facts(session, task) {
    var h = R.h;
    var missing = session.missing_facts || [];
    var all = task.facts || [];
    if (!all.length && !missing.length && session.answer_passed === undefined) return null;
    var missingSet = {};
    missing.forEach(function (label) { missingSet[label] = true; });
    var met = all.filter(function (f) { return !missingSet[f.label]; });
    var body = [h("p", null, R.checkBadge("answer check", session.answer_passed === undefined ? null : session.answer_passed))];
    if (session.answer_passed === null) body.push(h("p", { "class": "muted", text: "The task has no fact the customer must be told." }));
    if (missing.length) body.push(h("h4", { text: "Missing (" + missing.length + ")" }), h("ul", { "class": "facts missing-facts" },
      missing.map(function (label) { return h("li", null, R.badge("\u2717", "fail"), " ", label); })));
    if (met.length) body.push(h("h4", { text: "Met (" + met.length + ")" }), h("ul", { "class": "facts met-facts" },
      met.map(function (f) { return h("li", null, R.badge("\u2713", "pass"), " " + f.label + (f.text ? ": " + f.text : "")); })));
    return h("section", { "aria-label": "Facts the customer must be told" }, h("h3", { text: "Facts the customer must be told" }), body);
  }

  function verdict(session) {
    var h = R.h;
    var rows = [
      ["Verdict (paper)", R.checkBadge("session", session.passed)],
      ["Final state", [R.checkBadge("final state", session.final_state_passed), " ",
        session.final_state_passed ? "the database equals the gold replay" : "the database differs from the gold replay (or the session ended abnormally)"]],
      ["Action check", R.checkBadge("action check", session.action_passed)]
    ];
    if (session.answer_passed !== undefined) rows.push(["Answer check", R.checkBadge("answer check", session.answer_passed)]);
    if (session.judged !== undefined) rows.push(["Judged (advisory)", R.checkBadge("judge", session.judged)]);
    rows.push(["Failure class", session.failure_class ? R.badge(R.human(session.failure_class), "fail") : R.badge("none", "pass")]);
    rows.push(["Ended by", h("span", { "class": "mono", text: session.termination_reason || "" })]);
    if (session.model_error) {
      var e = session.model_error;
      rows.push(["Model error", [R.badge((e.side === "customer" ? "customer's" : "agent's") + " model", "fail"), " ",
        h("span", { "class": "mono", text: (e.model ? e.model + ": " : "") + e.cause })]]);
      rows.push(["Recorded error", h("pre", { "class": "error-text", text: e.text })]);
    }
    if (session.order_respected === false) rows.push(["Order", R.badge("reads after the writes they precede", "review")]);
    effortRows(session.effort).forEach(function (r) { rows.push(r); });
    return h("section", { "aria-label": "Verdict" }, h("h3", { text: "Verdict" }),
      h("dl", { "class": "kv" }, rows.map(function (r) { return [h("dt", { text: r[0] }), h("dd", null, r[1])]; })));
  }

  function effortRows(e) {
    /* tokens, cost, turns, tool calls, duration and calls beyond the gold chain (the JSON record's "effort") */
    if (!e) return [];
    var n = function (v) { return Number(v || 0).toLocaleString("en-IN"); };
    var money = function (v) { return v == null ? "unknown" : "$" + (v >= 1 ? v.toFixed(2) : v.toFixed(4)); };
    return [
      ["Tokens", h2("agent " + n(e.agent_prompt_tokens) + " in / " + n(e.agent_completion_tokens) + " out; customer " +
        n(e.customer_prompt_tokens) + " in / " + n(e.customer_completion_tokens) + " out")],
      ["Cost", h2(money(e.cost) + " (agent " + money(e.agent_cost) + ", customer " + money(e.customer_cost) + ")")],
      ["Turns, tool calls", h2(e.turns + " turns, " + e.tool_calls + " tool calls (" + e.extra_calls + " beyond the gold chain)")],
      ["Duration", h2(Number(e.duration_s || 0).toFixed(1) + " s")]
    ];
  }

  function h2(text) { return R.h("span", { "class": "mono", text: text }); }

  function scenario(task) {
    var h = R.h;
    var s = task.scenario || {};
    var rows = [["Persona", task.persona], ["Reason for call", s.reason_for_call], ["Known", s.known_info],
      ["Unknown", s.unknown_info], ["Instructions", s.task_instructions]].filter(function (r) { return r[1]; });
    var about = [["Purpose", task.purpose], ["Policy clauses", task.policies], ["Why this gold chain", task.notes]].filter(function (r) { return r[1]; });
    return [
      h("section", { "aria-label": "Customer scenario" }, h("h3", { text: "The customer's scenario" }),
        h("dl", { "class": "kv" }, rows.map(function (r) { return [h("dt", { text: r[0] }), h("dd", { text: r[1] })]; }))),
      about.length ? h("section", { "aria-label": "Task" }, h("h3", { text: "The task" }),
        h("dl", { "class": "kv" }, about.map(function (r) { return [h("dt", { text: r[0] }), h("dd", { text: r[1] })]; }))) : null
    ];
  }

  function listOf(session) {
    /* the explorer's filtered list, or every session when this one is not in it (a link from elsewhere) */
    return R.state.list.indexOf(session) >= 0 ? R.state.list : R.data().sessions;
  }

  function header(session, position) {
    var h = R.h;
    var list = listOf(session);
    var others = R.data().sessions.filter(function (s) { return s.task_id === session.task_id && s.trial === session.trial && s !== session; });
    var prev = position > 0 ? list[position - 1] : null, next = position >= 0 && position < list.length - 1 ? list[position + 1] : null;
    return h("div", { "class": "session-head" },
      h("h2", { id: "session-title", tabindex: "-1" }, session.task_id,
        h("small", { text: R.runLabel(session) + (session.trial ? " \u00b7 trial " + session.trial : "") + " \u00b7 " + R.human(session.category || "") + " \u00b7 " + session.chain_length + " gold calls" })),
      h("div", { "class": "verdicts" }, R.checkBadge("verdict", session.passed), R.checkBadge("final state", session.final_state_passed),
        R.checkBadge("action check", session.action_passed),
        session.answer_passed !== undefined ? R.checkBadge("answer check", session.answer_passed) : null,
        session.failure_class ? R.badge(R.human(session.failure_class), "fail") : null,
        session.first_failed_gate ? R.badge("first failed gate: " + session.first_failed_gate, "fail") : null,
        session.customer_error ? R.badge("customer error: " + Object.keys(session.customer_audit || {}).sort().filter(function (c) {
          return session.customer_audit[c] === "fail"; }).join(", "), "fail") : null),
      h("nav", { "class": "pager", "aria-label": "Sessions in the filtered list" },
        h("a", { href: "#sessions", text: "\u2190 all sessions (Esc)" }),
        prev ? h("a", { href: R.sessionHref(prev), id: "prev-session", text: "previous (k)" }) : null,
        position >= 0 ? h("span", { "class": "muted", text: (position + 1) + " of " + list.length + " in the list" }) : null,
        next ? h("a", { href: R.sessionHref(next), id: "next-session", text: "next (j)" }) : null),
      others.length ? h("div", { "class": "others" }, h("span", { "class": "muted", text: "Same task in other runs:" }),
        others.map(function (s) {
          var label = R.runLabel(s) + ": " + (s.passed ? "\u2713 pass" : "\u2717 " + R.human(s.failure_class || "fail"));
          return h("a", { href: R.sessionHref(s), "class": "badge " + (s.passed ? "pass" : "fail"), text: label });
        })) : null);
  }

  function focusCall(registry, id) {
    var el = registry[id];
    if (!el) return false;
    Array.prototype.forEach.call(document.querySelectorAll(".call.target"), function (c) { c.classList.remove("target"); });
    el.classList.add("target");
    var result = el.querySelector("details.result");
    if (result) result.open = true;
    el.scrollIntoView({ block: "center" });
    el.focus({ preventScroll: true });
    return true;
  }

  var shown = { session: null, registry: {} };

  function draw(session, callId) {
    R = window.TauReport;
    if (shown.session === session && callId) { focusCall(shown.registry, callId); return; }
    var h = R.h;
    var task = R.data().tasks[session.task_id] || { gold: [], facts: [] };
    var root = document.getElementById("view-session");
    var registry = {};
    var position = listOf(session).indexOf(session);
    root.textContent = "";
    root.appendChild(header(session, position));
    root.appendChild(h("div", { "class": "session-grid" }, conversation(session, registry),
      h("aside", { "class": "panel", "aria-label": "Task and verdict" }, verdict(session), goldChain(session, task), impureWrites(session),
        gates(session), customerAudit(session), facts(session, task), scenario(task))));
    shown = { session: session, registry: registry };
    root.onclick = function (e) {
      var turn = e.target.closest && e.target.closest("a[data-msg-goto]");
      if (turn) {
        e.preventDefault();
        var target = document.getElementById("msg-" + turn.getAttribute("data-msg-goto"));
        if (target) { target.scrollIntoView({ block: "center" }); target.focus({ preventScroll: true }); }
        return;
      }
      var link = e.target.closest && e.target.closest("a[data-goto]");
      if (link && location.hash === link.getAttribute("href")) { e.preventDefault(); focusCall(registry, link.getAttribute("data-goto")); }
    };
    R.state.current = session;
    if (!callId || !focusCall(registry, callId)) { window.scrollTo(0, 0); document.getElementById("session-title").focus(); }
  }

  function step(delta) {
    R = window.TauReport;
    var list = listOf(shown.session), at = list.indexOf(shown.session);
    var next = at >= 0 ? list[at + delta] : null;
    if (next) location.hash = R.sessionHref(next);
  }

  window.TauSession = { draw: draw, step: step };
})();
