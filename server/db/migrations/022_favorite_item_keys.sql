-- Favorite products (issue 10, docs/ordering.md "Previous orders, favorites, curbside"): the favorites key now
-- names the form as the cart key does (productNumber/formCode|sizeCode|options), so a hot and an iced grande
-- latte are two favorites. Existing keys ("2015|grande|...") get their row's form. Keys were unique per member
-- without the form, so they stay unique with it. The saved options keep their skus; the option number, name and
-- level that the client needs to rebuild the cart item are read from the menu by sku when favorites are listed.
update favorite_products
   set item_key = product_number::text || '/' || form_code || substr(item_key, length(product_number::text) + 1)
 where item_key like product_number::text || '|%' or item_key = product_number::text;
