"""Accounts: the customer's profile, account details, transactions, statements, address."""

# No ``from __future__ import annotations`` in tool modules: tau2 builds each tool's
# JSON schema from the live annotations, which must not be strings.

import datetime as dt
import sqlite3
from typing import Annotated, Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.clock import add_months
from tau_indian_bank.bank.money import paise_to_rupees
from tau_indian_bank.constants import STATEMENT_MAX_MONTHS, STATEMENT_RETENTION_YEARS
from tau_indian_bank.tools.arguments import AccountId, IntArg, IsoDate, Pincode, PlainText, Rupees, normalise_text
from tau_indian_bank.tools.base import RefusedError, ToolsBase, last4

Channel = Literal["upi", "neft", "imps", "rtgs", "atm", "pos", "cheque", "internal"]
Limit = Annotated[int, IntArg(1, 100)]


def _transaction_filter(
    account_id: str,
    from_date: IsoDate | None,
    to_date: IsoDate | None,
    direction: str | None,
    channels: list[Channel] | None,
    min_amount: Rupees | None,
) -> tuple[str, tuple[object, ...]]:
    """The SQL condition, and its parameters, that selects an account's transactions by the filters given."""
    where: list[str] = ["account_id = ?"]
    params: list[object] = [account_id]
    for clause, value in (
        ("posted_on >= ?", from_date),
        ("posted_on <= ?", to_date),
        ("direction = ?", direction),
        ("amount_paise >= ?", min_amount),
    ):
        if value is not None:
            where.append(clause)
            params.append(value.isoformat() if isinstance(value, dt.date) else value)
    if channels:
        where.append(f"channel IN ({', '.join('?' * len(channels))})")
        params.extend(channels)
    return " AND ".join(where), tuple(params)


def _transaction(t: sqlite3.Row) -> dict[str, Any]:
    """One transaction as the tools show it (amounts in rupees)."""
    return {
        "txn_id": t["txn_id"],
        "date": t["posted_on"],
        "direction": t["direction"],
        "channel": t["channel"],
        "amount": paise_to_rupees(t["amount_paise"]),
        "counterparty": t["counterparty"],
        "reference": t["reference"],
        "narration": t["narration"],
        "status": t["status"],
        "balance_after": paise_to_rupees(t["balance_after_paise"]),
    }


