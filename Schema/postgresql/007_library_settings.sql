-- Rules a library sets for itself: the longest loan and the overdue notice levels (issue 29;
-- Schema/007_library_settings.sql).
--
-- They were constants (3 months, levels 1, 7, 14); now they are settings kept here, read by import,
-- `books add` and `edit` and `overdue`, and changed with `almanac config set` (`LibrarySetting`
-- checks each value; every row holds a checked value, so nothing needs a default when reading).
-- The rows below are the defaults, as the code states them (`ConfigCommandTests` holds the two equal).
CREATE TABLE library_settings (
    key   text COLLATE "C" NOT NULL PRIMARY KEY CHECK (key <> ''),
    value text COLLATE "C" NOT NULL CHECK (value <> '')
);
INSERT INTO library_settings (key, value) VALUES ('longest-loan-months', '3'), ('notice-levels', '1,7,14');

-- The books table without its CHECK of 3 months: the longest loan is a setting now, checked by the
-- rules every door applies (`LoanRules`), and a loan recorded under a longer setting stays valid
-- when the setting is shortened (existing loans are not judged again). SQLite makes the table again,
-- keeping its notices and its last id aside; PostgreSQL drops the one constraint, and the rows, the
-- notices, the sequence and the index stay as they are.
ALTER TABLE books DROP CONSTRAINT books_due_within_3_months;
