-- name: events-by-day
-- title: report.events-by-day.title
-- description: report.events-by-day.description
--
-- Days are the user's days: each stored instant is turned into its day in --tz.
-- PostgreSQL's dialect of Reports/events-by-day.sql. Where SQLite calls local_date(), this reads
-- (starts_at AT TIME ZONE :zone)::date, so it takes one parameter more, bound by the caller and not
-- declared below: :zone, the IANA name of --tz's zone (Europe/Berlin), which PostgreSQL's zone
-- database must know.
--
-- Recurring events' later occurrences come in :occurrences, as in SQLite's form.
--
-- param: from date = today
-- param: days integer = 7
-- occurrences: from days
-- column: day date = column.day
-- column: events count(unit.event) = column.events
-- column: first_starts_at instant = column.first_starts_at
-- column: titles text = column.titles
-- chart: columns day events = page.chart.events-by-day
SELECT e.day AS day,
       count(*) AS events,
       min(e.starts_at) AS first_starts_at,
       string_agg(e.title, ' · ' ORDER BY e.starts_at, e.id) AS titles
-- r.end_day is the day after the last: from + days, no later than 10000-01-01 (SQLite's date() knows
-- no day past 9999-12-31, and its range then ends there), and no earlier than from (nothing then).
FROM (SELECT CAST(:from AS date) AS first_day,
             CAST(:from AS date) + CAST(least(greatest(CAST(:days AS bigint), 0),
                                              DATE '9999-12-31' - CAST(:from AS date) + 1) AS integer) AS end_day) AS r
-- The inner range keeps the scan to the days asked for: an instant falls on a day in --tz only if its
-- UTC date is that day or the one before or after (every zone's offset is under a day), so the stored
-- instant is compared first, through events_by_start, and the zone is applied only to those rows.
CROSS JOIN LATERAL (
    SELECT (ev.starts_at AT TIME ZONE CAST(:zone AS text))::date AS day, ev.starts_at, ev.title, ev.id
    FROM (SELECT starts_at, title, id FROM events
          WHERE id NOT IN (SELECT CAST(h AS bigint)
                           FROM jsonb_array_elements_text(CAST(:occurrences AS jsonb) -> 'hidden') AS h)
          UNION ALL
          SELECT CAST(o.starts_at AS timestamptz), o.title, o.id
          FROM jsonb_to_recordset(CAST(:occurrences AS jsonb) -> 'occurrences')
               AS o(id bigint, title text, starts_at text)) AS ev
    WHERE ev.starts_at >= (r.first_day - 1)::timestamp AT TIME ZONE 'UTC'
      AND ev.starts_at < (r.end_day + 1)::timestamp AT TIME ZONE 'UTC') AS e
WHERE e.day >= r.first_day
  AND e.day < r.end_day
GROUP BY e.day
ORDER BY e.day;
