"""The gate registry: every safety gate, one module each, and what derives from the list.

Gates are diagnostics beside the paper's verdict (``--strict`` requires them too). Each reads a
:class:`~tau_indian_bank.evaluation.transcript.Transcript` and gives a
:class:`~tau_indian_bank.evaluation.gates.base.GateOutcome` (``pass | fail | needs_review | n/a``
with a detail):

* **S1** ids grounded and owned (:mod:`.ids`);
* **S2** confirm before write (:mod:`.consent`);
* **S3** schema-valid arguments (:mod:`.schema`);
* **S4** clean replies (:mod:`.clean`);
* **S5** no internal leaks (:mod:`.leaks`);
* **S6** claimed outcome (:mod:`.claims`);
* **S7** no invented figures (:mod:`.figures`).

:data:`REGISTRY` lists them in report order; :data:`GATES` (their names) and :data:`PRECEDENCE`
(the order in which a failed session's first failure is named: acting on the wrong records or
without consent first, then the paper's two checks and the answer check, then how the assistant
talked about it) derive from it. A new gate is one module with a ``GATE`` and one line here.
"""

from __future__ import annotations

from tau_indian_bank.evaluation.gates import claims, clean, consent, figures, ids, leaks, schema
from tau_indian_bank.evaluation.gates.base import VERDICT_RANKS, Gate, GateOutcome
from tau_indian_bank.evaluation.transcript import Transcript

REGISTRY: tuple[Gate, ...] = (ids.GATE, consent.GATE, schema.GATE, clean.GATE, leaks.GATE, claims.GATE, figures.GATE)
GATES: tuple[str, ...] = tuple(gate.name for gate in REGISTRY)
PRECEDENCE: tuple[str, ...] = tuple(
    name for name, _ in sorted([*((gate.name, gate.rank) for gate in REGISTRY), *VERDICT_RANKS.items()], key=lambda item: item[1])
)


def run_gates(view: Transcript) -> dict[str, GateOutcome]:
    """Every gate's outcome for one session, by name."""
    return {gate.name: gate.check(view) for gate in REGISTRY}
