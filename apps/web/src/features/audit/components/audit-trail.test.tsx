import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { AuditTrail, changedFields } from './audit-trail.tsx';

describe('audit trail', () => {
  it('lists only the fields that changed (all of them for a creation), never the timestamps', () => {
    expect(
      changedFields({
        before: { title: 'A', is_active: false, sort_order: 1, updated_at: 'x' },
        after: { title: 'A', is_active: true, sort_order: 1, updated_at: 'y' },
      }),
    ).toEqual([['is_active', false, true]]);
    expect(changedFields({ before: null, after: { title: 'New' } })).toEqual([['title', undefined, 'New']]);
  });

  it('shows who did what and when, with the change, newest first', async () => {
    let asked = '';
    server.use(
      http.get('/api/admin/audit/', ({ request }) => {
        asked = new URL(request.url).search;
        return HttpResponse.json([
          {
            id: '2',
            action: 'publish',
            actor_user_id: 'u1',
            actor_username: 'meron',
            before: { is_active: false },
            after: { is_active: true },
            created_at: '2026-11-23T11:05:00Z',
          },
          {
            id: '1',
            action: 'create',
            actor_user_id: null,
            actor_username: '',
            before: null,
            after: { title: 'Sibling discount' },
            created_at: '2026-11-22T08:00:00Z',
          },
        ]);
      }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AuditTrail entityType="offer" entityId="7" />
      </QueryClientProvider>,
    );
    await screen.findByText(/published this record/);
    const items = screen.getAllByRole('listitem');
    expect(asked).toContain('entity_type=offer');
    expect(asked).toContain('entity_id=7');
    const text = items.map((li) => li.textContent ?? '').join('\n');
    // Each entry a sentence (issue 31 item 2), with its time in EAT; no raw field names or JSON.
    expect(text).toContain('meron published this record. Is active from no to yes.');
    expect(text).toContain('23 Nov 2026, 14:05 EAT');
    expect(text).toContain('Someone created this record.');
    expect(text).not.toContain('→');
  });
});
