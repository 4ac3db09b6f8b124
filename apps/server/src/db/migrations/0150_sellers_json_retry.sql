-- A sellers.json that could not be read is tried again after 5 minutes, then 10, 20 and so on up to
-- a day, instead of waiting a day for the next read: the count of failed reads in a row decides.
ALTER TABLE sellers_json_files ADD COLUMN failed_attempts integer NOT NULL DEFAULT 0;
