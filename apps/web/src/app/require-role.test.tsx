import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '../test/msw-server.ts';
import { RequireRole } from './require-role.tsx';

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;
const future = () => Math.floor(Date.now() / 1000) + 600;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/admin" element={<RequireRole roles={['admin', 'staff', 'superuser']} />}>
          <Route path="*" element={<p>admin area</p>} />
        </Route>
        <Route path="/login" element={<p>login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the area guard (spec §6)', () => {
  it('admits a stored role in any case', () => {
    localStorage.setItem('access_token', jwt({ role: 'x', exp: future() }));
    localStorage.setItem('user', JSON.stringify({ role: 'SuperUser', token: 'x' }));
    renderAt('/admin/users');
    expect(screen.getByText('admin area')).toBeInTheDocument();
  });

  it('sends the wrong role, or nobody, to /login', () => {
    localStorage.setItem('access_token', jwt({ role: 'tutor', exp: future() }));
    renderAt('/admin/users');
    expect(screen.getByText('login page')).toBeInTheDocument();
  });

  it('renders nothing while an expired token is renewed, then the area', async () => {
    localStorage.setItem('access_token', jwt({ role: 'admin', exp: 1 }));
    localStorage.setItem('refresh_token', 'old');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/accounts/refresh/', async () => {
        await gate;
        return HttpResponse.json({
          access: jwt({ role: 'admin', exp: future() }),
          refresh: 'new',
          role: 'admin',
        });
      }),
    );
    const { container } = renderAt('/admin/dashboard');
    expect(container).toBeEmptyDOMElement();
    release();
    expect(await screen.findByText('admin area')).toBeInTheDocument();
    expect(localStorage.getItem('refresh_token')).toBe('new');
  });

  it('ends a session whose refresh token is refused', async () => {
    localStorage.setItem('access_token', jwt({ role: 'admin', exp: 1 }));
    localStorage.setItem('refresh_token', 'revoked');
    server.use(
      http.post('/api/accounts/refresh/', () => HttpResponse.json({ detail: 'x' }, { status: 401 })),
    );
    renderAt('/admin/dashboard');
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(localStorage.getItem('access_token')).toBeNull();
  });
});
