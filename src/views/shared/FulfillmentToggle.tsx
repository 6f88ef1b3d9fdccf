import { useId } from 'react';
import { useNavigate } from '@tanstack/react-router';
import './FulfillmentToggle.css';

export type Fulfillment = 'pickup' | 'delivery';

/** Spec 1 section 2: the toggle switches between /store-locator[/delivery] and /menu/store-locator[/delivery]. */
export function fulfillmentPath(mode: Fulfillment, inMenu: boolean): string {
  return `${inMenu ? '/menu' : ''}/store-locator${mode === 'delivery' ? '/delivery' : ''}`;
}

/**
 * The Pickup / Delivery radio toggle of the locator and the delivery landing page. Render it only when
 * config.enableInAppDelivery is on (the delivery pages do not exist otherwise). Choosing the other
 * option navigates to its page, keeping the standalone or in-menu variant.
 */
export function FulfillmentToggle({ value, inMenu }: { value: Fulfillment; inMenu: boolean }) {
  const navigate = useNavigate();
  const name = useId();
  const options: Array<{ mode: Fulfillment; label: string }> = [
    { mode: 'pickup', label: 'Pickup' },
    { mode: 'delivery', label: 'Delivery' },
  ];
  return (
    <fieldset className="fulfillment-toggle">
      <legend className="visually-hidden">How do you want your order?</legend>
      {options.map(({ mode, label }) => (
        <label key={mode} className={`fulfillment-toggle-option${value === mode ? ' is-checked' : ''}`}>
          <input
            type="radio"
            name={name}
            value={mode}
            checked={value === mode}
            onChange={() => {
              void navigate({ href: fulfillmentPath(mode, inMenu) });
            }}
          />
          <span>{label}</span>
        </label>
      ))}
    </fieldset>
  );
}
