-- Events from and for other calendars (Schema/009_event_calendars.sql): location, uid, recurrence
-- and zone, the index that finds an event by its uid, the one that finds the recurring events, and
-- the prefix that names this database's events in the calendars it writes.
ALTER TABLE events ADD COLUMN location text;
ALTER TABLE events ADD COLUMN uid text;
ALTER TABLE events ADD COLUMN recurrence text;
ALTER TABLE events ADD COLUMN zone text;
CREATE UNIQUE INDEX events_by_uid ON events (uid) WHERE uid IS NOT NULL;
CREATE INDEX events_recurring ON events (starts_at) WHERE recurrence IS NOT NULL;

CREATE TABLE calendar_identity (
    id         integer NOT NULL PRIMARY KEY CHECK (id = 1),
    uid_prefix text NOT NULL CHECK (uid_prefix <> '')
);
INSERT INTO calendar_identity (id, uid_prefix) VALUES (1, substr(md5(random()::text || clock_timestamp()::text), 1, 16));
