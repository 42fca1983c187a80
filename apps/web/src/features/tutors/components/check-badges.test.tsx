import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CheckBadges } from './check-badges.tsx';

describe('CheckBadges', () => {
  it('names the checks passed in the families’ order, and nothing else', () => {
    render(<CheckBadges checks={['interview', 'identity', 'unknown']} />);
    const list = screen.getByRole('list', { name: 'Checks passed' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓ID checked', '✓Interviewed']);
  });

  it('shows nothing for a tutor without checks', () => {
    const { container } = render(<CheckBadges checks={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
