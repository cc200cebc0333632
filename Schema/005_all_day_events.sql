-- Events: ids never given twice (as 004 did for the other tables), and all-day events.
--
-- An all-day event is a run of days, the same days in every zone (a birthday is on 24 December in
-- Tokyo and in Berlin): it is stored from 00:00 UTC of its first day to 00:00 UTC after its last,
-- with all_day = 1, and shown on its days whatever --tz says. events_by_start carries all_day too,
-- so an agenda row still needs nothing from the table.

CREATE TABLE events_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    title       TEXT NOT NULL CHECK (title <> ''),
    person      TEXT,
    starts_at   TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(starts_at)) IS starts_at),
    ends_at     TEXT CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(ends_at)) IS ends_at),
    image       TEXT,
    description TEXT,
    all_day     INTEGER NOT NULL DEFAULT 0 CHECK (all_day IN (0, 1)),
    CHECK (ends_at IS NULL OR ends_at >= starts_at),
    -- Whole days: from a midnight in UTC to a later one.
    CHECK (all_day = 0 OR (substr(starts_at, 11) = 'T00:00:00Z' AND substr(ends_at, 11) = 'T00:00:00Z' AND ends_at > starts_at))
) STRICT;
INSERT INTO events_new (id, title, person, starts_at, ends_at, image, description)
    SELECT id, title, person, starts_at, ends_at, image, description FROM events;
DROP TABLE events;
ALTER TABLE events_new RENAME TO events;

-- As in 002: the columns an agenda row shows, in the order it shows them; and the events of a day or
-- more by their length.
CREATE INDEX events_by_start ON events (starts_at, ends_at, title, person, image, all_day);
CREATE INDEX events_by_length ON events ((unixepoch(ends_at) - unixepoch(starts_at)))
    WHERE substr(ends_at, 1, 10) > substr(starts_at, 1, 10);
