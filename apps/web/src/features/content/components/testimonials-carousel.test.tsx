import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TestimonialsCarousel } from './testimonials-carousel.tsx';

const items = Array.from({ length: 7 }, (_, i) => ({
  name: `Parent ${i + 1}`,
  image: '/x.svg',
  quote: `Quote ${i + 1}`,
  profession: 'Parent',
}));
const shown = () =>
  within(screen.getAllByRole('list')[0]!)
    .getAllByRole('listitem')
    .map((li) => li.querySelector('figcaption span span')?.textContent);

describe('TestimonialsCarousel', () => {
  it('shows 3 at a time and moves by 3 with wraparound both ways', async () => {
    render(<TestimonialsCarousel items={items} />);
    const user = userEvent.setup();
    expect(shown()).toEqual(['Parent 1', 'Parent 2', 'Parent 3']);
    await user.click(screen.getByRole('button', { name: 'Next testimonials' }));
    expect(shown()).toEqual(['Parent 4', 'Parent 5', 'Parent 6']);
    await user.click(screen.getByRole('button', { name: 'Next testimonials' }));
    expect(shown()).toEqual(['Parent 7', 'Parent 1', 'Parent 2']);
    await user.click(screen.getByRole('button', { name: 'Next testimonials' }));
    expect(shown()).toEqual(['Parent 3', 'Parent 4', 'Parent 5']);
    await user.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    await user.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    await user.click(screen.getByRole('button', { name: 'Previous testimonials' }));
    expect(shown()).toEqual(['Parent 1', 'Parent 2', 'Parent 3']);
  });

  it('has no buttons when everything fits on one page', () => {
    render(<TestimonialsCarousel items={items.slice(0, 3)} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
