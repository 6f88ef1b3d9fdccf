-- Issue 25: the order token is a bearer secret; only its hash is kept (order_token_hash). The guest gets the token
-- once, in the submit answer; a replay of the same submit issues a new one (docs/ordering.md "Order token").
alter table orders drop column order_token;
