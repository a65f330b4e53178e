"""Try a few tasks of some families end to end: gold chain, oracle and the four baselines.

``python -m devtools.tryout cards --per-family 3`` (from the project root) builds that many tasks per
family of the named ``tasks/families`` module(s), runs each offline agent through tau2's
loop and prints a table. It exits non-zero if the oracle fails a task or a baseline
passes one, which is what the suite validator requires of every task.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections import Counter, defaultdict
from typing import Any

from tau_indian_bank.plugin.offline import run_offline
from tau_indian_bank.plugin.registration import ensure_registered
from tau_indian_bank.tasks.framework import Family
from tau_indian_bank.vocabulary import BASELINES, DOMAIN_NAME, OFFLINE_AGENTS, ORACLE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", help="family modules, such as cards or deposits")
    parser.add_argument("--per-family", type=int, default=2)
    parser.add_argument("--family", action="append", help="only these family names")
    args = parser.parse_args(argv)
    ensure_registered()  # explicitly: the interpreter-start hook may be off

    from tau2.data_model.tasks import Task

    from tau_indian_bank.tasks import builder

    families: list[Family[Any]] = []
    for name in args.modules:
        module = importlib.import_module(f"tau_indian_bank.tasks.families.{name}")
        listed = getattr(module, "FAMILIES", None) or [v for v in vars(module).values() if isinstance(v, Family)]
        families.extend(f for f in listed if not args.family or f.name in args.family)
    plan = {f.name: args.per_family for f in families}
    tasks_raw, _ = builder.build(plan)
    tasks = [Task.model_validate(t) for t in tasks_raw]
    family_of = {t.id: t.id.split("_", 1)[1].rsplit("_", 1)[0] for t in tasks}
    passes: dict[str, Counter[str]] = defaultdict(Counter)
    final_only: dict[str, Counter[str]] = defaultdict(Counter)
    for agent in OFFLINE_AGENTS:
        for sim in run_offline(tasks, agent).simulations:
            info = sim.reward_info
            family = family_of[sim.task_id]
            passes[family][agent] += info.reward == 1.0
            final_only[family][agent] += bool(info.db_check and info.db_check.db_match) and info.reward < 1.0
    failed = False
    print(f"{'family':34} {'n':>3} " + " ".join(f"{a.removeprefix(DOMAIN_NAME + '_'):>10}" for a in OFFLINE_AGENTS))
    for family in sorted(passes):
        n = sum(1 for f in family_of.values() if f == family)
        cells = " ".join(f"{passes[family][a]:>3} ({final_only[family][a]:>2})".rjust(10) for a in OFFLINE_AGENTS)
        print(f"{family:34} {n:>3} {cells}")
        failed |= passes[family][ORACLE] != n or any(passes[family][b] for b in BASELINES)
    print("cells: passes (final-state-only passes); the oracle must pass all, every baseline none")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
