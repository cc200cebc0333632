-- All-day events (Schema/005_all_day_events.sql).
--
-- An all-day event is a run of days, the same days in every zone (a birthday is on 24 December in
-- Tokyo and in Berlin): it is stored from 00:00 UTC of its first day to 00:00 UTC after its last,
-- with all_day = 1, and shown on its days whatever --tz says. events_by_start carries all_day too,
-- so an agenda row still needs nothing from the table.
--
-- SQLite makes the table again here, for AUTOINCREMENT; events has had an identity id since 001, so
-- the column and its rules are added in place (at the end, where SQLite's copy has them too), and
-- events_by_length, which SQLite makes again with the table, stays as 002 made it.
ALTER TABLE events ADD COLUMN all_day bigint NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1));
-- Whole days: from a midnight in UTC to a later one.
ALTER TABLE events ADD CHECK (all_day = 0 OR ((starts_at AT TIME ZONE 'UTC')::time = '00:00:00'
                                              AND (ends_at AT TIME ZONE 'UTC')::time = '00:00:00'
                                              AND ends_at > starts_at));

-- As in 002: the columns an agenda row shows, in the order it shows them.
DROP INDEX events_by_start;
CREATE INDEX events_by_start ON events (starts_at, ends_at, title, person, image, all_day);
