-- Indexes for the agenda: a range of days read in time order, without visiting the table.
--
-- events_by_start now carries every column an agenda row shows (title, person, image) and ends_at,
-- so a week is one range scan of the index in the order it is shown. Rows are stored by id, which
-- follows insertion, not time: without these columns each event of the week costs a seek into the
-- table on a page of its own (in SQLite alone, a week of a 1,000,000-event year, 20,000 events, took
-- about 50 ms of seeks; this scan takes about 3). The price: the index holds the titles, so a
-- million-event file grows by about a third and its import builds a larger index (about 0.5 s more).
-- The description stays out: only the cards show it, and only its first sentence.
DROP INDEX events_by_start;
CREATE INDEX events_by_start ON events (starts_at, ends_at, title, person, image);

-- Events that last a day or more, by their length.
--
-- The agenda reads events_by_start from one day before its range, for events that began before the
-- range and still run in it. Only an event of a day or more can begin earlier than that and still
-- reach the range, and such events are few, so this index holds only the events that end on a later
-- UTC date than they start (a cheap test on the stored text) and orders them by length: the agenda
-- finds every event of a day or more with one short range scan, however many events the table holds
-- and however long the longest one is.
CREATE INDEX events_by_length ON events ((unixepoch(ends_at) - unixepoch(starts_at)))
    WHERE substr(ends_at, 1, 10) > substr(starts_at, 1, 10);
