import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { appShellHtml, inlineStyleSources, shellFileFor } from './page-shell.ts';

const index = {
  '/account/signin': { file: 'account.signin.html', unlessSearch: ['variant'] },
  '/menu': { file: 'menu.html' },
  '/': { file: 'index.html' },
  '/evil': { file: '../../etc/passwd' },
  '/store-locator': { file: 'store-locator.html', unlessSearch: ['place'], requiresConfig: ['enableInAppDelivery'] },
};
const url = (p: string) => new URL(p, 'http://localhost');

describe('page shell for a request', () => {
  it('picks the file of the path, with or without a trailing slash', () => {
    expect(shellFileFor(index, url('/account/signin'))).toBe('account.signin.html');
    expect(shellFileFor(index, url('/menu/'))).toBe('menu.html');
    expect(shellFileFor(index, url('/'))).toBe('index.html');
    expect(shellFileFor(index, url('/menu?tab=featured'))).toBe('menu.html');
  });

  it('sends the generic shell for other paths, for a parameter that changes the top, and never a file outside', () => {
    expect(shellFileFor(index, url('/account/signin?variant=promo'))).toBeNull();
    expect(shellFileFor(index, url('/menu/drinks'))).toBeNull();
    expect(shellFileFor(index, url('/__proto__'))).toBeNull();
    expect(shellFileFor(index, url('/constructor'))).toBeNull();
    expect(shellFileFor(index, url('/evil'))).toBeNull();
    expect(shellFileFor(index, url('/MENU'))).toBeNull();
  });

  it('sends the generic shell when the configuration is not the one the top was drawn for', () => {
    expect(shellFileFor(index, url('/store-locator'))).toBe('store-locator.html');
    expect(shellFileFor(index, url('/store-locator'), new Set(['enableInAppDelivery']))).toBeNull();
    expect(shellFileFor(index, url('/menu'), new Set(['enableInAppDelivery']))).toBe('menu.html');
    expect(shellFileFor(index, url('/store-locator?place=Seattle'))).toBeNull();
  });

  it("allows each of a page's inline stylesheets by the sha256 of its exact text", () => {
    const css = '.a{color:red}@media (width<=800px){.b>.c{display:none}}';
    const sha = (t: string) => `'sha256-${createHash('sha256').update(t).digest('base64')}'`;
    expect(inlineStyleSources(`<head><style>${css}</style></head><body><style>.d{}</style></body>`)).toEqual([sha(css), sha('.d{}')]);
    expect(inlineStyleSources('<head><link rel="stylesheet" href="/a.css"></head>')).toEqual([]);
    // the standard value a browser computes for the text "a{}"
    expect(inlineStyleSources('<style>a{}</style>')).toEqual(["'sha256-X1RutGBrXCt9KkSaXMK7tHftWiRscFHOhxsS8tv8hBk='"]);
  });

  it('reads dist/shells, falls back to index.html, and is null when the app is not built', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'shells-'));
    expect(await appShellHtml(dist, url('/menu'))).toBeNull();
    writeFileSync(path.join(dist, 'index.html'), 'generic');
    expect(await appShellHtml(dist, url('/menu'))).toBe('generic');
    mkdirSync(path.join(dist, 'shells'));
    writeFileSync(path.join(dist, 'shells', 'manifest.json'), '{ broken');
    expect(await appShellHtml(dist, url('/menu'))).toBe('generic');
    writeFileSync(path.join(dist, 'shells', 'manifest.json'), JSON.stringify(index));
    expect(await appShellHtml(dist, url('/menu'))).toBe('generic'); // listed but the file is missing
    writeFileSync(path.join(dist, 'shells', 'menu.html'), 'menu page');
    expect(await appShellHtml(dist, url('/menu/'))).toBe('menu page');
    expect(await appShellHtml(dist, url('/menu/drinks'))).toBe('generic');
  });
});
