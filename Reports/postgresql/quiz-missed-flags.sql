-- name: quiz-missed-flags
-- title: report.quiz-missed-flags.title
-- description: report.quiz-missed-flags.description
--
-- The flag is made from the code's two letters as regional indicator symbols (D, E → 🇩🇪).
-- PostgreSQL's dialect of Reports/quiz-missed-flags.sql: the same columns, rows and order (a
-- negative limit is no limit, as in SQLite).
--
-- param: limit integer = 10
-- column: flag text = column.flag
-- column: country text = column.country
-- column: name text = column.name
-- column: asked count(unit.question) = column.asked
-- column: missed integer = column.missed
-- column: missed_share percent = column.missed_share
-- column: confused_with text = column.confused_with
-- chart: bars name missed = page.chart.missed
SELECT chr(127397 + ascii(substr(c.code, 1, 1))) || chr(127397 + ascii(substr(c.code, 2, 1))) AS flag,
       c.code AS country,
       c.name AS name,
       count(*) AS asked,
       count(*) - sum(a.correct) AS missed,
       CAST(count(*) - sum(a.correct) AS double precision) / count(*) AS missed_share,
       (SELECT w.chosen FROM quiz_answers AS w
        WHERE w.country = c.code AND w.correct = 0
        GROUP BY w.chosen ORDER BY count(*) DESC, w.chosen LIMIT 1) AS confused_with
FROM countries AS c
JOIN quiz_answers AS a ON a.country = c.code
GROUP BY c.code
ORDER BY missed DESC, missed_share DESC, c.code
LIMIT CASE WHEN CAST(:limit AS bigint) >= 0 THEN CAST(:limit AS bigint) END;
