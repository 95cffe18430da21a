-- The PostgreSQL twin of sqlite/0004_idempotency.sql (BYTEA, BIGINT).
-- Idempotency keys (docs/server.md#idempotency-keys): the first answer to
-- each keyed submission, per game and link. A key that caused an event is
-- written in the same transaction as the event (seq names it), so after a
-- crash either both are stored or neither is.
CREATE TABLE idempotency (
    game_id     TEXT NOT NULL REFERENCES games(id),
    role        TEXT NOT NULL,
    key         TEXT NOT NULL,
    -- SHA-256 of the endpoint and body: a key reused for another request
    -- is refused.
    request     BYTEA NOT NULL,
    seq         BIGINT,
    status      BIGINT,
    answer      TEXT,
    created_ms  BIGINT NOT NULL,
    PRIMARY KEY (game_id, role, key)
);

-- Game ownership between instances (docs/instances.md): one row per game
-- with the owning instance, its internal address and the lease's expiry.
CREATE TABLE leases (
    game_id     TEXT PRIMARY KEY REFERENCES games(id),
    owner       TEXT NOT NULL,
    address     TEXT NOT NULL,
    expires_ms  BIGINT NOT NULL
);
