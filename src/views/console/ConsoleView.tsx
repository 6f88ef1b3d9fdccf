import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ConsoleOrder, ConsoleStockItem } from '../../../contracts/order-status.ts';
import { OrderStatusMessages as M, OrderStatusTexts as T } from '../../../contracts/order-status-messages.ts';
import { PICKUP_OPTION_NAMES } from '../../../contracts/order-status-link-texts.ts';
import type { consoleQueueMachine } from '../../../machines/console-queue.machine.ts';
import type { liveFeedMachine } from '../../../machines/live-feed.machine.ts';
import { clockTime } from '../../../machines/order-status-rules.ts';
import { switchOf, type soldOutSwitchMachine } from '../../../machines/sold-out-switch.machine.ts';
import { whenIdle } from '../../services/first-paint.ts';
import { LoadFailed } from '../shared/blocks.tsx';
import { Spinner } from '../shell/Loading.tsx';
import { columnsOf } from './console-columns.ts';
import type * as Cancel from './CancelDialog.tsx';
import './console.css';

export type ConsoleQueueActor = ActorRefFrom<typeof consoleQueueMachine>;
export type SoldOutSwitchActor = ActorRefFrom<typeof soldOutSwitchMachine>;
type FeedActor = ActorRefFrom<typeof liveFeedMachine>;

/**
 * The cancel dialog (CancelDialog.tsx: the Dialog, the reasons, the refund's amount) as its own chunk, the locator
 * overlays' pattern (src/views/locator/locator-overlays.ts): the queue paints without it; it loads when the browser
 * is idle after the first paint (at most 2 s later), or at once when Cancel is pressed before that. Once loaded it
 * stays for the app's life, so later renders have it synchronously (docs/architecture.md#performance).
 */
let cancelLoaded: typeof Cancel | null = null;
let cancelLoading: Promise<typeof Cancel> | null = null;

export function preloadCancelDialog(): Promise<typeof Cancel> {
  cancelLoading ??= import('./CancelDialog.tsx').then((m) => (cancelLoaded = m));
  return cancelLoading;
}

/** the dialog's module once loaded (null before); `needed`: the dialog is open, load it now */
function useCancelDialog(needed: boolean): typeof Cancel | null {
  const [module, setModule] = useState(cancelLoaded);
  useEffect(() => {
    if (module) return;
    let live = true;
    const load = () => void preloadCancelDialog().then((m) => live && setModule(m));
    if (needed) load();
    const cancel = whenIdle(load, { timeoutMs: 2000, fallbackMs: 1000 });
    return () => {
      live = false;
      cancel();
    };
  }, [module, needed]);
  return module;
}

/** 403: a customer, or staff of another store (docs/order-status.md 1) */
export function StaffOnlyView() {
  return (
    <section className="page page--center console-page">
      <h1>{M.consoleTitle}</h1>
      <p>{M.staffOnly}</p>
    </section>
  );
}

/**
 * /store/{storeNumber}/orders: the barista console for a tablet in landscape (docs/order-status.md 1, 2.4, 2.5).
 * Tabs 'Queue' and 'Menu'; the queue in columns New / Preparing / Ready beside a Scheduled lane (stacked on a
 * narrow screen); every action a button (Tab goes column by column, card by card); cancel asks first.
 */
export function ConsoleView({ queue, stock, now }: { queue: ConsoleQueueActor; stock: SoldOutSwitchActor; now: number }) {
  const s = useSelector(queue, (x) => x);
  const cancelling = s.matches({ ready: 'confirmingCancel' });
  const cancel = useCancelDialog(cancelling);
  if (s.matches('forbidden')) return <StaffOnlyView />;
  if (!s.matches('ready'))
    return (
      <section className="page console-page">
        <h1>{M.consoleTitle}</h1>
        {s.matches('loadFailed') ? <LoadFailed error={null} onRetry={() => queue.send({ type: 'user.retry' })} /> : <Spinner label="Loading the orders" />}
      </section>
    );
  const c = s.context;
  const tab = c.tab;
  const feed = s.children.feed as FeedActor | undefined;
  return (
    <section className="console-page console">
      <header className="console-head">
        <h1>
          {M.consoleTitle} <span className="console-store">{c.storeName}</span>
        </h1>
        <div role="tablist" aria-label={M.consoleTitle} className="console-tabs">
          {(['queue', 'menu'] as const).map((t) => (
            <button
              key={t}
              type="button"
              role="tab"
              id={`console-tab-${t}`}
              {...(tab === t ? { 'aria-controls': `console-panel-${t}` } : {})}
              aria-selected={tab === t}
              tabIndex={tab === t ? 0 : -1}
              className={`console-tab${tab === t ? ' console-tab--on' : ''}`}
              onClick={() => queue.send({ type: 'user.showTab', tab: t })}
              onKeyDown={(e) => {
                if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                  const next = t === 'queue' ? 'menu' : 'queue';
                  queue.send({ type: 'user.showTab', tab: next });
                  document.getElementById(`console-tab-${next}`)?.focus();
                }
              }}
            >
              {t === 'queue' ? M.tabQueue : M.tabMenu}
            </button>
          ))}
        </div>
        {feed ? <FeedLine feed={feed} /> : null}
      </header>
      <p role="status" className="console-notice">
        {c.notice ? M[c.notice] : ''}
      </p>
      {tab === 'queue' ? (
        <div role="tabpanel" id="console-panel-queue" aria-labelledby="console-tab-queue" className="console-panel">
          <Queue queue={queue} orders={c.orders} timeZone={c.timeZone} now={now} busy={s.hasTag('busy')} pendingId={c.pending?.orderId ?? null} />
        </div>
      ) : (
        <div role="tabpanel" id="console-panel-menu" aria-labelledby="console-tab-menu" className="console-panel">
          <StockList stock={stock} items={c.stock} seenEventId={c.lastEventId} />
        </div>
      )}
      {cancel ? (
        <cancel.CancelDialog queue={queue} open={cancelling} order={c.orders.find((o) => o.orderId === c.pending?.orderId) ?? null} reason={c.pending?.reason ?? null} />
      ) : cancelling ? (
        <p role="status" className="visually-hidden">
          Loading…
        </p>
      ) : null}
    </section>
  );
}

