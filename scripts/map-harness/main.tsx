/**
 * A page with only the StoreMap, for scripts/map-smoke.ts (real Chromium, offline). Query parameters:
 * n (number of stores, default 40), lat, lng, zoom, fit (1 = fit the stores), selected (index).
 * It exposes `window.__map` (events seen and a way to change props) for the smoke script.
 */
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { StoreMap, type StoreMapMarker } from '../../src/views/locator/StoreMap.tsx';
import '../../src/styles.css';

const q = new URLSearchParams(location.search);
const n = Number(q.get('n') ?? 40);
const center = { lat: Number(q.get('lat') ?? 47.61), lng: Number(q.get('lng') ?? -122.33) };
const zoom = Number(q.get('zoom') ?? 11);

// deterministic pseudo-random stores around the centre
let seed = 42;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const spread = Number(q.get('spread') ?? 0.25);
const stores: StoreMapMarker[] = Array.from({ length: n }, (_, i) => ({
  storeNumber: String(10000 + i),
  lat: center.lat + (rnd() - 0.5) * spread,
  lng: center.lng + (rnd() - 0.5) * spread * 1.5,
  name: `Store ${i + 1}`,
  state: 'default',
}));

interface HarnessLog {
  moves: Array<{ lat: number; lng: number; zoom: number }>;
  clicks: string[];
  hovers: Array<string | null>;
  setView?: (v: { lat: number; lng: number; zoom: number }) => void;
  select?: (storeNumber: string | null) => void;
}
const log: HarnessLog = { moves: [], clicks: [], hovers: [] };
(window as unknown as { __map: HarnessLog }).__map = log;

function App() {
  const [view, setView] = useState({ ...center, zoom });
  const [selected, setSelected] = useState<string | null>(q.get('selected') ? String(10000 + Number(q.get('selected'))) : null);
  const [hovered, setHovered] = useState<string | null>(null);
  log.setView = (v) => setView(v);
  log.select = setSelected;
  const markers = stores.map((s) => ({ ...s, state: s.storeNumber === selected ? ('selected' as const) : s.storeNumber === hovered ? ('highlighted' as const) : ('default' as const) }));
  return (
    <div style={{ width: '100vw', height: '100vh' }}>
      <StoreMap
        center={{ lat: view.lat, lng: view.lng }}
        zoom={view.zoom}
        markers={markers}
        fitBounds={q.get('fit') === '1'}
        mapConfig={{ mapboxToken: q.get('token'), mapboxStyle: q.get('style') }}
        onMoveEnd={(v) => {
          log.moves.push(v);
          setView(v);
        }}
        onMarkerClick={(s) => {
          log.clicks.push(s);
          setSelected(s);
        }}
        onMarkerHover={(s) => {
          log.hovers.push(s);
          setHovered(s);
        }}
      />
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
