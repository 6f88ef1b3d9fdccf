-- Wakes the SMTP dispatcher (server/outbox/dispatcher.ts) when mail is written: every insert into the outbox
-- notifies channel harbor_outbox at commit (several in one transaction arrive as one). The dispatcher also polls
-- every OUTBOX_POLL_MS, so a missed notification (a LISTEN connection being re-established) only delays a send.
create or replace function harbor_notify_outbox() returns trigger language plpgsql as $$
begin
  perform pg_notify('harbor_outbox', '');
  return null;
end
$$;

create trigger outbox_inserted after insert on outbox
  for each statement execute function harbor_notify_outbox();