function FeedLine({ feed }: { feed: FeedActor }) {
  const message = useSelector(feed, (f) => (f.hasTag('reconnecting') ? M.reconnecting : f.hasTag('polling') ? M.pollingNotice : f.hasTag('offline') ? M.offline : null));
  return message ? <p className="console-feed">{message}</p> : null;
}

function Queue({ queue, orders, timeZone, now, busy, pendingId }: { queue: ConsoleQueueActor; orders: ConsoleOrder[]; timeZone: string; now: number; busy: boolean; pendingId: string | null }) {
  const cols = columnsOf(orders, now);
  const column = (key: keyof typeof cols, title: string) => (
    <section className={`console-column console-column--${key}`} aria-labelledby={`console-col-${key}`}>
      <h2 id={`console-col-${key}`}>
        {title} <span className="console-count">({cols[key].length})</span>
      </h2>
      {cols[key].length === 0 ? (
        <p className="console-empty">{M.emptyColumn}</p>
      ) : (
        <ul className="console-cards">
          {cols[key].map((o) => (
            <li key={o.orderId}>
              <OrderCard queue={queue} order={o} timeZone={timeZone} busy={busy} pending={pendingId === o.orderId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div className="console-columns">
      {column('placed', M.columnNew)}
      {column('preparing', M.columnPreparing)}
      {column('ready', M.columnReady)}
      {column('scheduled', M.laneScheduled)}
    </div>
  );
}

function OrderCard({ queue, order: o, timeZone, busy, pending }: { queue: ConsoleQueueActor; order: ConsoleOrder; timeZone: string; busy: boolean; pending: boolean }) {
  const send = (type: 'user.start' | 'user.markReady' | 'user.handOff' | 'user.cancel') => queue.send({ type, orderId: o.orderId });
  const label = `#${o.shortId} ${o.name}`;
  return (
    <article className="console-card" aria-labelledby={`card-${o.orderId}`} aria-busy={pending}>
      <h3 id={`card-${o.orderId}`}>
        <span className="console-short">#{o.shortId}</span> {o.name}
      </h3>
      <p className="console-meta">
        {PICKUP_OPTION_NAMES[o.pickupOption]} · {o.scheduledFor ? T.scheduledFor(clockTime(o.scheduledFor, timeZone)) : `Placed ${clockTime(o.placedAt, timeZone)}`}
        {o.readyEstimateAt ? ` · ${T.readyAround(clockTime(o.readyEstimateAt, timeZone))}` : ''}
      </p>
      {o.arrival ? <p className="console-arrival">{T.arrivedStall(o.arrival.stallNumber)}</p> : null}
      <ul className="console-items">
        {o.items.map((it, i) => (
          <li key={i}>
            <span className="console-item">
              {it.quantity} × {it.name} <span className="console-size">({it.sizeName})</span>
            </span>
            {it.customisations.length ? <span className="console-custom">{it.customisations.join(', ')}</span> : null}
          </li>
        ))}
      </ul>
      <div className="console-actions">
        {o.status === 'placed' ? (
          <button type="button" className="btn btn--primary" disabled={busy} aria-label={`${M.start} ${label}`} onClick={() => send('user.start')}>
            {M.start}
          </button>
        ) : null}
        {o.status === 'preparing' ? (
          <button type="button" className="btn btn--primary" disabled={busy} aria-label={`${M.markReady} ${label}`} onClick={() => send('user.markReady')}>
            {M.markReady}
          </button>
        ) : null}
        {o.status === 'ready' ? (
          <button type="button" className="btn btn--primary" disabled={busy} aria-label={`${M.handOff} ${label}`} onClick={() => send('user.handOff')}>
            {M.handOff}
          </button>
        ) : null}
        <button type="button" className="btn btn--ghost" disabled={busy} aria-label={`${M.cancel} ${label}`} onClick={() => send('user.cancel')}>
          {M.cancel}
        </button>
      </div>
    </article>
  );
}

function StockList({ stock, items, seenEventId }: { stock: SoldOutSwitchActor; items: ConsoleStockItem[]; seenEventId: number }) {
  const ctx = useSelector(stock, (x) => x.context);
  const failed = items.find((i) => i.productNumber === ctx.failed);
  const groups = new Map<string, ConsoleStockItem[]>();
  for (const i of items) groups.set(i.categoryName, [...(groups.get(i.categoryName) ?? []), i]);
  return (
    <div className="console-stock">
      <p role="status" className="console-notice">
        {failed ? T.stockFailed(failed.name) : ''}
      </p>
      {[...groups].map(([category, list]) => (
        <section key={category} aria-labelledby={`stock-${category}`} className="console-stock-group">
          <h2 id={`stock-${category}`}>{category}</h2>
          <ul>
            {list.map((i) => {
              const sw = switchOf(ctx, i.productNumber, i.soldOut, seenEventId);
              return (
                <li key={i.productNumber} className="console-switch">
                  <label>
                    <input type="checkbox" role="switch" checked={sw.soldOut} aria-busy={sw.pending} onChange={(e) => stock.send({ type: 'user.toggle', productNumber: i.productNumber, soldOut: e.currentTarget.checked })} />
                    <span>{T.soldOutSwitch(i.name)}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
