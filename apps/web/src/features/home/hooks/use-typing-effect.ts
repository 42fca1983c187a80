import { useEffect, useState } from 'react';

export type TypingOptions = { typeMs?: number; deleteMs?: number; holdMs?: number };

/**
 * Types each word letter by letter, holds it, deletes it and moves to the next one, forever.
 * With `enabled` false (reduced motion) it answers the first word whole and never changes.
 */
export function useTypingEffect(
  words: readonly string[],
  enabled: boolean,
  { typeMs = 90, deleteMs = 45, holdMs = 1600 }: TypingOptions = {},
): string {
  const [state, setState] = useState({ word: 0, length: 0, deleting: false });

  useEffect(() => {
    if (!enabled || words.length === 0) return undefined;
    const current = words[state.word % words.length]!;
    const full = !state.deleting && state.length === current.length;
    const delay = full ? holdMs : state.deleting ? deleteMs : typeMs;
    const timer = setTimeout(() => {
      setState((s) => {
        if (!s.deleting && s.length < current.length) return { ...s, length: s.length + 1 };
        if (!s.deleting) return { ...s, deleting: true };
        if (s.length > 0) return { ...s, length: s.length - 1 };
        return { word: (s.word + 1) % words.length, length: 0, deleting: false };
      });
    }, delay);
    return () => clearTimeout(timer);
  }, [enabled, words, state, typeMs, deleteMs, holdMs]);

  if (!enabled) return words[0] ?? '';
  return (words[state.word % words.length] ?? '').slice(0, state.length);
}
