import { Link } from 'react-router';
import { Page } from '../kit/page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>
        There is no dashboard page here.{' '}
        <Link className="text-indigo-700 underline" to="/">
          Go to the overview
        </Link>
        .
      </p>
    </Page>
  );
}
