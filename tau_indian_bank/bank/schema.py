"""The bank's tables, declared with SQLModel.

Conventions: money is integer paise (``*_paise``), rates are basis points (``*_bps``),
dates are ISO ``YYYY-MM-DD`` text, ids are upper-case text. A column whose value is free
text written by a person (a complaint's description, a hand-over summary) carries
``info={"free_text": True}``: it is stored but left out of the final-state digest and
of server-assigned ids, so two sessions that differ only in wording compare equal.
"""

from __future__ import annotations

from sqlalchemy import Table
from sqlmodel import Field, SQLModel

FREE_TEXT = {"info": {"free_text": True}}


class Branch(SQLModel, table=True):
    """A branch and its IFSC code."""

    __tablename__ = "branches"
    ifsc: str = Field(primary_key=True)
    branch_name: str
    city: str
    state: str


class Customer(SQLModel, table=True):
    """A retail customer; contact data is stored masked, as an agent would see it."""

    __tablename__ = "customers"
    customer_id: str = Field(primary_key=True)
    full_name: str
    date_of_birth: str
    segment: str  # regular | senior_citizen | premium
    kyc_risk: str  # low | medium | high
    kyc_status: str  # verified | expired
    kyc_due_date: str
    pan_on_file: bool
    mobile_masked: str
    email_masked: str
    customer_since: str


class Address(SQLModel, table=True):
    """A customer's communication or permanent address (stored in capitals)."""

    __tablename__ = "addresses"
    customer_id: str = Field(primary_key=True, foreign_key="customers.customer_id")
    address_type: str = Field(primary_key=True)  # communication | permanent
    line1: str
    line2: str
    city: str
    state: str
    pincode: str
    updated_on: str


class Account(SQLModel, table=True):
    """A savings, salary or current account."""

    __tablename__ = "accounts"
    account_id: str = Field(primary_key=True)
    account_type: str  # savings | salary | current
    ifsc: str = Field(foreign_key="branches.ifsc")
    status: str  # active | dormant | closed
    balance_paise: int
    min_balance_paise: int
    mode_of_operation: str  # single | either_or_survivor | jointly
    opened_on: str
    last_customer_txn_on: str
    nominee_name: str | None = None
    cheque_facility: bool = True


class AccountHolder(SQLModel, table=True):
    """Who holds an account; joint accounts have several rows."""

    __tablename__ = "account_holders"
    account_id: str = Field(primary_key=True, foreign_key="accounts.account_id")
    customer_id: str = Field(primary_key=True, foreign_key="customers.customer_id", index=True)
    role: str  # primary | joint
    holder_name: str


class Transaction(SQLModel, table=True):
    """One posting on an account, on a payment rail."""

    __tablename__ = "transactions"
    txn_id: str = Field(primary_key=True)
    account_id: str = Field(foreign_key="accounts.account_id", index=True)
    posted_on: str
    direction: str  # debit | credit
    channel: str  # upi | neft | imps | rtgs | atm | pos | cheque | internal
    amount_paise: int
    balance_after_paise: int
    counterparty: str
    reference: str
    narration: str
    status: str  # success | failed | reversed


class Deposit(SQLModel, table=True):
    """A fixed (FD) or recurring (RD) deposit."""

    __tablename__ = "deposits"
    deposit_id: str = Field(primary_key=True)
    customer_id: str = Field(foreign_key="customers.customer_id", index=True)
    deposit_type: str  # fixed | recurring
    linked_account_id: str = Field(foreign_key="accounts.account_id")
    amount_paise: int  # principal for an FD, monthly instalment for an RD
    tenure_months: int
    rate_bps: int
    payout_type: str  # cumulative | monthly | quarterly
    maturity_instruction: str  # credit_to_account | renew_principal | renew_principal_and_interest
    opened_on: str
    maturity_date: str
    maturity_amount_paise: int
    instalments_paid: int
    status: str  # active | matured | closed
    nominee_name: str | None = None
    closed_on: str | None = None
    closure_amount_paise: int | None = None


class Loan(SQLModel, table=True):
    """A home, personal, vehicle or gold loan."""

    __tablename__ = "loans"
    loan_id: str = Field(primary_key=True)
    customer_id: str = Field(foreign_key="customers.customer_id", index=True)
    loan_type: str  # home | personal | vehicle | gold
    rate_type: str  # floating | fixed
    sanctioned_paise: int
    outstanding_paise: int
    rate_bps: int
    tenure_months: int
    emis_paid: int
    emi_paise: int
    disbursed_on: str
    next_emi_date: str
    repayment_account_id: str = Field(foreign_key="accounts.account_id")
    status: str  # active | closed
    gold_weight_mg: int | None = None
    gold_purity_karat: int | None = None


class Card(SQLModel, table=True):
    """A debit or credit card; customers know only its last four digits."""

    __tablename__ = "cards"
    card_id: str = Field(primary_key=True)
    customer_id: str = Field(foreign_key="customers.customer_id", index=True)
    card_type: str  # debit | credit
    network: str  # rupay | visa | mastercard
    last4: str
    account_id: str | None = Field(default=None, foreign_key="accounts.account_id")
    status: str  # active | frozen | blocked
    expiry: str  # YYYY-MM
    credit_limit_paise: int | None = None
    outstanding_paise: int | None = None
    blocked_reason: str | None = None
    status_changed_on: str | None = None


