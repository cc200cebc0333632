-- name: events-by-day
-- title: report.events-by-day.title
-- description: report.events-by-day.description
--
-- Days are the user's days: local_date() turns each stored UTC instant into its day in --tz.
--
-- param: from date = today
-- param: days integer = 7
-- column: day date = column.day
-- column: events count(unit.event) = column.events
-- column: first_starts_at instant = column.first_starts_at
-- column: titles text = column.titles
-- chart: columns day events = page.chart.events-by-day
SELECT local_date(starts_at) AS day,
       count(*) AS events,
       min(starts_at) AS first_starts_at,
       group_concat(title, ' · ') AS titles
FROM (SELECT starts_at, title FROM events ORDER BY starts_at, id)
WHERE local_date(starts_at) >= :from
  -- The last day, no later than 9999-12-31 (past it date() gives NULL).
  AND local_date(starts_at) <= coalesce(date(:from, (:days - 1) || ' days'), '9999-12-31')
GROUP BY day
ORDER BY day;
