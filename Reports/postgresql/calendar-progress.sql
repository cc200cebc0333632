-- name: calendar-progress
-- title: report.calendar-progress.title
-- description: report.calendar-progress.description
--
-- One row per holiday: how many of its doors are open, which door is next, and whether it is the
-- selected calendar. Give --param holiday=KEY for one holiday only.
-- PostgreSQL's dialect of Reports/calendar-progress.sql: `selected` is 1 or 0, as SQLite's IS gives.
--
-- param: holiday text = ''
-- column: holiday text = column.holiday
-- column: title text = column.title
-- column: selected boolean = column.selected
-- column: doors count(unit.door) = column.doors
-- column: opened integer = column.opened
-- column: next_door integer = column.next_door
-- column: last_opened_at instant = column.last_opened_at
-- column: status status = column.status
SELECT h.key AS holiday,
       h.title AS title,
       CASE WHEN h.key IS NOT DISTINCT FROM (SELECT selected_holiday FROM calendar_state WHERE id = 1)
            THEN 1 ELSE 0 END AS selected,
       count(d.door) AS doors,
       count(d.opened_at) AS opened,
       min(CASE WHEN d.opened_at IS NULL THEN d.door END) AS next_door,
       max(d.opened_at) AS last_opened_at,
       CASE
           WHEN count(d.door) > 0 AND count(d.opened_at) = count(d.door) THEN 'complete'
           WHEN count(d.opened_at) > 0 THEN 'in-progress'
           ELSE 'not-started'
       END AS status
FROM holidays AS h
LEFT JOIN doors AS d ON d.holiday = h.key
WHERE CAST(:holiday AS text) = '' OR h.key = CAST(:holiday AS text)
GROUP BY h.key
ORDER BY h.key;
