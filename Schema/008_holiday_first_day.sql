-- A holiday's first day (issue 41): door N opens from day N on (the first day + N - 1), in the
-- zone the commands use (`--tz`), besides opening in order (`DoorOrder`). Empty (NULL) for a
-- calendar whose doors open whenever their turn comes, as every calendar did before.
ALTER TABLE holidays ADD COLUMN first_day TEXT CHECK (date(julianday(first_day)) IS first_day);
