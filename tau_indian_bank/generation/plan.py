"""How many tasks each family contributes (the composition the validator checks)."""

QUOTAS: dict[str, int] = {
    "fd_close": 3, "fd_close_by_number": 2, "rd_close": 2, "deposit_close_other_account": 2, "matured_deposit_close": 2,
    "deposit_already_closed": 2, "ambiguous_deposit": 2, "fd_open": 2, "rd_open": 2, "fd_open_payout": 2,
    "insufficient_balance": 2, "kyc_expired_deposit": 2, "rd_not_multiple": 2, "senior_claim": 2,
    "dormant_reactivation": 2, "maturity_instruction": 2, "close_and_reopen": 2, "compare_tenures_open": 2,
}
