-- Who holds a running job's lease (a token per claim): a worker whose lease lapsed and was taken over
-- can no longer finish, fail or release the job another worker now runs; a stopping worker hands back
-- exactly the jobs it still holds.
ALTER TABLE jobs ADD COLUMN locked_by text;
