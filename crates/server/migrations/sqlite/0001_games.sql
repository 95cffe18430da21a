-- A game is its configuration, its seed (secret until the end) with the
-- public commitment, its link hashes, and an append-only event log.
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    config      TEXT NOT NULL,
    seed        TEXT NOT NULL,
    commitment  TEXT NOT NULL,
    host_hash   BLOB NOT NULL,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seat        INTEGER NOT NULL,
    token_hash  BLOB NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Actions and host commands, in order. kind: 'act', 'pause', 'resume',
-- 'bot', 'human', 'end'. Never updated or deleted.
CREATE TABLE events (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         BIGINT NOT NULL,
    at_ms       BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    seat        INTEGER,
    body        TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
