/** /account/for-you's view (docs/home.md 1): literal texts of spec 3 section 2 and 4 and the chosen ones. */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithRouter } from '../../test/account-harness.tsx';
import { REWARD_TIER_CONTENT as tiers } from '../rewards/benefits.ts';
import { ForYouView } from './ForYouView.tsx';

const guest = { heading: 'Good morning ☀️', prompt: 'Can we get something started for you?' };

describe('ForYouView', () => {
  it('signed out: greeting with the prompt, the rewards carousel, the guest cards, Add Card and Start an order', async () => {
    renderWithRouter(<ForYouView greeting={guest} signedIn={false} status={null} scanInStore={false} tiers={tiers} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Good morning ☀️' })).toBeTruthy();
    expect(screen.getByText('Can we get something started for you?')).toBeTruthy();
    const carousel = screen.getByTestId('rewards-carousel');
    expect(within(carousel).getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual(['25 Stars', '100 Stars', '200 Stars', '300 Stars', '400 Stars']);
    expect(screen.getByRole('button', { name: 'Previous rewards' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next rewards' })).toBeTruthy();
    const actions = screen.getByRole('navigation', { name: 'Get started' });
    expect(within(actions).getByRole('link', { name: 'Add Card' }).getAttribute('href')).toBe('/account/cards/add');
    expect(within(actions).getByRole('link', { name: 'Start an order' }).getAttribute('href')).toBe('/menu');
    expect(screen.getByRole('heading', { name: 'Order ahead' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Register a card' })).toBeTruthy();
  });

  it('the register-card dialog asks to sign in or create an account first, returning to /account/cards/add', async () => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) { this.setAttribute('open', ''); };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) { this.removeAttribute('open'); };
    renderWithRouter(<ForYouView greeting={guest} signedIn={false} status={null} scanInStore={false} tiers={tiers} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Register a card' }));
    const dialog = screen.getByRole('dialog', { name: 'Register a card' });
    expect(within(dialog).getByText('Sign in or create an account to register a card.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/account/signin?returnUrl=%2Faccount%2Fcards%2Fadd');
    expect(within(dialog).getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/account/create?returnUrl=%2Faccount%2Fcards%2Fadd');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('signed in: no prompt, no carousel, no guest cards; the status widget', async () => {
    renderWithRouter(
      <ForYouView greeting={{ heading: 'Crisp evening, Avery', prompt: null }} signedIn status={{ stars: 40, level: 'green', starsToNext: 60 }} scanInStore={false} stream={<p>stream here</p>} tiers={tiers} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Crisp evening, Avery' })).toBeTruthy();
    expect(screen.queryByText('Can we get something started for you?')).toBeNull();
    expect(screen.queryByTestId('rewards-carousel')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Register a card' })).toBeNull();
    expect(screen.getByRole('heading', { name: '40 Stars' })).toBeTruthy();
    expect(screen.getByText('60 Stars to your next Reward')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Rewards' }).getAttribute('href')).toBe('/account/rewards');
    expect(screen.getByText('stream here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add Card' })).toBeTruthy();
  });

  it('phone + signed in + a card: Scan in store goes to #pay instead of Add Card', async () => {
    renderWithRouter(<ForYouView greeting={{ heading: 'Good morning, Avery ☀️', prompt: null }} signedIn status={null} scanInStore tiers={tiers} />);
    const scan = await screen.findByRole('link', { name: 'Scan in store' });
    expect(scan.getAttribute('href')).toMatch(/#pay$/);
    expect(screen.queryByRole('link', { name: 'Add Card' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start an order' }).getAttribute('href')).toBe('/menu');
  });
});
