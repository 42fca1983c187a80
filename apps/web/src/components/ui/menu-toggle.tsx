import { useTranslation } from 'react-i18next';

/** The hamburger button that opens and closes a menu on phones (public header, area sidebars). */
export function MenuToggle({
  open,
  onToggle,
  controls,
}: {
  open: boolean;
  onToggle: () => void;
  /** The id of the menu it shows and hides. */
  controls: string;
}) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className="rounded-md p-2 text-stone-700 hover:bg-stone-100 lg:hidden"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={open ? t('Close menu') : t('Open menu')}
      onClick={onToggle}
    >
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
      </svg>
    </button>
  );
}
