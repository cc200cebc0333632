-- name: events-by-day
-- title: report.events-by-day.title
-- description: report.events-by-day.description
--
-- Days are the user's days: local_date() turns each stored UTC instant into its day in --tz.
--
-- A recurring event is stored once, as its first occurrence: its later occurrences in the days asked
-- come in :occurrences (Reports/README.md), and `hidden` names those whose first one an EXDATE took.
--
-- param: from date = today
-- param: days integer = 7
-- occurrences: from days
-- column: day date = column.day
-- column: events count(unit.event) = column.events
-- column: first_starts_at instant = column.first_starts_at
-- column: titles text = column.titles
-- chart: columns day events = page.chart.events-by-day
SELECT local_date(starts_at) AS day,
       count(*) AS events,
       min(starts_at) AS first_starts_at,
       group_concat(title, ' · ') AS titles
-- The inner range keeps the scan to the days asked for: an instant falls on a day in --tz only if its
-- UTC date is that day or the one before or after (every zone's offset is under a day), so the stored
-- text is compared first, through events_by_start, and local_date() runs only on those rows. Past the
-- dates date() knows it gives NULL: the range is then open at that end.
FROM (SELECT starts_at, title, id FROM events
      WHERE starts_at >= coalesce(date(:from, '-1 day'), '')
        AND starts_at < coalesce(date(:from, (:days + 1) || ' days'), '9999-12-31~')
        AND id NOT IN (SELECT value FROM json_each(:occurrences, '$.hidden'))
      UNION ALL
      SELECT json_extract(value, '$.starts_at'), json_extract(value, '$.title'), json_extract(value, '$.id')
      FROM json_each(:occurrences, '$.occurrences')
      ORDER BY starts_at, id)
WHERE local_date(starts_at) >= :from
  -- The last day, no later than 9999-12-31 (past it date() gives NULL).
  AND local_date(starts_at) <= coalesce(date(:from, (:days - 1) || ' days'), '9999-12-31')
GROUP BY day
ORDER BY day;
