-- loans-by-borrower at ten million loans (Reports/postgresql/loans-by-borrower.sql; SQLite's
-- Schema/006_open_loans_by_borrower.sql gives the figures).
--
-- The partial index of open loans carries the id and the borrower, as in SQLite: the overdue check
-- reads the open loans by due date then id with no sort, and the report counts each borrower's open
-- loans from the index alone (on the pages the visibility map marks all-visible, as 002 says).
DROP INDEX books_open_by_due;
CREATE INDEX books_open_by_due ON books (due_on, id, borrower) WHERE returned_on IS NULL;
