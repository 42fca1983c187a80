import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { AreaScreen, type Area } from '../layouts/area-layout.tsx';

/**
 * A screen of the tutor or family area: its address, its title and purpose line (in English: AreaScreen translates
 * them in the area's namespace), and what it shows.
 */
export type ScreenRoute = { path: string; title: string; intro: string; content: ReactNode };

/** An area's screens as routes, each under its title and purpose line. */
export function screenRoutes(area: Area, screens: readonly ScreenRoute[]) {
  return screens.map(({ path, title, intro, content }) => (
    <Route
      key={path}
      path={path}
      element={
        <AreaScreen area={area} title={title} intro={intro}>
          {content}
        </AreaScreen>
      }
    />
  ));
}
