"""Interpreter-start hook that registers the domain when tau2's registry is imported.

A one-line ``.pth`` file calls :func:`install` at every interpreter start. It only puts
a small finder on ``sys.meta_path`` (standard library, no imports of tau2 or of the
rest of this package). When anything imports ``tau2.registry``, the finder lets the
real module run and then calls :func:`tau_indian_bank.plugin.register` on it, so the
stock ``tau2`` command lists ``indian_bank`` among its domains. A broken plugin prints
one line to stderr and never breaks tau2. Set ``TAU_INDIAN_BANK_DISABLE_PLUGIN=1`` to
turn the hook off.
"""

import os
import sys

_TARGET = "tau2.registry"
_OPT_OUT = "TAU_INDIAN_BANK_DISABLE_PLUGIN"


class _RegisteringLoader:
    """Wraps tau2.registry's loader: run the real module, then register the plugin."""

    def __init__(self, real):
        self._real = real

    def create_module(self, spec):
        return self._real.create_module(spec)

    def exec_module(self, module):
        self._real.exec_module(module)
        try:
            from tau_indian_bank.plugin import register

            register(module)
        except Exception as exc:  # noqa: BLE001 - a broken plugin must never break tau2
            print(f"tau-indian-bank: could not register the indian_bank domain: {exc}", file=sys.stderr)


class _Finder:
    """Finds tau2.registry through the other finders and wraps its loader."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname == "tau2":
            _prefer_local_cost_map()
            return None
        if fullname != _TARGET:
            return None
        for finder in sys.meta_path:
            if finder is self or not hasattr(finder, "find_spec"):
                continue
            spec = finder.find_spec(fullname, path, target)
            if spec is not None and spec.loader is not None:
                spec.loader = _RegisteringLoader(spec.loader)
                return spec
        return None


def _prefer_local_cost_map():
    """In a ``tau2 ... --domain indian_bank`` process only, before litellm is first imported
    through tau2: use litellm's bundled cost map instead of fetching one on every start.
    Other domains' processes are left exactly as they are."""
    try:
        from tau_indian_bank.plugin.guards import is_indian_bank_command

        if is_indian_bank_command(sys.argv):
            os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    except Exception:  # noqa: BLE001 - a broken plugin must never break tau2
        pass


def install():
    """Put the finder on sys.meta_path once (idempotent; honours the opt-out variable)."""
    if os.environ.get(_OPT_OUT, "").strip() not in ("", "0"):
        return
    if any(isinstance(f, _Finder) for f in sys.meta_path) or _TARGET in sys.modules:
        return
    sys.meta_path.insert(0, _Finder())
