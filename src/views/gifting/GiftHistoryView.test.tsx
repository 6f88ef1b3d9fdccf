import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { giftHistoryMachine, historyRequest } from '../../../machines/gift-history.machine.ts';
import { giftHistoryEvents } from '../../../machines/__tests__/gift-history.expect.ts';
import { modelPaths, pathName, walkPath, type FlowViewModel } from '../../test/account-harness.tsx';
import { GiftHistoryView } from './GiftHistoryView.tsx';

/**
 * Gift history along every path of the giftHistory machine (walkPath): each page's entries with their texts as
 * literals (date, design, amounts, recipients and the delivery states 'Claimed' and 'Sent'), Previous / Next, the
 * empty and failed states, and the page each request asks for (10 a page).
 */
type M = typeof giftHistoryMachine;

const m: FlowViewModel<M> = {
  machine: giftHistoryMachine,
  events: giftHistoryEvents as unknown as AnyEventObject[],
  input: { page: 1 },
  actors: ['loadHistory'],
  requests: { loadHistory: historyRequest },
  render: (actor) => <GiftHistoryView actor={actor} />,
  perform: {
    'user.retry': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Try again' })),
    'user.nextPage': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Next' })),
    'user.previousPage': async (_e, h) => h.user.click(screen.getByRole('button', { name: 'Previous' })),
  },
  check: (s) => {
    expect(screen.getByRole('heading', { level: 1, name: 'Gift history' })).toBeTruthy();
    if (s.matches('loading')) {
      expect(screen.getByRole('progressbar')).toBeTruthy();
      return;
    }
    if (s.matches('loadFailed')) {
      expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
      return;
    }
    if (s.matches('empty')) {
      expect(screen.getByText("You haven't sent any eGifts yet.")).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Browse eGift cards' }).getAttribute('href')).toBe('/gift');
      return;
    }
    const page = s.context.page;
    const [entry] = screen.getAllByRole('listitem').filter((li) => li.classList.contains('gift-history-entry'));
    const e = within(entry!);
    expect(e.getByRole('img', { name: 'Birthday eGift: balloons' }).getAttribute('src')).toBe('/gift/art/birthday-balloons.svg');
    expect(e.getByText('Sent Nov 20, 2026')).toBeTruthy();
    expect(e.getByText(`· Order G${String(page).padStart(11, '0')}`)).toBeTruthy();
    expect(e.getByText('$25.00 each, total $50.00')).toBeTruthy();
    expect(e.getByText('“Happy birthday!”')).toBeTruthy();
    const recipients = e.getAllByRole('listitem').map((li) => li.textContent);
    expect(recipients).toEqual(['Ana (ana@example.com) Claimed', 'Ben (ben@example.com) Sent']);
    expect(screen.getByText(`Page ${page} of 2`)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(page === 1);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(page === 2);
  },
  sends: (e, s) => (s.matches('loading') && ['xstate.init', 'user.retry', 'user.nextPage', 'user.previousPage'].includes(e.type) ? [{ src: 'loadHistory', request: { page: s.context.page, pageSize: 10 } }] : []),
};

describe('GiftHistoryView', () => {
  for (const path of modelPaths(m)) it(pathName(path), () => walkPath(m, path));
});
