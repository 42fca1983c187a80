import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';

/** How a link page ended and where to go from there: signing in after a success, a new link after a dead one. */
export function NextStep({
  tone,
  children,
  to,
  label,
}: {
  tone: 'success' | 'error';
  children: ReactNode;
  to: string;
  label: string;
}) {
  return (
    <div className="space-y-4">
      <Alert tone={tone}>{children}</Alert>
      <Link to={to} className={tone === 'success' ? buttonStyles.primary : buttonStyles.secondary}>
        {label}
      </Link>
    </div>
  );
}
