import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: screens that say "ended" or "starts in" stay true as time passes. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
