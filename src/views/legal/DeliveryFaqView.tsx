import { LegalPage } from './LegalPages.tsx';

const faqs: Array<{ q: string; a: string }> = [
  { q: 'Who delivers my order?', a: 'Orders are delivered by our delivery partner. Their driver picks up your order from a nearby store and brings it to you.' },
  { q: 'Why do I rebuild my bag with the partner?', a: "The partner's app has its own menu and checkout, so items in your pickup bag are not carried over." },
  { q: 'Are prices the same as in store?', a: 'Menu prices for delivery can be higher than in store, and delivery and service fees may apply.' },
  { q: 'Can I earn Stars on delivery orders?', a: 'Not yet: delivery orders are paid to the partner and do not earn Stars.' },
  { q: 'Something is wrong with my order. Who do I contact?', a: "Contact the delivery partner's support from their app: they handle refunds for delivery orders." },
];

export function DeliveryFaqView({ brandName }: { brandName: string }) {
  return (
    <LegalPage title="Delivery FAQ" updated="November 1, 2026">
      <p>Answers to common questions about {brandName} delivery.</p>
      {faqs.map((f) => (
        <section key={f.q} className="legal-faq">
          <h2>{f.q}</h2>
          <p>{f.a}</p>
        </section>
      ))}
    </LegalPage>
  );
}
