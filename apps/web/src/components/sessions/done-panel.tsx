import type { ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { buttonStyles } from '../ui/button-styles.ts';

/** What a session dialog shows once its change went through: the outcome, and a button that closes it. */
export function DonePanel({
  children,
  done,
  onClose,
}: {
  children: ReactNode;
  done: string | undefined;
  onClose: () => void;
}) {
  return (
    <div className="space-y-4">
      <Alert tone="success">{children}</Alert>
      <button type="button" className={buttonStyles.primary} onClick={onClose}>
        {done}
      </button>
    </div>
  );
}
