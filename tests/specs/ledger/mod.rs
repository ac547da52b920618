mod ledger_concurrency;
mod ledger_invariants;
