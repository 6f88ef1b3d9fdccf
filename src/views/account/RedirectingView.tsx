import { Spinner } from '../shell/Loading.tsx';
import '../shared/page.css';

/** The page of flows that only wait and redirect (single sign-on, sign-out). */
export function RedirectingView({ title }: { title: string }) {
  return (
    <div className="account-page account-center" aria-live="polite">
      <Spinner label={title} />
      <h1 className="account-heading">{title}</h1>
    </div>
  );
}
