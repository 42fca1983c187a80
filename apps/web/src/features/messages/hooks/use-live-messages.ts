import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { getAccessToken } from '../../../lib/auth-storage.ts';
import { API_BASE } from '../../../lib/api-client.ts';
import { getUnread } from '../api/get-unread.ts';
import { messagesKeys, type MessagesArea } from '../api/keys.ts';

export type LiveState = 'connecting' | 'live';

/**
 * Keeps the area's messages live: reads the server-sent events of `/{area}/messages/stream/` (with fetch, so the
 * access token travels in the Authorization header, which EventSource cannot send) and refreshes the messages'
 * queries on every event. Reconnects with a growing pause; an expired token is renewed by an ordinary request.
 */
export function useLiveMessages(area: MessagesArea): LiveState {
  const client = useQueryClient();
  const [state, setState] = useState<LiveState>('connecting');

  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pause = 1000;

    const refresh = () => void client.invalidateQueries({ queryKey: messagesKeys.all(area) });

    const connect = async () => {
      if (stopped) return;
      controller = new AbortController();
      try {
        const token = getAccessToken();
        const res = await fetch(`${API_BASE}/${area}/messages/stream/`, {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          signal: controller.signal,
        });
        if (res.status === 401) {
          // An ordinary request renews the access token (silent refresh), then the stream tries again.
          await getUnread(area).catch(() => undefined);
          throw new Error('unauthorized');
        }
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        setState('live');
        pause = 1000;
        // Whatever happened while the stream was away.
        refresh();
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (/^event: /m.test(block)) refresh();
          }
        }
      } catch {
        // Closed, refused or offline: try again below.
      }
      if (stopped) return;
      setState('connecting');
      timer = setTimeout(() => void connect(), pause);
      pause = Math.min(pause * 2, 30_000);
    };
    void connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    };
  }, [area, client]);

  return state;
}
