"""Cards: details and controls, freeze and unfreeze, permanent block, channel controls."""

# No ``from __future__ import annotations``: tau2 needs live annotations.

import sqlite3
from typing import Any, Literal

from tau2.environment.toolkit import ToolType, is_tool

from tau_indian_bank.bank import clock
from tau_indian_bank.bank.money import format_rupees, paise_to_rupees
from tau_indian_bank.constants import CARD_CHANNEL_MAX_LIMIT_PAISE
from tau_indian_bank.tools.arguments import CardId, Rupees
from tau_indian_bank.tools.base import RefusedError, ToolsBase, last4

CardChannel = Literal["atm", "pos", "online", "contactless"]
Region = Literal["domestic", "international"]
BlockReason = Literal["lost", "stolen", "damaged", "fraud_suspected"]


def _usable(card: sqlite3.Row, action: str) -> None:
    if card["status"] == "blocked":
        raise RefusedError(
            f"card ending {card['last4']} was blocked permanently on {card['status_changed_on']} "
            f"({card['blocked_reason']}); it cannot be {action}; a replacement card is needed"
        )


class CardTools(ToolsBase):
    """Cards: details and controls, freeze and unfreeze, permanent block, channel controls."""

    def _set_status(self, card: sqlite3.Row, status: str, reason: str | None = None) -> dict[str, Any]:
        changes = {"status": status, "status_changed_on": clock.today_iso()}
        if reason is not None:
            changes["blocked_reason"] = reason
        self.update("cards", {"card_id": card["card_id"]}, changes)
        return {"card_id": card["card_id"], "last4": card["last4"], "previous_status": card["status"], "status": status}

    @is_tool(ToolType.READ)
    def get_card_details(self, card_id: CardId) -> dict[str, Any]:
        """Get a card's status, expiry, linked account, limits and its current per-channel controls.

        Args:
            card_id: The card's id from the customer profile, such as 'CDX4M2Q9TB'.

        Returns:
            The card's details and controls.
        """
        card = self.card(card_id)
        controls = self.rows("SELECT * FROM card_controls WHERE card_id = ? ORDER BY region, channel", (card_id,))
        details = {
            "card_id": card_id,
            "card_type": card["card_type"],
            "network": card["network"],
            "last4": card["last4"],
            "status": card["status"],
            "expiry": card["expiry"],
            "linked_account_last4": last4(card["account_id"]) if card["account_id"] else None,
            "status_changed_on": card["status_changed_on"],
            "blocked_reason": card["blocked_reason"],
            "controls": [
                {
                    "channel": c["channel"],
                    "region": c["region"],
                    "enabled": bool(c["enabled"]),
                    "daily_limit": paise_to_rupees(c["daily_limit_paise"]),
                }
                for c in controls
            ],
        }
        if card["card_type"] == "credit":
            details["credit_limit"] = paise_to_rupees(card["credit_limit_paise"])
            details["outstanding"] = paise_to_rupees(card["outstanding_paise"])
        return details

    @is_tool(ToolType.WRITE)
    def freeze_card(self, card_id: CardId) -> dict[str, Any]:
        """Temporarily freeze a card so that no transaction goes through; it can be unfrozen later.

        Args:
            card_id: The card's id from the customer profile, such as 'CDX4M2Q9TB'.

        Returns:
            The card's new status.
        """
        card = self.card(card_id)
        _usable(card, "frozen")
        if card["status"] == "frozen":
            raise RefusedError(f"card ending {card['last4']} is already frozen")
        return self._set_status(card, "frozen")

    @is_tool(ToolType.WRITE)
    def unfreeze_card(self, card_id: CardId) -> dict[str, Any]:
        """Unfreeze a frozen card so that it works again with its existing controls.

        Args:
            card_id: The card's id from the customer profile, such as 'CDX4M2Q9TB'.

        Returns:
            The card's new status.
        """
        card = self.card(card_id)
        _usable(card, "unfrozen")
        if card["status"] != "frozen":
            raise RefusedError(f"card ending {card['last4']} is not frozen (status: {card['status']})")
        return self._set_status(card, "active")

    @is_tool(ToolType.WRITE)
    def block_card(self, card_id: CardId, reason: BlockReason) -> dict[str, Any]:
        """Block a card permanently (cannot be undone); used when a card is lost, stolen, damaged or misused.

        Args:
            card_id: The card's id from the customer profile, such as 'CDX4M2Q9TB'.
            reason: 'lost', 'stolen', 'damaged' or 'fraud_suspected'.

        Returns:
            The card's new status.
        """
        card = self.card(card_id)
        if card["status"] == "blocked":
            raise RefusedError(f"card ending {card['last4']} is already blocked")
        return self._set_status(card, "blocked", reason)

    @is_tool(ToolType.WRITE)
    def update_card_controls(
        self,
        card_id: CardId,
        channel: CardChannel,
        region: Region,
        enabled: bool,
        daily_limit: Rupees | None = None,
    ) -> dict[str, Any]:
        """Turn one channel of a card on or off in one region, and optionally set its daily limit.

        Args:
            card_id: The card's id from the customer profile, such as 'CDX4M2Q9TB'.
            channel: 'atm', 'pos', 'online' or 'contactless'.
            region: 'domestic' or 'international'.
            enabled: true to allow the channel, false to stop it.
            daily_limit: New daily limit in rupees, such as 25000; leave out to keep the current limit.

        Returns:
            The control as now set.
        """
        card = self.card(card_id)
        _usable(card, "changed")
        current = self.one("SELECT * FROM card_controls WHERE card_id = ? AND channel = ? AND region = ?", (card_id, channel, region))
        assert current is not None
        limit = current["daily_limit_paise"] if daily_limit is None else daily_limit
        maximum = CARD_CHANNEL_MAX_LIMIT_PAISE[channel]
        if limit > maximum:
            raise RefusedError(f"the highest daily {channel} limit is {format_rupees(maximum)}")
        if bool(current["enabled"]) == enabled and current["daily_limit_paise"] == limit:
            raise RefusedError(
                f"{channel} ({region}) is already {'on' if enabled else 'off'} with a daily limit of "
                f"{format_rupees(limit)}; nothing to change"
            )
        self.update(
            "card_controls", {"card_id": card_id, "channel": channel, "region": region}, {"enabled": enabled, "daily_limit_paise": limit}
        )
        return {
            "card_id": card_id,
            "last4": card["last4"],
            "channel": channel,
            "region": region,
            "enabled": enabled,
            "daily_limit": paise_to_rupees(limit),
        }
