-- Physical-card PINs under a keyed hash (issue 25): pin_hmac = HMAC-SHA-256(key, sha256(card_number:pin)) with the
-- key from CARD_PIN_SECRET or signing_keys ('card-pin'). The unsalted pin_sha256 of migrations 002/006 is wrapped
-- and cleared by the server (server/cards/pin-hash.ts, upgradePinHashes) at start and before the first PIN check,
-- since SQL here has no HMAC; verification accepts a row not yet wrapped.
alter table physical_cards add column pin_hmac text;
alter table physical_cards alter column pin_sha256 drop not null;
alter table physical_cards add constraint physical_cards_pin_present check (pin_hmac is not null or pin_sha256 is not null);
