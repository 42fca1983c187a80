const paths = {
  'arrow-up': 'M12 19V5M5 12l7-7 7 7',
  'chevron-left': 'M15 18l-6-6 6-6',
  'chevron-right': 'M9 18l6-6-6-6',
  'chevron-down': 'M6 9l6 6 6-6',
} as const;

/** A 20 px line icon in the text's colour; decorative, so the control that holds it carries the name. */
export function LineIcon({ name, className }: { name: keyof typeof paths; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      className={className}
    >
      <path d={paths[name]} />
    </svg>
  );
}
