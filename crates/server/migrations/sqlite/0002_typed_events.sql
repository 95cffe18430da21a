-- The event log becomes typed: each event is one tagged JSON object
-- (crates/server/src/host/event.rs), in place of the kind, seat and body
-- columns of 0001. Every event written before is rewritten to the same
-- event in the new form, so old games replay exactly as they did; a kind
-- this migration does not know makes the NOT NULL fail, and with it the
-- whole migration, rather than lose an event.
CREATE TABLE typed_events (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         BIGINT NOT NULL,
    at_ms       BIGINT NOT NULL,
    event       TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

INSERT INTO typed_events (game_id, seq, at_ms, event)
SELECT game_id, seq, at_ms, CASE kind
    WHEN 'act' THEN json_object('type', 'act', 'seat', seat, 'action', body)
    WHEN 'claim' THEN json_object('type', 'claim', 'seat', seat)
    WHEN 'time' THEN json_object('type', 'time')
    WHEN 'pause' THEN json_object('type', 'pause')
    WHEN 'resume' THEN json_object('type', 'resume')
    WHEN 'extend' THEN json_object('type', 'extend', 'ms', CAST(body AS INTEGER))
    WHEN 'bot' THEN json_object('type', 'bot', 'seat', seat, 'level', CAST(body AS INTEGER))
    WHEN 'human' THEN json_object('type', 'human', 'seat', seat)
    WHEN 'end' THEN json_object('type', 'end')
    WHEN 'host_act' THEN json_object('type', 'host', 'action', body)
END
FROM events;

DROP TABLE events;
ALTER TABLE typed_events RENAME TO events;
