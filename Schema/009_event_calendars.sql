-- Events from and for other calendars (iCalendar, issue 41).
--
-- location: where it is (iCalendar's LOCATION).
-- uid: the event's identity in the calendar it came from (iCalendar's UID), so importing the same
--      file again updates the event instead of adding it twice. Events made here have none: an
--      .ics export names them by calendar_identity's prefix and their id (`almanac-PREFIX-ID`), which
--      an import into this database reads back as the id.
-- recurrence: its RRULE, RDATE and EXDATE lines, kept as rules (expanded for the range asked);
--      starts_at and ends_at are the first occurrence.
-- zone: the tz database's zone its times were written in (iCalendar's TZID), on whose wall clock a
--      rule repeats.
-- The rules of the events kind check each value (`EventKind`); the table adds no CHECK the importer
-- would have to repeat.
ALTER TABLE events ADD COLUMN location TEXT;
ALTER TABLE events ADD COLUMN uid TEXT;
ALTER TABLE events ADD COLUMN recurrence TEXT;
ALTER TABLE events ADD COLUMN zone TEXT;
CREATE UNIQUE INDEX events_by_uid ON events (uid) WHERE uid IS NOT NULL;
CREATE INDEX events_recurring ON events (starts_at) WHERE recurrence IS NOT NULL;

-- One row: what names this database's events in the calendars it writes.
CREATE TABLE calendar_identity (
    id         INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    uid_prefix TEXT NOT NULL CHECK (uid_prefix <> '')
) STRICT;
INSERT INTO calendar_identity (id, uid_prefix) VALUES (1, lower(hex(randomblob(8))));
