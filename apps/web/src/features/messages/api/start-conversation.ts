import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartConversation } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

export const startConversation = (area: MessagesArea, body: StartConversation) =>
  api.post<{ id: string }>(`/${area}/messages/`, body);

export const useStartConversation = (area: MessagesArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversation) => startConversation(area, body),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesKeys.all(area) }),
  });
};
