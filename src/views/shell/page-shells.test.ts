import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromeOfRoute, fillIndexShell, routeFileOf, routeIdsOf, routeOnlyChunks, routeOnlyCss, shellHtml } from '../../../scripts/page-shells-build.ts';
import { escapeHtml, pageShells, pathOfRouteId, prerenderedShells, shellRootHtml, shellTitle } from './page-shells.ts';

const ids = routeIdsOf('src/routes');
const chromeOf = (id: string) => chromeOfRoute('src/routes', id);

describe('page shells (the HTML before JavaScript)', () => {
  it('reads the same route ids from src/routes as the router generates', () => {
    const generated = readFileSync('src/routeTree.gen.ts', 'utf8');
    const block = /export interface FileRoutesById \{([\s\S]*?)\n\}/.exec(generated)![1]!;
    const routerIds = [...block.matchAll(/^\s+'([^']+)':/gm)].map((m) => m[1]!);
    expect([...ids].sort()).toEqual([...routerIds].sort());
    for (const id of ids) expect(readFileSync(routeFileOf(id), 'utf8')).toContain(`createFileRoute('${id}')`);
  });

  it('maps route ids to the paths they match', () => {
    expect(pathOfRouteId('/')).toBe('/');
    expect(pathOfRouteId('/menu/')).toBe('/menu');
    expect(pathOfRouteId('/account/settings/mfa/')).toBe('/account/settings/mfa');
    expect(pathOfRouteId('/menu/cart_/guest/checkout')).toBe('/menu/cart/guest/checkout');
    expect(pathOfRouteId('/account/cards_/$cardId')).toBeNull();
    expect(pathOfRouteId('/store-locator/$')).toBeNull();
  });

  it('gives every static route path one shell with its title and the chrome its route declares', () => {
    const shells = pageShells(ids, chromeOf);
    const paths = shells.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    const expected = new Set(ids.map(pathOfRouteId).filter((p): p is string => p !== null));
    expect(new Set(paths)).toEqual(expected);
    const byPath = new Map(shells.map((s) => [s.path, s]));
    expect(byPath.get('/menu/cart')!.chrome).toBe('logoOnly');
    expect(byPath.get('/menu/store-locator')!.chrome).toBe('none');
    expect(byPath.get('/account/settings/password')!.routeIds).toEqual(['/account/settings', '/account/settings/password']);
    expect(shellTitle(byPath.get('/account/settings/password')!)).toBe('Change password | Harbor Coffee');
    expect(shellTitle(byPath.get('/account/settings')!)).toBe('Settings | Harbor Coffee');
    expect(shellTitle(byPath.get('/')!)).toBe('Coffee to order ahead | Harbor Coffee');
    // spec 3 section 2: the home stream's page title is 'Home'
    expect(shellTitle(byPath.get('/account/for-you')!)).toBe('Home | Harbor Coffee');
    expect(byPath.get('/account/profile')!.top).toBeNull();
  });

  it('prerenders tops only with the chrome, title and route of the real page', () => {
    for (const shell of prerenderedShells(chromeOf)) {
      expect(shell.routeIds.map((id) => pathOfRouteId(id))).toContain(shell.path);
      for (const id of shell.routeIds) expect(ids).toContain(id);
      expect(shell.chrome).toBe([...shell.routeIds].reverse().map(chromeOf).find(Boolean) ?? 'full');
      expect(pageShells(ids, chromeOf).find((s) => s.path === shell.path)).toEqual(shell);
      expect(shellTitle(shell)).not.toBe('Harbor Coffee');
      expect(shell.top).toMatch(/<h1[ >]/);
    }
    const signin = prerenderedShells(chromeOf).find((s) => s.path === '/account/signin')!;
    expect(signin.chrome).toBe('logoOnly');
    expect(prerenderedShells(chromeOf).find((s) => s.path === '/menu')!.chrome).toBe('full');
    expect(signin.top).toBe('<div class="account-page"><h1 class="account-heading">Sign in or create an account</h1><p class="account-subheading">Earn Stars and rewards with Harbor Rewards.</p></div>');
    expect(signin.unlessSearch).toEqual(['variant']);
  });

  it('draws the header of each chrome and escapes text', () => {
    expect(shellRootHtml({ chrome: 'full', top: null })).toContain('<nav aria-label="Main" class="global-nav-links"><a href="/menu">Menu</a><a href="/store-locator">Find a store</a></nav>');
    expect(shellRootHtml({ chrome: 'full', top: null })).toContain('<h1 class="shell-placeholder-title">Harbor Coffee</h1>');
    expect(shellRootHtml({ chrome: 'logoOnly', top: '<h1>x</h1>' })).toMatch(/^<div class="app app--logoOnly app--prerendered">.*<header class="global-nav global-nav--logo-only"><a class="logo"[^]*<a class="nav-bag" href="\/menu\/cart" aria-label="Bag"><\/a><\/header><main id="main" class="app-main" tabindex="-1"><h1>x<\/h1><\/main><\/div>$/);
    expect(shellRootHtml({ chrome: 'none', top: null })).not.toContain('<header');
    expect(shellRootHtml(null, { name: 'A & <B>', product: 'B' })).toContain('<span class="logo-text">A &amp; &lt;B&gt;</span>');
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;');
    expect(escapeHtml('`')).toBe('&#96;');
    // no sign-in buttons: a member must not see them flash before the session is known
    expect(shellRootHtml(null)).not.toMatch(/Sign in|Join now/);
  });

  it("prerenders /menu's card for a visitor without a store, with the head script that hides it from one with a kept store", () => {
    const menu = prerenderedShells(chromeOf).find((s) => s.path === '/menu')!;
    expect(menu.top).toBe(
      '<section class="page menu-page"><h1>Menu</h1>' +
        '<div class="chosen-store" aria-busy="false"><div class="chosen-store-text"><h2 class="chosen-store-name">Choose a store to start your order</h2>' +
        '<p>Menus and prices depend on the store you order from.</p></div><a class="btn btn--primary chosen-store-change" href="/menu/store-locator">Choose a store</a></div></section>',
    );
    expect(menu.headScripts).toEqual(['try{localStorage.getItem("harbor.selectedStore.v1")&&document.documentElement.classList.add("has-kept-store")}catch(e){}']);
    // in the head, before the stylesheet: a script after a pending stylesheet would stop the parser before the card
    const built = '<head><title>Harbor Coffee</title><script type="module" src="/assets/index-x.js"></script><link rel="stylesheet" href="/assets/c-x.css"></head><body><div id="root"><!--shell--><!--/shell--></div></body>';
    const html = shellHtml(built, menu);
    expect(html).toContain(`<title>Menu | Harbor Coffee</title><script>${menu.headScripts![0]}</script><script type="module"`);
    expect(html.indexOf(menu.headScripts![0]!)).toBeLessThan(html.indexOf('rel="stylesheet"'));
    expect(html.match(/<script>/g)).toHaveLength(1);
    // the other pages carry no inline script
    for (const shell of pageShells(ids, chromeOf).filter((s) => s.path !== '/menu')) expect(shellHtml(built, shell)).not.toContain('<script>');
    // src/styles.css hides the prerendered card under the script's class (React's own card is never hidden)
    expect(readFileSync('src/styles.css', 'utf8')).toContain('.has-kept-store .app--prerendered .chosen-store { visibility: hidden; }');
  });

  it("prerenders the locator's screen for a visitor without a query, styled by its route's stylesheets inlined", () => {
    const locator = prerenderedShells(chromeOf).find((s) => s.path === '/store-locator')!;
    expect(locator.top).toContain('<h1 class="locator-title">Find a store</h1>');
    expect(locator.top).toContain('<h2 class="locator-empty-title">Find a store near you</h2><p>Search for a place or zoom in on the map to find stores.</p>');
    // dead controls before React: inert, so nothing takes focus or typing that React's render would drop
    expect(locator.top).toMatch(/^<div class="locator" inert="">/);
    expect(locator.inlineStylesOf).toBe('src/routes/store-locator.tsx');
    expect(locator.requiresConfig).toEqual(['enableInAppDelivery']);
    // every query parameter of the locator starts a search or changes the list: the generic shell
    const schema = readFileSync('src/routes/-locator/search.ts', 'utf8');
    const params = [...schema.matchAll(/^ {2}(\w+): optional\(/gm)].map((m) => m[1]);
    expect(params.length).toBeGreaterThan(5);
    expect([...locator.unlessSearch!].sort()).toEqual([...params].sort());

    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared'], css: ['assets/entry.css'] },
      _shared: { file: 'assets/shared.js', css: ['assets/shared.css'] },
      'src/routes/store-locator.tsx?tsr-split=component---loader': { file: 'assets/l.js', imports: ['_shared', '_view'], css: ['assets/locator.css'] },
      _view: { file: 'assets/v.js', css: ['assets/toggle.css'] },
      'src/routes/store-locator.$.tsx?tsr-split=component---loader': { file: 'assets/x.js', css: ['assets/other.css'] },
    };
    expect(routeOnlyCss(manifest, 'src/routes/store-locator.tsx')).toEqual(['assets/toggle.css', 'assets/locator.css']);
    const built = '<head><title>Harbor Coffee</title><link rel="stylesheet" href="/assets/entry.css"></head><body><div id="root"><!--shell--><!--/shell--></div></body>';
    const html = shellHtml(built, locator, '.a{}\n@media (width<=800px){.b{}}');
    expect(html).toContain('<link rel="stylesheet" href="/assets/entry.css"><style>.a{}\n@media (width<=800px){.b{}}</style></head>');
    expect(() => shellHtml(built, locator, '.a{content:"</style>"}')).toThrow(/<\/style/);
  });

  it("names the route's JavaScript files in the shell, parents' and children's, without the entry's or the error's", () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-entry.js'], css: ['assets/index.css'] },
      '_shared-entry.js': { file: 'assets/c-e.js' },
      'src/routes/account.settings.tsx?tsr-split=component---loader': { file: 'assets/c-layout.js', imports: ['_blocks.js', 'index.html'], css: ['assets/c-layout.css'] },
      'src/routes/account.settings.mfa.tsx?tsr-split=component---loader': { file: 'assets/c-mfa.js', imports: ['_blocks.js', '_form.js', '_shared-entry.js'] },
      'src/routes/account.settings.mfa.tsx?tsr-split=errorComponent': { file: 'assets/c-mfa-error.js' },
      '_blocks.js': { file: 'assets/c-blocks.js', imports: ['_texts.js'] },
      '_form.js': { file: 'assets/c-form.js', imports: ['_texts.js'] },
      '_texts.js': { file: 'assets/c-texts.js' },
      'src/routes/account.signin.tsx?tsr-split=component---loader': { file: 'assets/c-signin.js' },
    };
    expect(routeOnlyChunks(manifest, ['src/routes/__root.tsx', 'src/routes/account.settings.tsx', 'src/routes/account.settings.mfa.tsx'])).toEqual([
      'assets/c-layout.js',
      'assets/c-blocks.js',
      'assets/c-texts.js',
      'assets/c-mfa.js',
      'assets/c-form.js',
    ]);
    const built = '<head><title>Harbor Coffee</title><link rel="stylesheet" href="/assets/entry.css"></head><body><div id="root"><!--shell--><!--/shell--></div></body>';
    const signin = prerenderedShells(chromeOf).find((s) => s.path === '/account/signin')!;
    expect(shellHtml(built, signin, '', ['assets/c-signin.js', 'assets/c-texts.js'])).toContain(
      '<title>Sign in | Harbor Coffee</title><meta name="first-chunks" content="/assets/c-signin.js /assets/c-texts.js"><link rel="stylesheet"',
    );
    expect(shellHtml(built, signin)).not.toContain('first-chunks');
  });

  it('fills index.html and writes a page from it', () => {
    const source = readFileSync('index.html', 'utf8');
    expect(() => fillIndexShell(source.replace('<!--app-shell-->', ''))).toThrow(/no <!--app-shell-->/);
    const index = fillIndexShell(source);
    expect(index).toContain('<div id="root"><!--shell--><div class="app app--full app--prerendered">');
    const signin = prerenderedShells(chromeOf).find((s) => s.path === '/account/signin')!;
    const html = shellHtml(index, signin);
    expect(html).toContain('<title>Sign in | Harbor Coffee</title>');
    expect(html).not.toContain('<title>Harbor Coffee</title>');
    expect(html).toContain('<div class="app app--logoOnly app--prerendered">');
    expect(html).toContain('<h1 class="account-heading">Sign in or create an account</h1>');
    expect(html).not.toContain('shell-placeholder-title');
    expect(html).toContain('<script type="module" src="/src/main.tsx"></script>');
    expect(() => shellHtml(source, signin)).toThrow(/no prerendered shell/);
  });
});
