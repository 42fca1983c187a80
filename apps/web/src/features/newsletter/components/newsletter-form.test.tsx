import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { NewsletterForm } from './newsletter-form.tsx';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewsletterForm />
    </QueryClientProvider>,
  );

describe('NewsletterForm', () => {
  it("shows the server's answer and clears the box", async () => {
    server.use(
      http.post('/api/newsletter/', () =>
        HttpResponse.json({ status: 'already_subscribed', detail: 'You are already subscribed. Thank you!' }),
      ),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'lensa@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('You are already subscribed. Thank you!')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it("shows the server's field message for a bad address, and a generic one when the server fails", async () => {
    server.use(
      http.post('/api/newsletter/', () =>
        HttpResponse.json(
          {
            detail: 'email: Enter a valid email address.',
            errors: { email: ['Enter a valid email address.'] },
          },
          { status: 400 },
        ),
      ),
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'lensa@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');

    server.use(http.post('/api/newsletter/', () => HttpResponse.json({ detail: 'x' }, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Could not subscribe. Please try again.')).toBeInTheDocument();
  });
});
