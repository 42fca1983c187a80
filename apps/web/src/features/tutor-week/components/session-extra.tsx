import { createContext, useContext, type ReactNode } from 'react';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';

/**
 * What another feature adds under each of the tutor's sessions (features never import each other: the route
 * composes them, e.g. homework, decision 270). Nothing by default.
 */
export const SessionExtraContext = createContext<((session: TutorSession) => ReactNode) | null>(null);

export function SessionExtra({ session }: { session: TutorSession }) {
  const render = useContext(SessionExtraContext);
  return render ? <>{render(session)}</> : null;
}
