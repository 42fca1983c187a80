import { useEffect, useId, useRef, type ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Extra classes for the panel (width, padding). */
  className?: string;
  hideTitle?: boolean;
};

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays inside),
 * Escape closes it, and focus returns to the element that opened it.
 */
export function Dialog({ open, onClose, title, children, className = '', hideTitle = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement as HTMLElement | null;
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      return () => opener?.focus?.();
    }
    if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    return undefined;
  }, [open]);

  return (
    // The backdrop click is a mouse convenience; keyboard users close with Escape (the dialog's cancel event).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (e.target === ref.current) onClose();
      }}
      className={`m-auto max-h-[90vh] w-[min(36rem,calc(100vw-2rem))] overflow-auto rounded-2xl bg-white p-0 text-stone-900 shadow-2xl ${className}`}
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className={hideTitle ? 'sr-only' : 'mb-4 text-xl font-semibold text-brand-800'}>
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
