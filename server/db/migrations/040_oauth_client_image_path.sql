-- Issue 25 (defence in depth): a registered OAuth client's image is shown on the consent screen and in connected
-- apps as <img src>: it must be a same-origin path (as contracts/return-url.ts accepts), never another origin
-- ("https://…", "//…", "/\…"), a scheme ("javascript:", "data:") or a value with whitespace or control characters.
alter table oauth_clients add constraint oauth_clients_image_same_origin_path
  check (image_url ~ '^/[A-Za-z0-9._~!$&''()*+,;=:@%/-]*$' and image_url !~ '^//' and length(image_url) <= 2048);
