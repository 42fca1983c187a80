import { buttonStyles } from './button-styles.ts';
import { Dialog } from './dialog.tsx';

/**
 * Asks before an action that cannot be undone (delete a comment, an offer): the question as the title, what
 * follows, then the action's button and Cancel. Every text comes translated from the caller.
 */
export function ConfirmDialog({
  open,
  title,
  message,
  confirm,
  cancel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  message: string;
  /** The action's button, e.g. 'Delete'. */
  confirm: string;
  cancel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} className="w-full max-w-md">
      <p className="mb-4">{message}</p>
      <div className="flex gap-2">
        <button type="button" className={buttonStyles.primary} onClick={onConfirm}>
          {confirm}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          {cancel}
        </button>
      </div>
    </Dialog>
  );
}
