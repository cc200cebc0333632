-- Indexes for the quiz reports at millions of answers (Reports/quiz-*.sql; figures in docs/perf-notes.md).
--
-- quiz-scores sums each player's right answers: quiz_answers_by_player now carries `correct`, so the
-- report reads the index alone, in player order, instead of visiting the table for every answer.
-- quiz-missed-flags counts the answers per country and, for each country, the wrong choice made most
-- often: without an index on the country every country read the whole table again (a million answers
-- took 9 s); with this one a country's answers, and its wrong ones by choice, are one range each.
DROP INDEX quiz_answers_by_player;
CREATE INDEX quiz_answers_by_player ON quiz_answers (player, answered_at, correct);
CREATE INDEX quiz_answers_by_country ON quiz_answers (country, correct, chosen);
