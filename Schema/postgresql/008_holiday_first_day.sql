-- A holiday's first day (issue 41; Schema/008_holiday_first_day.sql): door N opens from day N on
-- (the first day + N - 1), in the zone the commands use (`--tz`), besides opening in order
-- (`DoorOrder`). Empty (NULL) for a calendar whose doors open whenever their turn comes.
ALTER TABLE holidays ADD COLUMN first_day date CHECK (first_day BETWEEN '0001-01-01' AND '9999-12-31');
