-- Indexes for the agenda: a range of days read in time order, without visiting the table
-- (Schema/002_events_agenda_indexes.sql gives the reasons and the figures).
--
-- events_by_start carries every column an agenda row shows (title, person, image) and ends_at. On
-- PostgreSQL a scan reads the index alone only on pages the visibility map marks all-visible, so
-- after a large import a VACUUM (or autovacuum) is what makes the agenda index-only. One limit SQLite
-- does not have: an index entry holds at most about 2.7 kB, so an event whose title, person and image
-- together exceed that (after compression) is refused.
DROP INDEX events_by_start;
CREATE INDEX events_by_start ON events (starts_at, ends_at, title, person, image);

-- Events that last a day or more, by their length.
--
-- As in SQLite: only the events that end on a later UTC date than they start, ordered by their
-- length. The expressions are PostgreSQL's (an interval, and the UTC dates through AT TIME ZONE 'UTC',
-- which unlike ::date does not depend on the session's time zone, as an index needs); a query uses
-- this index only when it writes the same expressions.
CREATE INDEX events_by_length ON events ((ends_at - starts_at))
    WHERE (ends_at AT TIME ZONE 'UTC')::date > (starts_at AT TIME ZONE 'UTC')::date;
