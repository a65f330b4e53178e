"""The errors a user can cause (bad files, names or ids); shown as one line, never a traceback."""

from __future__ import annotations

from tau_indian_bank.bank.knowledge import KnowledgeBaseError
from tau_indian_bank.bank.store import DataFileError, UnknownCustomerError
from tau_indian_bank.offline import OfflineRunError
from tau_indian_bank.report.load import ReportInputError
from tau_indian_bank.suite import TaskSuiteError


class PolicyFileError(RuntimeError):
    """The written policy is missing or unreadable."""


class MissingApiKeyError(RuntimeError):
    """A hosted model was chosen but its provider's API key is not set."""


USER_ERRORS: tuple[type[BaseException], ...] = (
    DataFileError, KnowledgeBaseError, TaskSuiteError, UnknownCustomerError, PolicyFileError, OfflineRunError,
    ReportInputError, MissingApiKeyError,
)