class CardControl(SQLModel, table=True):
    """Whether a card works on a channel in a region, and its daily limit there."""

    __tablename__ = "card_controls"
    card_id: str = Field(primary_key=True, foreign_key="cards.card_id")
    channel: str = Field(primary_key=True)  # atm | pos | online | contactless
    region: str = Field(primary_key=True)  # domestic | international
    enabled: bool
    daily_limit_paise: int


class Mandate(SQLModel, table=True):
    """A standing debit instruction: UPI AutoPay or NACH."""

    __tablename__ = "mandates"
    mandate_id: str = Field(primary_key=True)
    account_id: str = Field(foreign_key="accounts.account_id", index=True)
    mandate_type: str  # upi_autopay | nach
    payee: str
    max_amount_paise: int
    frequency: str  # monthly | quarterly | yearly | as_presented
    start_date: str
    end_date: str
    status: str  # active | cancelled
    last_debit_on: str | None = None
    cancelled_on: str | None = None


class ChequeBook(SQLModel, table=True):
    """A cheque book issued on (or requested for) an account."""

    __tablename__ = "cheque_books"
    cheque_book_id: str = Field(primary_key=True)
    account_id: str = Field(foreign_key="accounts.account_id", index=True)
    first_leaf: int
    leaves: int
    requested_on: str
    status: str  # requested | issued


class Cheque(SQLModel, table=True):
    """A cheque the bank knows about: presented, cleared, returned or stopped."""

    __tablename__ = "cheques"
    account_id: str = Field(primary_key=True, foreign_key="accounts.account_id")
    cheque_number: str = Field(primary_key=True)
    payee: str | None = None
    amount_paise: int | None = None
    status: str  # cleared | returned | stopped
    status_date: str
    stop_reason: str | None = None


class StatementRequest(SQLModel, table=True):
    """A request for an account statement over a date range."""

    __tablename__ = "statement_requests"
    request_id: str = Field(primary_key=True)
    account_id: str = Field(foreign_key="accounts.account_id", index=True)
    from_date: str
    to_date: str
    delivery: str  # email | post
    requested_on: str
    status: str  # queued | dispatched


class ServiceRequest(SQLModel, table=True):
    """A service request or complaint and its status."""

    __tablename__ = "service_requests"
    request_id: str = Field(primary_key=True)
    customer_id: str = Field(foreign_key="customers.customer_id", index=True)
    category: str
    related_id: str | None = None
    description: str = Field(sa_column_kwargs=FREE_TEXT)
    status: str  # open | in_progress | resolved | rejected
    created_on: str
    sla_due_on: str
    resolution_note: str | None = Field(default=None, sa_column_kwargs=FREE_TEXT)


class InsurancePolicy(SQLModel, table=True):
    """An insurance policy the bank distributes, with its premium auto-debit."""

    __tablename__ = "insurance_policies"
    policy_id: str = Field(primary_key=True)
    customer_id: str = Field(foreign_key="customers.customer_id", index=True)
    policy_type: str  # life | health | motor | home
    insurer: str
    plan_name: str
    sum_assured_paise: int
    premium_paise: int
    premium_frequency: str  # monthly | yearly
    next_due_date: str
    status: str  # active | lapsed
    nominee_name: str | None = None
    debit_account_id: str | None = Field(default=None, foreign_key="accounts.account_id")


class ProductOffer(SQLModel, table=True):
    """A product the bank offers, and which segment may take it."""

    __tablename__ = "product_offers"
    offer_id: str = Field(primary_key=True)
    category: str  # deposits | loans | cards | insurance | accounts
    name: str
    summary: str
    rate_bps: int | None = None
    eligible_segment: str  # all | senior_citizen | premium
    valid_until: str


class Handoff(SQLModel, table=True):
    """A conversation handed to a human agent."""

    __tablename__ = "handoffs"
    handoff_id: str = Field(primary_key=True)
    customer_id: str = Field(foreign_key="customers.customer_id", index=True)
    summary: str = Field(sa_column_kwargs=FREE_TEXT)
    created_on: str


#: Every business table, in dependency order (parents first).
BUSINESS_TABLES: tuple[type[SQLModel], ...] = (
    Branch,
    Customer,
    Address,
    Account,
    AccountHolder,
    Transaction,
    Deposit,
    Loan,
    Card,
    CardControl,
    Mandate,
    ChequeBook,
    Cheque,
    StatementRequest,
    ServiceRequest,
    InsurancePolicy,
    ProductOffer,
    Handoff,
)


def table_of(model: type[SQLModel]) -> Table:
    """A table model's SQLAlchemy table (SQLModel adds ``__table__`` to ``table=True`` models, untyped)."""
    table = model.__table__  # type: ignore[attr-defined]  # set by SQLModel's metaclass on table models only
    assert isinstance(table, Table)
    return table


def table_name(model: type[SQLModel]) -> str:
    """A table model's name (SQLModel types ``__tablename__`` as a name or a function making one; ours are names)."""
    return table_of(model).name


#: Tables every session sees whole; all others hold one customer's rows in a session.
REFERENCE_TABLES: frozenset[str] = frozenset({"branches", "product_offers"})
