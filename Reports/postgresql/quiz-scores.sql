-- name: quiz-scores
-- title: report.quiz-scores.title
-- description: report.quiz-scores.description
--
-- Points: +1 for a right answer, -1 for a wrong one, best first (then more right answers, then the
-- name), as in `quiz scores` (`RuleParityTests` holds the two equal).
-- PostgreSQL's dialect of Reports/quiz-scores.sql: the same columns, rows and order (a negative
-- limit is no limit, as in SQLite).
--
-- param: limit integer = 10
-- column: player text = column.player
-- column: answers count(unit.answer) = column.answers
-- column: right_answers integer = column.right_answers
-- column: wrong_answers integer = column.wrong_answers
-- column: points integer = quiz.column.points
-- column: accuracy percent = column.accuracy
-- column: last_answered_at instant = column.last_answered_at
-- chart: bars player accuracy = page.chart.accuracy
SELECT player,
       count(*) AS answers,
       sum(correct) AS right_answers,
       count(*) - sum(correct) AS wrong_answers,
       2 * sum(correct) - count(*) AS points,
       CAST(sum(correct) AS double precision) / count(*) AS accuracy,
       max(answered_at) AS last_answered_at
FROM quiz_answers
GROUP BY player
ORDER BY points DESC, right_answers DESC, player
LIMIT CASE WHEN CAST(:limit AS bigint) >= 0 THEN CAST(:limit AS bigint) END;
