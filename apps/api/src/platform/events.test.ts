import { describe, expect, it } from 'vitest';
import { emitEvent, onEvent } from './events.ts';

describe('in-process events', () => {
  it('reaches every listener of that event, in order, until it is removed', () => {
    const heard: string[] = [];
    const offA = onEvent('tutor.schedule-changed', ({ tutorId }) => heard.push(`a${tutorId}`));
    const offB = onEvent('tutor.schedule-changed', ({ tutorId }) => heard.push(`b${tutorId}`));
    emitEvent('tutor.schedule-changed', { tutorId: 7 });
    offA();
    emitEvent('tutor.schedule-changed', { tutorId: 8 });
    offB();
    emitEvent('tutor.schedule-changed', { tutorId: 9 });
    expect(heard).toEqual(['a7', 'b7', 'b8']);
  });
});
