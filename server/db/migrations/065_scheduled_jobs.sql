-- Scheduled jobs shared by every server process (issue 27; docs/rewards.md 3.2, docs/operations.md "Scheduled
-- jobs"): one row per job. A process runs a job only after taking its lease with one conditional update (no lease
-- held, or the holder's ran out; and the last run finished at least the job's interval ago), so one run at a time
-- across processes, and the schedule lives here, not in any one process's memory. A process that dies mid-run
-- leaves the lease to run out; any process then takes it.
create table scheduled_jobs (
  name text primary key,
  lease_owner text,                 -- 'host:pid:random' of the running scheduler; null when idle
  lease_until timestamptz,          -- the run's lease (renewed between batches); null when idle
  last_started_at timestamptz,
  last_finished_at timestamptz,
  last_outcome text,                -- 'ok: 12 member(s)' / 'failed: ...' / 'lease lost after ...'
  check ((lease_owner is null) = (lease_until is null))
);
insert into scheduled_jobs (name) values ('stars-expiry') on conflict (name) do nothing;
