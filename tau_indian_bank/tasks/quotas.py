"""How many tasks each family contributes: the suite's composition.

The quotas add up to the paper's figures, which ``composition`` checks: 470
sequencing, 266 edge-case, 152 rare-tool and 112 control tasks; 962 tasks with a read,
114 without a write (93 of them control, 21 edge cases), so 38 without a read (9 control,
29 edge cases); control averages 1.38 gold calls; at least 40 tasks have five or more
gold calls. A write is one of the 13 write tools: the hand-over to a human
(``transfer_to_human_agents``, its own kind of tool) is not one, so the 10 hand-over
tasks count among the 21 edge cases without a write.
"""

QUOTAS: dict[str, int] = {
    # sequencing (470)
    "fd_close": 40, "fd_close_by_number": 25, "rd_close": 20, "deposit_close_other_account": 15, "fd_open": 30,
    "rd_open": 20, "fd_open_payout": 15, "maturity_instruction": 25, "close_and_reopen": 20,
    "card_international": 25, "card_limit": 25, "card_channel_off": 15, "card_unfreeze": 20, "card_block_replace": 25,
    "two_cards_limit": 10,
    "cheque_stop": 30, "cheque_book": 20, "mandate_cancel": 30, "cheque_stop_and_book": 10,
    "statement": 25, "dispute_txn": 15, "statement_and_address": 10,
    # edge cases (266): 21 with no write (11 reads only, 10 hand-overs), 29 with no read
    "deposit_already_closed": 4, "cheque_cleared": 4, "insufficient_balance": 3,
    "kyc_expired_deposit": 14, "permanent_address": 10, "bereavement": 3, "account_takeover": 2,
    "ambiguous_deposit": 12, "matured_deposit_close": 15, "rd_not_multiple": 10, "senior_claim": 12,
    "dormant_reactivation": 14,
    "card_unsure_freeze": 30, "blocked_card_unfreeze": 18, "limit_above_max": 15, "unauthorised_card_txn": 25,
    "otp_offered": 10,
    "mandate_other_account": 18, "returned_cheque_stop": 12, "ambiguous_account_cheque_book": 15,
    "statement_over_12_months": 15, "overdue_escalate": 5,
    # rare tool (152)
    "gold_loan_apply": 25, "loan_foreclosure": 25, "insurance_claim": 20, "offer_to_deposit": 20,
    "failed_txn_compensation": 20, "request_followup": 15, "compare_tenures_open": 15, "mandate_after_rules": 12,
    # control (112): 60 single reads, 33 double reads, 10 write-and-read-back, 9 single writes (155 calls)
    "balance": 14, "deposit_rates": 7, "rules_question": 13, "loan_emi": 8, "card_status": 6, "request_status": 6,
    "insurance_premium": 3, "gold_rate": 3,
    "two_balances": 7, "deposit_maturity": 8, "loan_offer_emi": 6, "card_and_account": 6, "gold_eligibility": 6,
    "update_address": 10, "nominee_request": 9,
}
