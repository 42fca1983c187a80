/** The signed-in side whose messages are read: the same endpoints under /tutor and /student. */
export type MessagesArea = 'tutor' | 'student';

export const messagesKeys = {
  all: (area: MessagesArea) => ['messages', area] as const,
  list: (area: MessagesArea) => ['messages', area, 'list'] as const,
  thread: (area: MessagesArea, id: string) => ['messages', area, 'thread', id] as const,
  unread: (area: MessagesArea) => ['messages', area, 'unread'] as const,
  contacts: (area: MessagesArea) => ['messages', area, 'contacts'] as const,
};
