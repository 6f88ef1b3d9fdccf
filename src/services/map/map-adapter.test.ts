import { describe, expect, it, vi } from 'vitest';

// The library modules are replaced: this checks which one is loaded, not WebGL.
vi.mock('./maplibre-adapter.ts', () => ({ createMaplibreFactory: vi.fn(() => ({ library: 'maplibre', create: vi.fn() })) }));
vi.mock('./mapbox-adapter.ts', () => ({ createMapboxFactory: vi.fn((c: unknown) => ({ library: 'mapbox', config: c, create: vi.fn() })) }));

const { loadMapAdapterFactory, hasWebGL } = await import('./map-adapter.ts');
const { createMapboxFactory } = await import('./mapbox-adapter.ts');

describe('loadMapAdapterFactory', () => {
  it('loads maplibre-gl by default (no token or no style)', async () => {
    expect((await loadMapAdapterFactory({ mapboxToken: null, mapboxStyle: null })).library).toBe('maplibre');
    expect((await loadMapAdapterFactory({ mapboxToken: 'pk.x', mapboxStyle: null })).library).toBe('maplibre');
    expect((await loadMapAdapterFactory({ mapboxToken: null, mapboxStyle: 'mapbox://styles/x/y' })).library).toBe('maplibre');
  });

  it('loads mapbox-gl with the token and style when both are set', async () => {
    const f = await loadMapAdapterFactory({ mapboxToken: 'pk.x', mapboxStyle: 'mapbox://styles/x/y' });
    expect(f.library).toBe('mapbox');
    expect(createMapboxFactory).toHaveBeenCalledWith({ accessToken: 'pk.x', style: 'mapbox://styles/x/y' });
  });
});

describe('hasWebGL', () => {
  const doc = (ctx: unknown) => ({ createElement: () => ({ getContext: () => ctx }) }) as unknown as Document;

  it('is false in jsdom (no WebGL constructors) without touching canvas', () => {
    expect(hasWebGL()).toBe(false);
    const createElement = vi.fn();
    expect(hasWebGL({ document: { createElement } as unknown as Document })).toBe(false);
    expect(createElement).not.toHaveBeenCalled();
  });

  it('is false when the browser has WebGL but cannot create a context', () => {
    expect(hasWebGL({ document: doc(null), WebGLRenderingContext: class {} })).toBe(false);
    const throwing = { createElement: () => ({ getContext: () => { throw new Error('blocked'); } }) } as unknown as Document;
    expect(hasWebGL({ document: throwing, WebGL2RenderingContext: class {} })).toBe(false);
  });

  it('is true with a context, and releases the probe context', () => {
    const loseContext = vi.fn();
    const ctx = { getExtension: () => ({ loseContext }) };
    expect(hasWebGL({ document: doc(ctx), WebGL2RenderingContext: class {} })).toBe(true);
    expect(loseContext).toHaveBeenCalled();
  });
});
