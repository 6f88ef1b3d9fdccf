import { Link } from '@tanstack/react-router';
import '../shared/legal-page.css';

/** /help/rewards: the rewards questions (config `cards.rewardsQuestionsUrl`, the questions block's link; sample text). */
export function RewardsQuestionsView() {
  return (
    <article className="legal-page">
      <h1>Rewards questions</h1>
      <h2>How do I earn Stars?</h2>
      <p>Sign in and order: 1 Star per $1 when you pay as you go, 2 Stars per $1 when you pay with a preloaded Harbor card.</p>
      <h2>When do my Stars expire?</h2>
      <p>Stars expire on the first day of the seventh month after the month they were earned. Your account shows the Stars expiring soon.</p>
      <h2>How do I redeem a Reward?</h2>
      <p>At checkout, choose a Reward your Stars cover: from 25 Stars for a customization to 400 Stars for merchandise.</p>
      <h2>How is my Status decided?</h2>
      <p>Your Status depends on the Stars you earned from orders in the last 12 months.</p>
      <p>
        <Link to="/rewards">Back to Rewards</Link>
      </p>
    </article>
  );
}
