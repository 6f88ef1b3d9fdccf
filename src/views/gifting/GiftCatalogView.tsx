import { useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { GiftMessages, GiftTexts } from '../../../contracts/gift-messages.ts';
import { formatCents } from '../../../contracts/card-fields.ts';
import type { giftCatalogMachine } from '../../../machines/gift-catalog.machine.ts';
import { AccountForm, ErrorAlert, LoadFailed } from '../shared/blocks.tsx';
import { SubmitButton, TextField, useFocusFirstError } from '../shared/form.tsx';
import { PageLoading } from '../shell/Loading.tsx';
import './gifting.css';

/**
 * The eGift catalog (/gift, /gift/*) and one category (/gift/category/{categoryUrn}): categories in order, each a
 * heading and its designs (card art with its alt text) linking to /gift/{productNumber}; the bulk-gift banner and
 * the balance link per config; the card-balance form (#check-balance) when the unauthenticated check is on.
 * Renders the giftCatalog machine's snapshot and sends its events, nothing else.
 */
export interface GiftCatalogViewProps {
  actor: ActorRefFrom<typeof giftCatalogMachine>;
  /** config gifting.showBulkGiftBanner */
  showBulkGiftBanner: boolean;
  /** config gifting.cardBalanceUrl */
  cardBalanceUrl: string;
}

export function GiftCatalogView({ actor, showBulkGiftBanner, cardBalanceUrl }: GiftCatalogViewProps) {
  const state = useSelector(actor, (s) => s);
  const categoryUrn = state.context.categoryUrn;
  if (state.matches('loading') || state.matches('notFound')) return <PageLoading />;
  if (state.matches('loadFailed')) {
    return (
      <div className="gift-page">
        <h1>{GiftTexts.catalogTitle}</h1>
        <LoadFailed error={GiftMessages.generic} onRetry={() => actor.send({ type: 'user.retry' })} />
      </div>
    );
  }
  const all = state.context.catalog?.categories ?? [];
  const shown = categoryUrn ? all.filter((c) => c.urn === categoryUrn) : all;
  const category = categoryUrn ? shown[0] : undefined;
  return (
    <div className="gift-page">
      {category ? (
        <Link to="/gift" className="gift-back">
          {GiftTexts.allCategories}
        </Link>
      ) : null}
      <h1>{category ? GiftTexts.categoryTitle(category.name) : GiftTexts.catalogTitle}</h1>
      {showBulkGiftBanner ? <p className="gift-banner">{GiftTexts.bulkBanner}</p> : null}
      <a className="gift-balance-link" href={cardBalanceUrl}>
        {GiftTexts.checkBalanceLink}
      </a>
      {shown.map((c) => (
        <section key={c.urn} className="gift-category" aria-labelledby={category ? undefined : `gift-category-${c.urn}`} aria-label={category ? c.name : undefined}>
          {category ? null : (
            <div className="gift-category-head">
              <h2 id={`gift-category-${c.urn}`}>{c.name}</h2>
              <Link to="/gift/category/$categoryUrn" params={{ categoryUrn: c.urn }}>
                {GiftTexts.seeCategory(c.name)}
              </Link>
            </div>
          )}
          <ul className="gift-designs">
            {c.eGifts.map((g) => (
              <li key={g.productNumber} className="gift-design">
                <Link to="/gift/$productNumber" params={{ productNumber: g.productNumber }}>
                  <img src={g.largeImageUrl} alt={g.altText} width={600} height={380} loading="lazy" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {state.matches({ ready: 'balanceOff' }) ? null : <BalanceCheck actor={actor} />}
    </div>
  );
}

function BalanceCheck({ actor }: { actor: GiftCatalogViewProps['actor'] }) {
  const state = useSelector(actor, (s) => s);
  const formRef = useRef<HTMLFormElement>(null);
  const { balance, balanceErrors, balanceError } = state.context;
  useFocusFirstError(formRef, balanceErrors);
  const checking = state.matches({ ready: 'checkingBalance' });
  return (
    <section id="check-balance" className="gift-balance" aria-labelledby="check-balance-heading">
      <h2 id="check-balance-heading">{GiftTexts.checkBalanceHeading}</h2>
      {state.matches({ ready: 'balanceShown' }) && balance ? (
        <div role="status">
          <p className="gift-balance-result">{GiftTexts.balanceResult(balance.lastFour, formatCents(balance.balance.amount))}</p>
          <button type="button" className="btn btn--ghost" onClick={() => actor.send({ type: 'user.checkAnother' })}>
            {GiftTexts.checkAnother}
          </button>
        </div>
      ) : (
        <AccountForm
          formRef={formRef}
          label={GiftTexts.checkBalanceHeading}
          onValues={(f) => actor.send({ type: 'user.checkBalance', cardNumber: f.text('cardNumber'), securityCode: f.text('securityCode') })}
        >
          <ErrorAlert message={balanceError ? GiftMessages[balanceError] : null} />
          <TextField
            name="cardNumber"
            label={GiftTexts.cardNumberLabel}
            inputMode="numeric"
            autoComplete="off"
            error={balanceErrors.cardNumber ? GiftMessages[balanceErrors.cardNumber] : undefined}
          />
          <TextField
            name="securityCode"
            label={GiftTexts.securityCodeLabel}
            inputMode="numeric"
            autoComplete="off"
            error={balanceErrors.securityCode ? GiftMessages[balanceErrors.securityCode] : undefined}
          />
          <SubmitButton loading={checking}>{GiftTexts.checkBalanceButton}</SubmitButton>
        </AccountForm>
      )}
    </section>
  );
}
