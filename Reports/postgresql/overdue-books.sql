-- name: overdue-books
-- title: report.overdue-books.title
-- description: report.overdue-books.description
--
-- Open loans that are overdue on the day as_of, or due within the next `within` days: the rule of
-- `almanac overdue --due-within` (`RuleParityTests` holds the two equal; a loan lent after as_of is
-- not there yet).
-- PostgreSQL's dialect of Reports/overdue-books.sql: the same columns, rows and order.
--
-- param: as_of date = today
-- param: within integer = 7
-- column: id id = column.id
-- column: title text = column.title
-- column: author text = column.author
-- column: borrower text = column.borrower
-- column: loaned_on date = column.loaned_on
-- column: due_on date = column.due_on
-- column: days_overdue count(unit.day) = column.days_overdue
-- column: status status = column.status
-- chart: lateness days_overdue = page.chart.lateness
SELECT id,
       title,
       author,
       borrower,
       loaned_on,
       due_on,
       CASE WHEN due_on < CAST(:as_of AS date) THEN CAST(CAST(:as_of AS date) - due_on AS bigint) END AS days_overdue,
       CASE WHEN due_on < CAST(:as_of AS date) THEN 'overdue' ELSE 'due-soon' END AS status
FROM books
WHERE returned_on IS NULL
  AND loaned_on <= CAST(:as_of AS date)
  -- As SQLite's date() gives no day for a negative `within` or past 9999-12-31, the window then has
  -- no end (and every date is before its end).
  AND due_on <= CASE WHEN CAST(:within AS bigint) < 0
                       OR CAST(:within AS bigint) > DATE '9999-12-31' - CAST(:as_of AS date) THEN DATE 'infinity'
                     ELSE CAST(:as_of AS date) + CAST(:within AS integer) END
ORDER BY due_on, id;
