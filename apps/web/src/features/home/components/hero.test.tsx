import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { Hero } from './hero.tsx';

function renderHero() {
  return render(
    <MemoryRouter>
      <Hero />
    </MemoryRouter>,
  );
}

describe('the landing hero', () => {
  beforeEach(() => {
    // A visitor who prefers reduced motion sees the first subject, still.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads in English as the spec writes it', () => {
    renderHero();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent(
      'Learn Mathematics, Sciences, Languages and Coding with expert Ethiopian tutors',
    );
    expect(heading).toHaveTextContent(/Learn Mathematics\s*with expert Ethiopian tutors$/);
    expect(screen.getByTestId('hero-typed')).toHaveTextContent('Mathematics');
    expect(screen.getByRole('link', { name: 'Find a tutor' })).toHaveAttribute('href', '/tutors');
    expect(screen.getByRole('link', { name: 'Book by subject' })).toHaveAttribute('href', '/booking/form');
  });

  it('reads in Amharic, the typed subject placed before the verb', async () => {
    await act(() => changeLanguage('am'));
    renderHero();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading).toHaveTextContent('ከባለሙያ ኢትዮጵያውያን አስጠኚዎች ጋር ሂሳብ፣ ሳይንስ፣ ቋንቋዎች እና ኮዲንግ ይማሩ');
    // The visible sentence: "with expert Ethiopian tutors", the typed subject, then "learn".
    const visible = heading.querySelector('[aria-hidden="true"]');
    expect(visible).toHaveTextContent(/^ከባለሙያ ኢትዮጵያውያን አስጠኚዎች ጋር\s*ሂሳብ\s*ይማሩ$/);
    expect(screen.getByTestId('hero-typed')).toHaveTextContent('ሂሳብ');
    expect(screen.getByText('በየትኛውም ቦታ ላሉ ኢትዮጵያውያን ቤተሰቦች የኦንላይን ማስጠናት')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'አስጠኚ ይፈልጉ' })).toHaveAttribute('href', '/tutors');
    expect(screen.getByRole('link', { name: 'በትምህርት ዓይነት ይያዙ' })).toHaveAttribute('href', '/booking/form');
    expect(screen.queryByText(/Learn|tutors/)).not.toBeInTheDocument();
  });
});
