import { Link } from '@tanstack/react-router';
import type { ProductTile } from '../../../contracts/ordering-menu.ts';
import { OrderStatusMessages } from '../../../contracts/order-status-messages.ts';

/** 'Try instead': up to three products of the same category the store sells now (issue 29) */
export function TryInstead({ products, headingLevel = 2 }: { products: readonly ProductTile[]; headingLevel?: 2 | 3 }) {
  if (!products.length) return null;
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="try-instead">
      <H className="menu-group-title">{OrderStatusMessages.tryInstead}</H>
      <ul className="try-instead-list">
        {products.map((t) => (
          <li key={`${t.productNumber}-${t.formCode}`}>
            <Link to="/menu/product/$productNumber/$formCode" params={{ productNumber: String(t.productNumber), formCode: t.formCode }}>
              {t.name}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

