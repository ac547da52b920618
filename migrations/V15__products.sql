-- Goods investment (owned by `finance::goods`). The money is in the ledger (`invest`
-- accounts and the `interest` system account); these tables hold the catalogue, the orders and
-- each order's payout schedule with what of it is paid.

-- Operator-defined categories (drinks, meat, ...): a code, a picture and names per language.
CREATE TABLE product_categories (
    code       TEXT PRIMARY KEY,
    picture    TEXT,
    sort       INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE product_category_names (
    code TEXT NOT NULL REFERENCES product_categories(code),
    lang TEXT NOT NULL,
    name TEXT NOT NULL,
    PRIMARY KEY (code, lang)
) WITHOUT ROWID;

-- A product. `purchased_minor` is what players bought (real purchases only);
-- `reserved_minor` is capacity the operator holds back (the spec's "virtual purchased
-- amount"), shown as such and never counted as a purchase. The terms (price, units, rate,
-- cycles, payout time) are fixed once the product has an order.
CREATE TABLE products (
    product_id       INTEGER PRIMARY KEY,
    category         TEXT NOT NULL REFERENCES product_categories(code),
    picture          TEXT,
    unit_price_minor INTEGER NOT NULL CHECK (unit_price_minor > 0),
    total_minor      INTEGER NOT NULL CHECK (total_minor > 0),
    purchased_minor  INTEGER NOT NULL DEFAULT 0 CHECK (purchased_minor >= 0),
    reserved_minor   INTEGER NOT NULL DEFAULT 0 CHECK (reserved_minor >= 0),
    min_units        INTEGER NOT NULL CHECK (min_units > 0),
    max_units        INTEGER NOT NULL CHECK (max_units >= min_units),
    rate_bp          INTEGER NOT NULL CHECK (rate_bp >= 0),
    rate_divisor     INTEGER NOT NULL CHECK (rate_divisor > 0),
    yield_type       TEXT NOT NULL
                     CHECK (yield_type IN ('interest_per_cycle', 'at_maturity', 'equal_instalments')),
    cycle_unit       TEXT NOT NULL CHECK (cycle_unit IN ('day', 'hour')),
    cycle_length     INTEGER NOT NULL CHECK (cycle_length > 0),
    cycles           INTEGER NOT NULL CHECK (cycles > 0),
    payout_minute    INTEGER CHECK (payout_minute BETWEEN 0 AND 1439),
    start_at         INTEGER NOT NULL,
    end_at           INTEGER NOT NULL CHECK (end_at > start_at),
    closed_at        INTEGER,
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    CHECK (purchased_minor + reserved_minor <= total_minor),
    CHECK ((cycle_unit = 'day') = (payout_minute IS NOT NULL))
);

CREATE TABLE product_texts (
    product_id  INTEGER NOT NULL REFERENCES products(product_id),
    lang        TEXT NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (product_id, lang)
) WITHOUT ROWID;

-- A purchase: whole units of one product, paid from the wallet into `invest` by `entry_id`.
CREATE TABLE product_orders (
    order_id        INTEGER PRIMARY KEY,
    product_id      INTEGER NOT NULL REFERENCES products(product_id),
    user_id         INTEGER NOT NULL REFERENCES users(user_id),
    units           INTEGER NOT NULL CHECK (units > 0),
    principal_minor INTEGER NOT NULL CHECK (principal_minor > 0),
    entry_id        INTEGER NOT NULL REFERENCES entries(entry_id),
    created_at      INTEGER NOT NULL
);
CREATE INDEX product_orders_user ON product_orders(user_id, order_id);
CREATE INDEX product_orders_product ON product_orders(product_id);

-- An order's schedule, written with the order; the payout job fills `entry_id` and
-- `paid_at` (an instalment of 0.00 is marked paid without an entry). The key
-- (order, instalment) makes every instalment paid at most once.
CREATE TABLE product_payouts (
    order_id        INTEGER NOT NULL REFERENCES product_orders(order_id),
    instalment      INTEGER NOT NULL CHECK (instalment > 0),
    due_at          INTEGER NOT NULL,
    interest_minor  INTEGER NOT NULL CHECK (interest_minor >= 0),
    principal_minor INTEGER NOT NULL CHECK (principal_minor >= 0),
    entry_id        INTEGER REFERENCES entries(entry_id),
    paid_at         INTEGER,
    PRIMARY KEY (order_id, instalment),
    CHECK (entry_id IS NULL OR paid_at IS NOT NULL)
) WITHOUT ROWID;
CREATE INDEX product_payouts_due ON product_payouts(due_at, order_id, instalment)
    WHERE paid_at IS NULL;
CREATE INDEX product_payouts_paid ON product_payouts(paid_at) WHERE paid_at IS NOT NULL;
