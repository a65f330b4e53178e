import re

import pytest

from tau_indian_bank.bank import knowledge
from tau_indian_bank.bank.stated import STATED_FIGURES
from tau_indian_bank.paths import POLICY_FILE, REGULATIONS_DIR, ROOT
from tau_indian_bank.tasks.suite_files import load_suite


@pytest.mark.parametrize("figure", STATED_FIGURES, ids=lambda f: f.name)
def test_documents_state_the_constants_exactly(figure):
    for document in figure.documents:
        assert figure.text in (ROOT / document).read_text(encoding="utf-8"), f"{document} must state {figure.text}"


def test_rupee_figures_in_the_policy_come_from_the_constants():
    policy = POLICY_FILE.read_text(encoding="utf-8")
    stated = {f.text for f in STATED_FIGURES}
    mentioned = set(re.findall(r"₹\d[\d,]*\d", policy))
    assert mentioned <= stated, f"rupee figures in the policy that no constant backs: {mentioned - stated}"


def test_every_clause_a_task_cites_exists_in_the_policy():
    policy = POLICY_FILE.read_text(encoding="utf-8")
    clauses = set(re.findall(r"^(\d+\.\d+) ", policy, flags=re.MULTILINE))
    cited = {c for task in load_suite() for c in re.findall(r"§(\d+\.\d+)", task["description"]["relevant_policies"])}
    assert cited and cited <= clauses, cited - clauses


def test_the_agent_never_sees_the_maintainers_preamble():
    from tau_indian_bank.plugin.environment import agent_policy

    text = agent_policy()
    assert text.startswith("# Bharat Sahakari Bank")
    assert "MAINTAINERS" not in text and "action check" not in text


def test_knowledge_base_has_at_least_twenty_documents_with_headers():
    sections = knowledge.load_sections()
    documents = {s.doc_id for s in sections}
    assert len(documents) >= 20
    assert all(s.effective_date <= "2026-07-15" for s in sections)


@pytest.mark.parametrize(
    ("query", "document"),
    [
        ("UPI daily limit", "upi_limits"),
        ("TDS on FD interest Form 15G", "tds_on_deposits"),
        ("premature withdrawal penalty fixed deposit", "premature_withdrawal"),
        ("positive pay cheque", "positive_pay"),
        ("deposit insurance DICGC", "deposit_insurance"),
        ("gold loan LTV", "gold_loans"),
        ("dormant inoperative account", "dormant_accounts"),
        ("ombudsman complaint escalation", "banking_ombudsman"),
        ("RTGS minimum amount", "neft_rtgs_imps"),
        ("lost card block", "lost_or_stolen_cards"),
    ],
)
def test_search_ranks_the_right_document_first(bank, query, document):
    results = knowledge.search(bank.knowledge, query)
    assert results and results[0]["document_id"] == document


def test_search_survives_fts_syntax_and_empty_queries(bank):
    assert knowledge.search(bank.knowledge, '"unbalanced (NEAR OR') is not None
    assert knowledge.search(bank.knowledge, "!!! ???") == []


def test_a_document_without_its_header_is_a_one_line_error(tmp_path):
    (tmp_path / "broken.md").write_text("# No header\n\n## 1. Section\ntext\n", encoding="utf-8")
    with pytest.raises(knowledge.KnowledgeBaseError, match="broken.md: missing the '---' header block"):
        knowledge.load_sections(tmp_path)
    assert REGULATIONS_DIR.is_dir()
