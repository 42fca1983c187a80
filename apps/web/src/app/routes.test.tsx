import { describe, expect, it, vi } from 'vitest';
import { routes } from './routes.tsx';

// Records when the areas' guard is loaded (decision 245: with an area, never with a public page).
const loaded = vi.hoisted(() => ({ guard: false }));
vi.mock('./require-role.tsx', async (importOriginal) => {
  loaded.guard = true;
  return importOriginal();
});

describe('the route table', () => {
  it("loads a signed-in area's guard with the area, not with the public pages", async () => {
    expect(loaded.guard).toBe(false);
    const admin = routes.find((route) => route.path === '/admin');
    expect(typeof admin?.lazy).toBe('function');

    const loadedRoute = await (admin!.lazy as () => Promise<{ element?: unknown }>)();

    expect(loaded.guard).toBe(true);
    expect(loadedRoute.element).toBeTruthy();
  });
});
