import { expect, it } from 'vitest';
import { forEachDb } from '../test/db.ts';
import { safeReturnUrl } from '../../contracts/return-url.ts';

/** Issue 25 (defence in depth): an OAuth client's image URL is a same-origin path (migration 040). */
forEachDb('OAuth client image URLs', ({ db }) => {
  const insert = (id: string, image: string) =>
    db().query(`insert into oauth_clients (client_id, name, image_url, redirect_uris, allowed_scopes) values ($1, 'X', $2, array['https://x.example/cb'], array['account'])`, [id, image]);

  it('registration refuses anything but a same-origin path; the seeded clients comply', async () => {
    const bad = ['https://evil.example/x.png', 'HTTPS://evil.example/x.png', '//evil.example/x.png', '/\\evil.example/x.png', '\\\\evil.example', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'oauth-clients/x.svg', '/x y.svg', '/\t/evil.example', ' /x.svg', ''];
    let i = 0;
    for (const image of bad) {
      await expect(insert(`bad-image-${i++}`, image), JSON.stringify(image)).rejects.toThrow(/oauth_clients_image_same_origin_path/);
    }
    await insert('good-image', '/oauth-clients/good.svg');
    const rows = await db().query<{ image_url: string }>('select image_url from oauth_clients');
    for (const r of rows.rows) expect(safeReturnUrl(r.image_url), r.image_url).toBe(r.image_url);
  });
});
