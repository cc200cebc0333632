-- name: overdue-books
-- title: report.overdue-books.title
-- description: report.overdue-books.description
--
-- Open loans that are overdue on the day as_of, or due within the next `within` days: the rule of
-- `almanac overdue --due-within` (`RuleParityTests` holds the two equal; a loan lent after as_of is
-- not there yet).
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
       CASE WHEN due_on < :as_of THEN CAST(julianday(:as_of) - julianday(due_on) AS INTEGER) END AS days_overdue,
       CASE WHEN due_on < :as_of THEN 'overdue' ELSE 'due-soon' END AS status
FROM books
WHERE returned_on IS NULL
  AND loaned_on <= :as_of
  -- Past 9999-12-31 date() gives NULL, and every date is before the end of the window.
  AND due_on <= coalesce(date(:as_of, '+' || :within || ' days'), '9999-12-31')
ORDER BY due_on, id;
