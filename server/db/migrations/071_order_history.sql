-- Order history (docs/home.md 3.5): keyset pages of a member's orders, newest first, ties broken by order id
create index orders_user_keyset on orders (user_id, placed_at desc, order_id desc);