class AccountTools(ToolsBase):
    """Accounts: the customer's profile, account details, transactions, statements, address."""

    @is_tool(ToolType.READ)
    def get_customer_profile(self) -> dict[str, Any]:
        """Get the logged-in customer's profile: identity, KYC, masked contacts, addresses, accounts, cards and loans.

        Returns:
            The profile of the customer who is logged in to this conversation.
        """
        customer = self.customer()
        born = clock.parse_iso(customer["date_of_birth"])
        return {
            "customer_id": customer["customer_id"],
            "full_name": customer["full_name"],
            "age": clock.age_on(born, clock.today()),
            "segment": customer["segment"],
            "kyc_status": customer["kyc_status"],
            "kyc_due_date": customer["kyc_due_date"],
            "pan_on_file": bool(customer["pan_on_file"]),
            "mobile": customer["mobile_masked"],
            "email": customer["email_masked"],
            "customer_since": customer["customer_since"],
            "addresses": [
                {k: a[k] for k in ("address_type", "line1", "line2", "city", "state", "pincode")}
                for a in self.rows("SELECT * FROM addresses ORDER BY address_type")
            ],
            "accounts": [
                {
                    "account_id": a["account_id"],
                    "account_type": a["account_type"],
                    "last4": last4(a["account_id"]),
                    "status": a["status"],
                    "role": a["role"],
                }
                for a in self.rows(
                    "SELECT a.*, h.role FROM accounts a JOIN account_holders h ON h.account_id = a.account_id "
                    "WHERE h.customer_id = ? ORDER BY a.account_id",
                    (self.customer_id,),
                )
            ],
            "cards": [
                {"card_id": c["card_id"], "card_type": c["card_type"], "network": c["network"], "last4": c["last4"], "status": c["status"]}
                for c in self.rows("SELECT * FROM cards ORDER BY card_id")
            ],
            "loans": [
                {"loan_id": loan["loan_id"], "loan_type": loan["loan_type"], "status": loan["status"]}
                for loan in self.rows("SELECT * FROM loans ORDER BY loan_id")
            ],
        }

    @is_tool(ToolType.READ)
    def get_account_details(self, account_id: AccountId) -> dict[str, Any]:
        """Get an account's balance, status, branch, holders, nominee and cheque facility.

        Args:
            account_id: The account number, such as '501004412345'.

        Returns:
            The account's details.
        """
        a = self.account(account_id)
        branch = self.one("SELECT * FROM branches WHERE ifsc = ?", (a["ifsc"],))
        holders = self.rows(
            "SELECT holder_name, role FROM account_holders WHERE account_id = ? ORDER BY role DESC, holder_name", (account_id,)
        )
        return {
            "account_id": a["account_id"],
            "account_type": a["account_type"],
            "status": a["status"],
            "balance": paise_to_rupees(a["balance_paise"]),
            "minimum_balance": paise_to_rupees(a["min_balance_paise"]),
            "ifsc": a["ifsc"],
            "branch": branch["branch_name"] if branch else None,
            "mode_of_operation": a["mode_of_operation"],
            "holders": [{"name": h["holder_name"], "role": h["role"]} for h in holders],
            "nominee_registered": a["nominee_name"] is not None,
            "nominee_name": a["nominee_name"],
            "opened_on": a["opened_on"],
            "last_customer_transaction_on": a["last_customer_txn_on"],
            "cheque_facility": bool(a["cheque_facility"]),
        }

    @is_tool(ToolType.READ)
    def get_transactions(
        self,
        account_id: AccountId,
        from_date: IsoDate | None = None,
        to_date: IsoDate | None = None,
        direction: Literal["credit", "debit"] | None = None,
        channels: list[Channel] | None = None,
        min_amount: Rupees | None = None,
        limit: Limit = 20,
    ) -> dict[str, Any]:
        """List an account's transactions, newest first, with optional filters.

        Args:
            account_id: The account number, such as '501004412345'.
            from_date: Earliest posting date to include, such as '2026-06-01'.
            to_date: Latest posting date to include, such as '2026-06-30'.
            direction: Only 'credit' (money in) or only 'debit' (money out).
            channels: Only these payment rails, such as ['neft', 'imps'].
            min_amount: Only transactions of at least this many rupees, such as 10000.
            limit: At most this many transactions (1 to 100), such as 20.

        Returns:
            The matching transactions and how many matched in total.
        """
        self.account(account_id)
        condition, params = _transaction_filter(account_id, from_date, to_date, direction, channels, min_amount)
        total = self.scalar(f"SELECT COUNT(*) FROM transactions WHERE {condition}", params)
        rows = self.rows(f"SELECT * FROM transactions WHERE {condition} ORDER BY posted_on DESC, txn_id DESC LIMIT ?", (*params, limit))
        return {"account_id": account_id, "matched": total, "transactions": [_transaction(t) for t in rows]}

    @is_tool(ToolType.WRITE)
    def request_statement(
        self,
        account_id: AccountId,
        from_date: IsoDate,
        to_date: IsoDate,
        delivery: Literal["email", "post"] = "email",
    ) -> dict[str, Any]:
        """Request an account statement for a date range, delivered by e-mail or by post to the communication address.

        Args:
            account_id: The account number, such as '501004412345'.
            from_date: First day of the statement, such as '2026-01-01'.
            to_date: Last day of the statement, such as '2026-06-30'.
            delivery: 'email' to the registered e-mail address, or 'post' to the communication address.

        Returns:
            The statement request's reference.
        """
        self.account(account_id)
        today = clock.today()
        if from_date > to_date:
            raise RefusedError("from_date is after to_date; swap them")
        if to_date > today:
            raise RefusedError(f"to_date is in the future; the latest possible date is {today.isoformat()}")
        if add_months(from_date, STATEMENT_MAX_MONTHS) <= to_date:
            raise RefusedError(f"a statement can cover at most {STATEMENT_MAX_MONTHS} months; split the period")
        if from_date < today.replace(year=today.year - STATEMENT_RETENTION_YEARS):
            raise RefusedError(f"records are kept for {STATEMENT_RETENTION_YEARS} years; choose a later from_date")
        content = [account_id, from_date.isoformat(), to_date.isoformat(), delivery]
        request_id = self.new_id("STMT", "statement_requests", "request_id", content)
        self.insert(
            "statement_requests",
            {
                "request_id": request_id,
                "account_id": account_id,
                "from_date": from_date.isoformat(),
                "to_date": to_date.isoformat(),
                "delivery": delivery,
                "requested_on": today.isoformat(),
                "status": "queued",
            },
        )
        return {
            "request_id": request_id,
            "account_id": account_id,
            "from_date": from_date.isoformat(),
            "to_date": to_date.isoformat(),
            "delivery": delivery,
            "status": "queued",
        }

    @is_tool(ToolType.WRITE)
    def update_address(
        self,
        address_type: Literal["communication", "permanent"],
        line1: PlainText,
        line2: PlainText,
        city: PlainText,
        state: PlainText,
        pincode: Pincode,
    ) -> dict[str, Any]:
        """Replace one of the customer's addresses on record.

        Args:
            address_type: Which address to replace: 'communication' or 'permanent'.
            line1: House or flat and building, such as 'Flat 4B, Sunrise Apartments'.
            line2: Street and locality, such as '12th Cross, Indiranagar'.
            city: City, such as 'Bengaluru'.
            state: State, such as 'Karnataka'.
            pincode: Six-digit PIN code, such as '560038'.

        Returns:
            The address as now recorded (the bank stores addresses in capitals).
        """
        if pincode.startswith("0"):
            raise RefusedError("an Indian PIN code does not start with 0; ask the customer to re-check it")
        new = {
            "line1": normalise_text(line1),
            "line2": normalise_text(line2),
            "city": normalise_text(city),
            "state": normalise_text(state),
            "pincode": pincode,
        }
        if not all(new.values()):
            raise RefusedError("every address line must contain letters or digits")
        key = {"customer_id": self.customer_id, "address_type": address_type}
        current = self.one("SELECT * FROM addresses WHERE customer_id = ? AND address_type = ?", tuple(key.values()))
        assert current is not None
        if all(current[k] == v for k, v in new.items()):
            raise RefusedError(f"the {address_type} address on record is already exactly this; nothing to change")
        self.update("addresses", key, {**new, "updated_on": clock.today_iso()})
        return {"address_type": address_type, **new, "updated_on": clock.today_iso()}
