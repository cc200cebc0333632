-- Ids are never given twice: a deleted loan's, answer's or setting's id stays used.
--
-- AUTOINCREMENT makes SQLite keep the largest id a table ever held in sqlite_sequence and give the
-- next one above it, also after the rows with the largest ids were deleted (a plain INTEGER PRIMARY
-- KEY gives max(id) + 1 again). A table takes it only when it is made, so each is made again with
-- its rows, CHECKs, indexes and triggers as they were. Migrations run inside a transaction with
-- foreign keys on, where dropping a table deletes its rows first and cascades to the rows that
-- refer to them: each table's children are kept aside and made again after it, and every foreign key
-- is checked before the commit (`DatabaseMigrator`). Events follow in 005, with all-day events.

-- Book loans, and the notices recorded for them -----------------------------------------------------

CREATE TEMP TABLE kept_notices AS SELECT book_id, level, issued_on FROM overdue_notices;
DROP TABLE overdue_notices;

CREATE TABLE books_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO books_new (id, title, author, borrower, loaned_on, due_on, returned_on)
    SELECT id, title, author, borrower, loaned_on, due_on, returned_on FROM books;
DROP TABLE books;
ALTER TABLE books_new RENAME TO books;
-- The overdue check reads only open loans by due date: a partial index keeps it small and ordered.
CREATE INDEX books_open_by_due ON books (due_on) WHERE returned_on IS NULL;

-- One row per loan and notice level, recorded when `overdue --notify` issued it.
CREATE TABLE overdue_notices (
    book_id   INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    level     INTEGER NOT NULL CHECK (level >= 0),
    issued_on TEXT NOT NULL CHECK (date(julianday(issued_on)) IS issued_on),
    PRIMARY KEY (book_id, level)
) STRICT;
INSERT INTO overdue_notices (book_id, level, issued_on) SELECT book_id, level, issued_on FROM temp.kept_notices;
DROP TABLE temp.kept_notices;

-- Quiz answers ---------------------------------------------------------------------------------------

CREATE TABLE quiz_answers_new (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
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
INSERT INTO quiz_answers_new (id, player, session, answered_at, country, chosen, options)
    SELECT id, player, session, answered_at, country, chosen, options FROM quiz_answers;
DROP TABLE quiz_answers;
ALTER TABLE quiz_answers_new RENAME TO quiz_answers;
-- The report indexes as migration 3 made them (the quiz reports read them alone).
CREATE INDEX quiz_answers_by_player ON quiz_answers (player, answered_at, correct);
CREATE INDEX quiz_answers_by_country ON quiz_answers (country, correct, chosen);

-- Saved animation settings, and their values ---------------------------------------------------------

CREATE TEMP TABLE kept_values AS SELECT setting_id, property_key, value FROM animation_setting_values;
DROP TABLE animation_setting_values;

CREATE TABLE animation_settings_new (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    name       TEXT NOT NULL UNIQUE CHECK (name <> ''),
    created_at TEXT NOT NULL CHECK (strftime('%Y-%m-%dT%H:%M:%SZ', julianday(created_at)) IS created_at)
) STRICT;
INSERT INTO animation_settings_new (id, name, created_at) SELECT id, name, created_at FROM animation_settings;
DROP TABLE animation_settings;
ALTER TABLE animation_settings_new RENAME TO animation_settings;

CREATE TABLE animation_setting_values (
    setting_id   INTEGER NOT NULL REFERENCES animation_settings (id) ON DELETE CASCADE,
    property_key TEXT NOT NULL REFERENCES animation_properties (key) ON DELETE CASCADE ON UPDATE CASCADE,
    value        REAL NOT NULL,
    PRIMARY KEY (setting_id, property_key)
) STRICT;
INSERT INTO animation_setting_values (setting_id, property_key, value) SELECT setting_id, property_key, value FROM temp.kept_values;
DROP TABLE temp.kept_values;

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

-- The last ids, as the last-ids kind reads and writes them ---------------------------------------------

-- SQLite keeps them in sqlite_sequence under table names; a file names kinds. Writing one only ever
-- raises it: lowering it would let an id be given again.
CREATE VIEW last_ids (kind, last_id) AS
    SELECT CASE name WHEN 'quiz_answers' THEN 'quiz-answers' WHEN 'animation_settings' THEN 'animation-settings' ELSE name END, seq
    FROM sqlite_sequence WHERE name IN ('books', 'events', 'quiz_answers', 'animation_settings');

CREATE TRIGGER last_ids_insert INSTEAD OF INSERT ON last_ids
BEGIN
    UPDATE sqlite_sequence SET seq = max(seq, NEW.last_id) WHERE name = replace(NEW.kind, '-', '_');
    INSERT INTO sqlite_sequence (name, seq) SELECT replace(NEW.kind, '-', '_'), NEW.last_id
        WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = replace(NEW.kind, '-', '_'));
END;
