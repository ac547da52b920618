-- A payout account belongs to one player (issue 30): a card is recognised again by a keyed
-- fingerprint of its number (HMAC-SHA256 under secrets.card_mac_key, domain-separated from the
-- ciphertext's tag; the number itself stays only encrypted). Cards linked before this column
-- get theirs when `fairhall migrate` or `serve` starts (wallet::payout_accounts::seal_cards).
ALTER TABLE bank_cards ADD COLUMN card_fingerprint TEXT;
CREATE INDEX bank_cards_fingerprint ON bank_cards(card_fingerprint);
-- A USDT address is compared case-blind for ERC20 (its capitals are only a checksum): the
-- lookup by lower(address) finds every holder of one.
CREATE INDEX usdt_addresses_lower ON usdt_addresses(lower(address));
-- The players who registered or logged in from one client address (`auth::addresses`, for
-- the withdrawal queue and `admin report linked`).
CREATE INDEX sessions_address ON sessions(address, created_at);
