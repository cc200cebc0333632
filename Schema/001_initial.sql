-- Almanac's first schema: all five domains at once.
--
-- Conventions:
--   * Every table is STRICT, so a value of the wrong type is refused instead of stored as text.
--   * Dates (*_on) are 'YYYY-MM-DD'; instants (*_at) are UTC 'YYYY-MM-DDTHH:MM:SSZ'. Both are checked
--     by a round trip through julianday(), which turns 2025-02-30 into 2025-03-02 and so refuses it.
--   * Every rule SQL can hold is here; rules that need more (ISO 3166-1 membership, options of a quiz
--     answer being distinct) are checked again by the importers with located error messages.

-- Advent calendars ----------------------------------------------------------------------------------

CREATE TABLE holidays (
    key      TEXT NOT NULL PRIMARY KEY CHECK (key <> '' AND key NOT GLOB '*[^a-z0-9-]*'),
    title    TEXT NOT NULL CHECK (title <> ''),
    color    TEXT CHECK (color IS NULL OR (length(color) = 7 AND color GLOB '#[0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f][0-9A-Fa-f]')),
    image    TEXT,
    greeting TEXT
) STRICT;

CREATE TABLE doors (
    holiday   TEXT NOT NULL REFERENCES holidays (key) ON DELETE CASCADE ON UPDATE CASCADE,
    door      INTEGER NOT NULL CHECK (door BETWEEN 1 AND 24),
    surprise  TEXT NOT NULL CHECK (surprise <> ''),
    opened_at TEXT CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(opened_at)) IS opened_at),
    PRIMARY KEY (holiday, door)
) STRICT;

-- One row: which holiday is selected and whether test mode (doors in any order) is on.
CREATE TABLE calendar_state (
    id               INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
    selected_holiday TEXT REFERENCES holidays (key) ON DELETE SET NULL ON UPDATE CASCADE,
    test_mode        INTEGER NOT NULL DEFAULT 0 CHECK (test_mode IN (0, 1))
) STRICT;
INSERT INTO calendar_state (id) VALUES (1);

-- Events --------------------------------------------------------------------------------------------

CREATE TABLE events (
    id          INTEGER PRIMARY KEY,
    title       TEXT NOT NULL CHECK (title <> ''),
    person      TEXT,
    starts_at   TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(starts_at)) IS starts_at),
    ends_at     TEXT CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(ends_at)) IS ends_at),
    image       TEXT,
    description TEXT,
    CHECK (ends_at IS NULL OR ends_at >= starts_at)
) STRICT;
CREATE INDEX events_by_start ON events (starts_at);

-- Countries and the flag quiz -----------------------------------------------------------------------

CREATE TABLE countries (
    code    TEXT NOT NULL PRIMARY KEY CHECK (length(code) = 2 AND code GLOB '[A-Z][A-Z]'),
    name    TEXT NOT NULL CHECK (name <> ''),
    alpha3  TEXT CHECK (alpha3 IS NULL OR (length(alpha3) = 3 AND alpha3 GLOB '[A-Z][A-Z][A-Z]')),
    numeric TEXT CHECK (numeric IS NULL OR (length(numeric) = 3 AND numeric GLOB '[0-9][0-9][0-9]'))
) STRICT;

CREATE TABLE quiz_answers (
    id          INTEGER PRIMARY KEY,
    player      TEXT NOT NULL CHECK (player <> ''),
    session     TEXT,
    answered_at TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(answered_at)) IS answered_at),
    country     TEXT NOT NULL REFERENCES countries (code) ON UPDATE CASCADE,
    chosen      TEXT NOT NULL REFERENCES countries (code) ON UPDATE CASCADE,
    -- Four distinct codes joined by '|' that include both the country asked and the one chosen.
    options     TEXT CHECK (options IS NULL OR (
                    length(options) = 11
                    AND options GLOB '[A-Z][A-Z]|[A-Z][A-Z]|[A-Z][A-Z]|[A-Z][A-Z]'
                    AND instr(options, country) > 0 AND instr(options, chosen) > 0
                    AND substr(options, 1, 2) NOT IN (substr(options, 4, 2), substr(options, 7, 2), substr(options, 10, 2))
                    AND substr(options, 4, 2) NOT IN (substr(options, 7, 2), substr(options, 10, 2))
                    AND substr(options, 7, 2) <> substr(options, 10, 2))),
    correct     INTEGER GENERATED ALWAYS AS (country = chosen) VIRTUAL
) STRICT;
CREATE INDEX quiz_answers_by_player ON quiz_answers (player, answered_at);

