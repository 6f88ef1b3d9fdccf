import type { Catalog } from './catalog.ts';

/**
 * Product and category art drawn in code (no network, no binary assets): a cup, a blended cup, a bottle, a
 * pastry on a plate, a sandwich, a bag of beans or a mug, in the colours of the product's category, with a
 * per-product accent from its number. Deterministic, small (< 2 kB), cacheable forever.
 */
const PALETTE: Record<string, [string, string]> = {
  'hot-coffees': ['#6f4e37', '#e8d8c3'],
  'cold-coffees': ['#3b2f2f', '#cfe3ea'],
  'hot-teas': ['#4f7942', '#e6efd8'],
  'cold-teas': ['#c46210', '#fbe3c8'],
  refreshers: ['#c2185b', '#fde0ec'],
  'frappuccino-blended-beverages': ['#8d6e63', '#f3e5dc'],
  'hot-drinks': ['#5d4037', '#f1e0d6'],
  'bottled-beverages': ['#0277bd', '#dceefa'],
  bakery: ['#b7791f', '#fdf1dc'],
  breakfast: ['#d08c1a', '#fff4d6'],
  lunch: ['#5b8c2a', '#eef6e1'],
  snacks: ['#9c4221', '#fbe8dc'],
  'whole-bean': ['#3e2723', '#efe6dd'],
  drinkware: ['#00695c', '#dcf2ee'],
};

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function shape(kind: string, main: string, accent: string): string {
  switch (kind) {
    case 'hot':
      return `<path d="M70 70h60l-8 90h-44z" fill="#fff" stroke="${main}" stroke-width="4"/><rect x="64" y="58" width="72" height="14" rx="4" fill="${main}"/><path d="M74 100h52l-3 34H77z" fill="${accent}"/>`;
    case 'iced':
      return `<path d="M68 64h64l-10 100H78z" fill="${accent}" fill-opacity=".55" stroke="${main}" stroke-width="3"/><rect x="62" y="56" width="76" height="10" rx="5" fill="${main}"/><rect x="104" y="20" width="6" height="44" fill="${main}"/><rect x="82" y="84" width="14" height="14" fill="#fff" opacity=".8"/><rect x="102" y="104" width="14" height="14" fill="#fff" opacity=".8"/>`;
    case 'blended':
      return `<path d="M70 76h60l-9 88H79z" fill="${accent}" stroke="${main}" stroke-width="3"/><path d="M66 76c0-26 68-26 68 0z" fill="#fff" stroke="${main}" stroke-width="3"/><rect x="98" y="18" width="6" height="40" fill="${main}"/>`;
    case 'bottled':
      return `<path d="M88 30h24v22c14 8 18 18 18 30v78H70V82c0-12 4-22 18-30z" fill="${accent}" stroke="${main}" stroke-width="4"/><rect x="70" y="100" width="60" height="30" fill="${main}"/>`;
    case 'food':
      return `<ellipse cx="100" cy="140" rx="70" ry="16" fill="#fff" stroke="${main}" stroke-width="3"/><path d="M52 128c10-40 86-40 96 0z" fill="${accent}" stroke="${main}" stroke-width="4"/><path d="M70 118c10-10 50-10 60 0" stroke="${main}" stroke-width="3" fill="none"/>`;
    case 'lunch':
      return `<ellipse cx="100" cy="142" rx="72" ry="14" fill="#fff" stroke="${main}" stroke-width="3"/><path d="M48 124l52-50 52 50z" fill="${accent}" stroke="${main}" stroke-width="4"/><path d="M58 118h84" stroke="${main}" stroke-width="6"/>`;
    case 'beans':
      return `<path d="M64 50h72l6 110H58z" fill="${main}"/><rect x="74" y="84" width="52" height="40" rx="4" fill="${accent}"/><ellipse cx="100" cy="104" rx="10" ry="14" fill="${main}"/>`;
    default:
      return `<rect x="64" y="62" width="64" height="90" rx="8" fill="${accent}" stroke="${main}" stroke-width="4"/><path d="M128 80c24 0 24 46 0 46" fill="none" stroke="${main}" stroke-width="8"/>`;
  }
}

function artKind(categoryId: string, formCode: string): string {
  if (categoryId.includes('whole-bean')) return 'beans';
  if (categoryId.includes('drinkware')) return 'mug';
  if (categoryId.startsWith('food/lunch')) return 'lunch';
  if (categoryId.startsWith('food/')) return 'food';
  if (formCode === 'bottled') return 'bottled';
  if (formCode === 'blended') return 'blended';
  if (formCode === 'iced') return 'iced';
  return 'hot';
}

function svg(title: string, body: string, bg: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${esc(title)}"><title>${esc(title)}</title><rect width="200" height="200" rx="24" fill="${bg}"/>${body}</svg>`;
}

/** the SVG for an image key (p-<productNumber> or c-<category path>), or null when unknown */
export function artFor(cat: Catalog, key: string): string | null {
  const pm = /^p-([0-9]{1,8})$/.exec(key);
  if (pm) {
    const p = cat.products.get(Number(pm[1]));
    if (!p) return null;
    const top = p.category_id.split('/')[1] ?? '';
    const [main, accent] = PALETTE[top] ?? ['#555', '#eee'];
    const form = cat.forms.get(p.product_number)?.[0]?.form_code ?? 'single';
    const hue = (p.product_number * 47) % 360;
    const dot = `<circle cx="160" cy="40" r="12" fill="hsl(${hue} 55% 55%)"/>`;
    return svg(p.name, shape(artKind(p.category_id, form), main, accent) + dot, accent);
  }
  const cm = /^c-([a-z0-9-]{1,60})$/.exec(key);
  if (cm) {
    const c = cat.categories.find((x) => !x.parent_id && x.path === cm[1]);
    if (!c) return null;
    const [main, accent] = PALETTE[c.path] ?? ['#555', '#eee'];
    const form = c.menu_id === 'drinks' ? (/cold|iced|refresh|teas$/.test(c.path) && c.path !== 'hot-teas' ? 'iced' : c.path.startsWith('frapp') ? 'blended' : c.path.startsWith('bottled') ? 'bottled' : 'hot') : 'single';
    return svg(c.name, shape(artKind(c.category_id, form), main, accent), accent);
  }
  return null;
}
