-- The PostgreSQL twin of sqlite/0002_typed_events.sql: the event log
-- becomes one tagged JSON object per event, every old event rewritten to
-- the same event in the new form (an unknown kind fails the migration).
CREATE TABLE typed_events (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         BIGINT NOT NULL,
    at_ms       BIGINT NOT NULL,
    event       TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

INSERT INTO typed_events (game_id, seq, at_ms, event)
SELECT game_id, seq, at_ms, (CASE kind
    WHEN 'act' THEN json_build_object('type', 'act', 'seat', seat, 'action', body)
    WHEN 'claim' THEN json_build_object('type', 'claim', 'seat', seat)
    WHEN 'time' THEN json_build_object('type', 'time')
    WHEN 'pause' THEN json_build_object('type', 'pause')
    WHEN 'resume' THEN json_build_object('type', 'resume')
    WHEN 'extend' THEN json_build_object('type', 'extend', 'ms', CAST(body AS BIGINT))
    WHEN 'bot' THEN json_build_object('type', 'bot', 'seat', seat, 'level', CAST(body AS BIGINT))
    WHEN 'human' THEN json_build_object('type', 'human', 'seat', seat)
    WHEN 'end' THEN json_build_object('type', 'end')
    WHEN 'host_act' THEN json_build_object('type', 'host', 'action', body)
END)::text
FROM events;

DROP TABLE events;
ALTER TABLE typed_events RENAME TO events;
ALTER TABLE events RENAME CONSTRAINT typed_events_pkey TO events_pkey;
