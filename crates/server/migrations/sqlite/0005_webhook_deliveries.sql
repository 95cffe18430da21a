-- Each chat webhook's delivery state (docs/webhooks.md), kept so that it
-- survives a restart: the counts, the last delivery and error, and the
-- message being retried (its content type and body, exactly as posted),
-- which a restarted server sends again.
CREATE TABLE webhook_deliveries (
    game_id           TEXT NOT NULL REFERENCES games(id),
    hook              BIGINT NOT NULL,
    delivered         BIGINT NOT NULL,
    failed            BIGINT NOT NULL,
    last_delivery_ms  BIGINT,
    last_error        TEXT,
    last_error_ms     BIGINT,
    attempts          BIGINT NOT NULL,
    pending_kind      TEXT,
    pending_body      BLOB,
    PRIMARY KEY (game_id, hook)
);
