import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field.tsx';

describe('the form field', () => {
  it('names its control by the label above it, and says under it why the server refused the value', () => {
    const { rerender } = render(
      <Field id="offer-title" label="Title">
        <input id="offer-title" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toBeInTheDocument();
    expect(screen.queryByText('Title is required.')).not.toBeInTheDocument();

    rerender(
      <Field id="offer-title" label="Title" error="Title is required.">
        <input id="offer-title" aria-invalid aria-describedby="offer-title-error" />
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required.');
  });
});
