-- Rules a library sets for itself: the longest loan and the overdue notice levels (issue 29).
--
-- They were constants (3 months, levels 1, 7, 14); now they are settings kept here, read by import,
-- `books add` and `edit` and `overdue`, and changed with `almanac config set` (`LibrarySetting`
-- checks each value; every row holds a checked value, so nothing needs a default when reading).
-- The rows below are the defaults, as the code states them (`ConfigCommandTests` holds the two equal).
CREATE TABLE library_settings (
    key   TEXT NOT NULL PRIMARY KEY CHECK (key <> ''),
    value TEXT NOT NULL CHECK (value <> '')
) STRICT;
INSERT INTO library_settings (key, value) VALUES ('longest-loan-months', '3'), ('notice-levels', '1,7,14');

-- The books table without its CHECK of 3 months: the longest loan is a setting now, checked by the
-- rules every door applies (`LoanRules`), and a loan recorded under a longer setting stays valid
-- when the setting is shortened (existing loans are not judged again). The table is made again as
-- 004 made it, its notices and its last id kept aside and put back.

CREATE TEMP TABLE kept_notices AS SELECT book_id, level, issued_on FROM overdue_notices;
CREATE TEMP TABLE kept_sequence AS SELECT seq FROM sqlite_sequence WHERE name = 'books';
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
    CHECK (returned_on IS NULL OR returned_on >= loaned_on)
) STRICT;
INSERT INTO books_new (id, title, author, borrower, loaned_on, due_on, returned_on)
    SELECT id, title, author, borrower, loaned_on, due_on, returned_on FROM books;
DROP TABLE books;
ALTER TABLE books_new RENAME TO books;
-- The ids given before stay given: a deleted loan's id is above every id copied.
UPDATE sqlite_sequence SET seq = max(seq, (SELECT seq FROM temp.kept_sequence))
    WHERE name = 'books' AND EXISTS (SELECT 1 FROM temp.kept_sequence);
INSERT INTO sqlite_sequence (name, seq) SELECT 'books', seq FROM temp.kept_sequence
    WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'books');
DROP TABLE temp.kept_sequence;
-- As 006 made it: open loans by due date, then id, with the borrower.
CREATE INDEX books_open_by_due ON books (due_on, id, borrower) WHERE returned_on IS NULL;

-- One row per loan and notice level, recorded when `overdue --notify` issued it.
CREATE TABLE overdue_notices (
    book_id   INTEGER NOT NULL REFERENCES books (id) ON DELETE CASCADE,
    level     INTEGER NOT NULL CHECK (level >= 0),
    issued_on TEXT NOT NULL CHECK (date(julianday(issued_on)) IS issued_on),
    PRIMARY KEY (book_id, level)
) STRICT;
INSERT INTO overdue_notices (book_id, level, issued_on) SELECT book_id, level, issued_on FROM temp.kept_notices;
DROP TABLE temp.kept_notices;
