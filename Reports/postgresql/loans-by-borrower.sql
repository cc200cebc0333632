-- name: loans-by-borrower
-- title: report.loans-by-borrower.title
-- description: report.loans-by-borrower.description
--
-- Open loans only; a loan without a borrower is counted under an empty name.
-- PostgreSQL's dialect of Reports/loans-by-borrower.sql: the same columns, rows and order.
--
-- param: as_of date = today
-- column: borrower text = column.borrower
-- column: books count(unit.book) = column.books
-- column: overdue integer = column.overdue
-- column: next_due_on date = column.next_due_on
SELECT coalesce(borrower, '') AS borrower,
       count(*) AS books,
       count(*) FILTER (WHERE due_on < CAST(:as_of AS date)) AS overdue,
       min(due_on) AS next_due_on
FROM books
WHERE returned_on IS NULL
GROUP BY coalesce(borrower, '')
ORDER BY books DESC, borrower;
