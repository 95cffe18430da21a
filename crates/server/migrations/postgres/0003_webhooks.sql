-- The PostgreSQL twin of sqlite/0003_webhooks.sql.
-- A game's chat webhooks (docs/webhooks.md). The URL is a secret: only the
-- host's routes read it. `hook` numbers a game's webhooks in the order the
-- host added them; removing one renumbers none of the others.
CREATE TABLE webhooks (
    game_id     TEXT NOT NULL REFERENCES games(id),
    hook        BIGINT NOT NULL,
    url         TEXT NOT NULL,
    style       TEXT NOT NULL,
    lead_secs   BIGINT,
    PRIMARY KEY (game_id, hook)
);
