import { LegalPage } from './LegalPages.tsx';

export function CardTermsView({ brandName }: { brandName: string }) {
  return (
    <LegalPage title="Card Terms" updated="November 1, 2026">
      <p>These terms apply to {brandName} Cards, physical and digital, including cards you receive as an eGift.</p>
      <h2>Using your card</h2>
      <p>
        A card pays for purchases at participating stores and for orders placed ahead. It is not a credit or debit card, and its
        balance cannot be redeemed for cash unless the law requires it.
      </p>
      <h2>Balance</h2>
      <p>A card can hold up to $500. Reloads are added when the payment is approved. Balances do not expire and carry no fees.</p>
      <h2>Lost or stolen cards</h2>
      <p>Register your card so we can protect the balance: report a lost registered card and we move the remaining balance to a new one.</p>
    </LegalPage>
  );
}