-- Snowman animation ---------------------------------------------------------------------------------

-- A stepper: values run from min to max in steps of step, starting at min.
CREATE TABLE animation_properties (
    key           TEXT NOT NULL PRIMARY KEY CHECK (key <> '' AND key NOT GLOB '*[^a-z0-9_]*'),
    label         TEXT NOT NULL CHECK (label <> ''),
    min           REAL NOT NULL,
    max           REAL NOT NULL,
    step          REAL NOT NULL CHECK (step > 0),
    default_value REAL NOT NULL,
    CHECK (min < max),
    CHECK (default_value BETWEEN min AND max),
    -- On the grid, allowing for binary floating point (0.1 * 3 is not 0.3).
    CHECK (abs((default_value - min) / step - round((default_value - min) / step)) < 1e-6)
) STRICT;

CREATE TABLE animation_settings (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL UNIQUE CHECK (name <> ''),
    created_at TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(created_at)) IS created_at)
) STRICT;

CREATE TABLE animation_setting_values (
    setting_id   INTEGER NOT NULL REFERENCES animation_settings (id) ON DELETE CASCADE,
    property_key TEXT NOT NULL REFERENCES animation_properties (key) ON DELETE CASCADE ON UPDATE CASCADE,
    value        REAL NOT NULL,
    PRIMARY KEY (setting_id, property_key)
) STRICT;

-- A value must lie in its property's range and on its grid; a CHECK cannot see the other table.
CREATE TRIGGER animation_setting_values_in_range_on_insert
BEFORE INSERT ON animation_setting_values
BEGIN
    SELECT RAISE(ABORT, 'animation value out of its property''s range or off its step grid')
    FROM animation_properties AS p
    WHERE p.key = NEW.property_key
      AND (NEW.value < p.min OR NEW.value > p.max
           OR abs((NEW.value - p.min) / p.step - round((NEW.value - p.min) / p.step)) >= 1e-6);
END;

CREATE TRIGGER animation_setting_values_in_range_on_update
BEFORE UPDATE OF value, property_key ON animation_setting_values
BEGIN
    SELECT RAISE(ABORT, 'animation value out of its property''s range or off its step grid')
    FROM animation_properties AS p
    WHERE p.key = NEW.property_key
      AND (NEW.value < p.min OR NEW.value > p.max
           OR abs((NEW.value - p.min) / p.step - round((NEW.value - p.min) / p.step)) >= 1e-6);
END;

-- Book loans ----------------------------------------------------------------------------------------

CREATE TABLE books (
    id          INTEGER PRIMARY KEY,
    title       TEXT NOT NULL CHECK (title <> ''),
    author      TEXT,
    borrower    TEXT,
    loaned_on   TEXT NOT NULL CHECK (date(julianday(loaned_on)) IS loaned_on),
    due_on      TEXT NOT NULL CHECK (date(julianday(due_on)) IS due_on),
    returned_on TEXT CHECK (date(julianday(returned_on)) IS returned_on),
    CHECK (due_on >= loaned_on),
    -- Due within 3 months of the loan, clamped to the month's end: Nov 30 + 3 months = Feb 28/29.
    CHECK (due_on <= min(date(loaned_on, '+3 months'), date(loaned_on, 'start of month', '+4 months', '-1 day'))),
    CHECK (returned_on IS NULL OR returned_on >= loaned_on)
) STRICT;
-- The overdue check reads only open loans by due date: a partial index keeps it small and ordered.
CREATE INDEX books_open_by_due ON books (due_on) WHERE returned_on IS NULL;

-- One row per loan and notice level, recorded when `overdue --notify` issued it.
CREATE TABLE overdue_notices (
    book_id   INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    level     INTEGER NOT NULL CHECK (level >= 0),
    issued_on TEXT NOT NULL CHECK (date(julianday(issued_on)) IS issued_on),
    PRIMARY KEY (book_id, level)
) STRICT;

-- Imports -------------------------------------------------------------------------------------------

CREATE TABLE import_log (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    file_name   TEXT NOT NULL,
    sha256      TEXT CHECK (sha256 IS NULL OR (length(sha256) = 64 AND sha256 NOT GLOB '*[^0-9a-f]*')),
    rows        INTEGER NOT NULL DEFAULT 0 CHECK (rows >= 0),
    rejected    INTEGER NOT NULL DEFAULT 0 CHECK (rejected >= 0),
    started_at  TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(started_at)) IS started_at),
    finished_at TEXT CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(finished_at)) IS finished_at)
) STRICT;
