import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { ContactForm } from './contact-form.tsx';

const renderForm = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ContactForm />
    </QueryClientProvider>,
  );

async function fill() {
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Hiwot');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'hiwot@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Is there a tutor for grade 7 physics?');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

describe('ContactForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('posts the message, shows "Sending..." disabled, then the success alert and an empty form', async () => {
    let body: unknown;
    server.use(
      http.post('/api/contacts/', async ({ request }) => {
        body = await request.json();
        await delay(50);
        return HttpResponse.json({ id: 1, detail: 'ok' }, { status: 201 });
      }),
    );
    renderForm();
    await fill();
    expect(screen.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(await screen.findByText('🎉 Your message has been sent successfully!')).toBeInTheDocument();
    expect(body).toEqual({
      name: 'Hiwot',
      email: 'hiwot@example.com',
      message: 'Is there a tutor for grade 7 physics?',
      // The page's language, for the acknowledgement e-mail (issue 18).
      locale: 'en',
    });
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  });

  it('logs a failure and shows the cross-marked alert', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.post('/api/contacts/', () => HttpResponse.json({ detail: 'down' }, { status: 503 })));
    renderForm();
    await fill();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '❌ Failed to send message. Please try again.',
    );
    expect(log).toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Hiwot');
  });

  it('shows the field messages and sends nothing when fields are missing', async () => {
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
  });
});
