import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * A form whose controls wait for the page's code (issue 28). A public page arrives rendered by the server, and on a
 * weak link its code follows seconds later: a form sent before then would go out as the browser's own GET, with
 * what was typed in the address and nothing checked, and typing would be lost when the code takes over. Until the
 * page is hydrated its controls are disabled (a disabled fieldset); `className` lays out the controls.
 */
export function Form({ className, children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form {...props} aria-busy={hydrated ? undefined : true}>
      <fieldset disabled={!hydrated} className={`m-0 min-w-0 border-0 p-0 ${className ?? ''}`}>
        {children}
      </fieldset>
    </form>
  );
}
