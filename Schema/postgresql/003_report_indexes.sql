-- Indexes for the quiz reports at millions of answers (Reports/postgresql/quiz-*.sql), as SQLite's
-- 003 made them: the same columns in the same order, for the same reasons
-- (Schema/003_report_indexes.sql; figures in docs/perf-notes.md).
DROP INDEX quiz_answers_by_player;
CREATE INDEX quiz_answers_by_player ON quiz_answers (player, answered_at, correct);
CREATE INDEX quiz_answers_by_country ON quiz_answers (country, correct, chosen);
