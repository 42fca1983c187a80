import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_REASON_MAX_LENGTH } from '@tibeb/domain/messages/reports';
import { messageTexts } from '@tibeb/domain/messages/texts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { translateAnswer } from '../../../lib/translate-message.ts';
import type { MessagesArea } from '../api/keys.ts';
import { useReportConversation } from '../api/report-conversation.ts';

/** What is reported: one message of the other side (with its text shown), or the whole conversation. */
export type ReportTarget = { messageId: string; excerpt: string } | { messageId: null };

/**
 * Report a message or a conversation to the office (issue 31 item 7): a required reason, then a thank-you. The
 * native dialog keeps focus inside and closes on Escape.
 */
export function ReportDialog({
  area,
  conversationId,
  target,
  onClose,
}: {
  area: MessagesArea;
  conversationId: string;
  target: ReportTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('messages');
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      title={target?.messageId ? t('Report this message') : t('Report this conversation')}
    >
      {target && <ReportForm area={area} conversationId={conversationId} target={target} onClose={onClose} />}
    </Dialog>
  );
}

function ReportForm({
  area,
  conversationId,
  target,
  onClose,
}: {
  area: MessagesArea;
  conversationId: string;
  target: ReportTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation('messages');
  const report = useReportConversation(area, conversationId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  const countId = useId();

  if (report.isSuccess) {
    return (
      <div className="space-y-4">
        <p role="status" className="break-words text-stone-800">
          {t(messageTexts.reportThanks)}
        </p>
        <div className="flex justify-end">
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="space-y-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setProblem(null);
        if (reason.trim().length === 0) return setProblem(t(messageTexts.reportReasonEmpty));
        report.mutate(
          { reason, ...(target.messageId ? { message_id: target.messageId } : {}) },
          {
            onError: (err) =>
              setProblem(translateAnswer(t, err, 'reason') ?? t('Not sent. Please try again.')),
          },
        );
      }}
    >
      {target.messageId && (
        <blockquote className="line-clamp-4 whitespace-pre-wrap break-words rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700 [overflow-wrap:anywhere]">
          {target.excerpt}
        </blockquote>
      )}
      <p className="text-sm text-stone-600">
        {t('The office reads the conversation only because you report it. Please say what is wrong.')}
      </p>
      <div>
        <label htmlFor={reasonId} className="block text-sm font-medium text-stone-800">
          {t('Reason')}
        </label>
        <textarea
          id={reasonId}
          rows={4}
          required
          aria-required="true"
          aria-invalid={problem ? true : undefined}
          aria-describedby={countId}
          maxLength={REPORT_REASON_MAX_LENGTH}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          className={inputStyles}
        />
        <CharCount id={countId} length={reason.length} max={REPORT_REASON_MAX_LENGTH} />
      </div>
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={buttonStyles.secondary} onClick={onClose}>
          {t('Cancel')}
        </button>
        <button type="submit" className={buttonStyles.primary} disabled={report.isPending}>
          {report.isPending ? t(messageTexts.sending) : t('Send report')}
        </button>
      </div>
    </form>
  );
}
