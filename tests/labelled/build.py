"""Build the labelled conversations from their hand-written sources (tool outputs from the bank itself).

python -m tests.labelled.build            # write tests/labelled/conversations/*.json
python -m tests.labelled.build --check    # fail if a built file differs from a fresh build
"""

from __future__ import annotations

import sys

from tests.labelled.loader import BUILT_DIR, _built_path, build_conversation, dump, read_source, source_files


def stale_files() -> list[str]:
    """Built files that differ from a fresh build of their sources (or have no source)."""
    stale, expected = [], set()
    for path in source_files():
        for conversation in build_conversation(read_source(path)):
            target = _built_path(conversation.task_id, conversation.variant)
            expected.add(target.name)
            if not target.exists() or target.read_text(encoding="utf-8") != dump(conversation):
                stale.append(target.name)
    stale += sorted(p.name for p in BUILT_DIR.glob("*.json") if p.name not in expected)
    return stale


def main(argv: list[str]) -> int:
    if "--check" in argv:
        stale = stale_files()
        for name in stale:
            print(f"stale: {name}")
        return 1 if stale else 0
    BUILT_DIR.mkdir(exist_ok=True)
    for old in BUILT_DIR.glob("*.json"):
        old.unlink()
    count = 0
    for path in source_files():
        for conversation in build_conversation(read_source(path)):
            _built_path(conversation.task_id, conversation.variant).write_text(dump(conversation), encoding="utf-8")
            count += 1
    print(f"built {count} conversations in {BUILT_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
