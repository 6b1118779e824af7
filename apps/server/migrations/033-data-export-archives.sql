-- 'Download my data' (issue 12): an archive of the downloads module whose source is the whole
-- account: every original photo (any number) plus the customer's data as JSON files.
ALTER TABLE downloads DROP CONSTRAINT downloads_source_check;
ALTER TABLE downloads ADD CONSTRAINT downloads_source_check
  CHECK (source IN ('library', 'shared-album', 'my-data'));
ALTER TABLE downloads DROP CONSTRAINT downloads_photo_count_check;
ALTER TABLE downloads ADD CONSTRAINT downloads_photo_count_check
  CHECK (photo_count >= 0 AND (source = 'my-data' OR photo_count BETWEEN 1 AND 100));
