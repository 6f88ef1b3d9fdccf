-- Stored idempotency answers repeated full card numbers (issue 25): mask every "cardNumber" to its last four and
-- drop answers past the 24-hour retention (server/cards/idempotency.ts; the cleanup deletes them from now on).
update idempotency_keys
   set response = regexp_replace(response::text, '"cardNumber": "[0-9]{12}([0-9]{4})"', '"cardNumber": "•••• \1"', 'g')::jsonb
 where response::text ~ '"cardNumber": "[0-9]{16}"';
delete from idempotency_keys where created_at < now() - interval '24 hours';
