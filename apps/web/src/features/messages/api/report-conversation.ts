import { useMutation } from '@tanstack/react-query';
import {
  messageReportSchema,
  type MessageReport,
  type ReportConversation,
} from '@tibeb/domain/messages/reports';
import { api } from '../../../lib/api-client.ts';
import type { MessagesArea } from './keys.ts';

/**
 * POST /api/{tutor|student}/messages/{id}/report/: a message (message_id) or the whole conversation reported to
 * the office (201 new; 200 when the same open report already existed).
 */
export async function reportConversation(
  area: MessagesArea,
  id: string,
  body: ReportConversation,
): Promise<MessageReport> {
  return messageReportSchema.parse(await api.post<unknown>(`/${area}/messages/${id}/report/`, body));
}

export const useReportConversation = (area: MessagesArea, id: string) =>
  useMutation({ mutationFn: (body: ReportConversation) => reportConversation(area, id, body) });
