-- The PostgreSQL twin of sqlite/0001_games.sql: the same tables and
-- columns, with PostgreSQL's types (BYTEA for hashes, BIGINT wherever the
-- server reads an i64).
CREATE TABLE games (
    id          TEXT PRIMARY KEY,
    kind        TEXT NOT NULL,
    config      TEXT NOT NULL,
    seed        TEXT NOT NULL,
    commitment  TEXT NOT NULL,
    host_hash   BYTEA NOT NULL,
    created_ms  BIGINT NOT NULL
);

CREATE TABLE seats (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seat        BIGINT NOT NULL,
    token_hash  BYTEA NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- Actions and host commands, in order. Never updated or deleted.
CREATE TABLE events (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         BIGINT NOT NULL,
    at_ms       BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    seat        BIGINT,
    body        TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
