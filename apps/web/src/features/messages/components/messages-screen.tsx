import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGE_MAX_LENGTH, cleanMessageBody } from '@tibeb/domain/messages/contracts';
import { messageTexts } from '@tibeb/domain/messages/texts';
import type { Attachment } from '@tibeb/domain/messages/attachments';
import { PrivateFile } from '../../../components/private-file.tsx';
import { PrivateFilePicker } from '../../../components/private-file-picker.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useGetContacts } from '../api/get-contacts.ts';
import { useGetConversation } from '../api/get-conversation.ts';
import type { MessagesArea } from '../api/keys.ts';
import { useListConversations } from '../api/list-conversations.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { useSendMessage } from '../api/send-message.ts';
import { useStartConversation } from '../api/start-conversation.ts';
import { ReportDialog, type ReportTarget } from './report-dialog.tsx';

/**
 * Messages of a tutor or a family: the conversations (unread first to the eye, latest on top), one open
 * conversation with its messages, and a text box. On phones the list and the conversation take turns.
 */
export function MessagesScreen({ area }: { area: MessagesArea }) {
  const { t } = useTranslation('messages');
  const [params, setParams] = useSearchParams();
  const selected = params.get('c');
  const open = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('c', id);
        else next.delete('c');
        return next;
      },
      { replace: false },
    );

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
      <div className={selected ? 'hidden min-w-0 lg:block' : 'min-w-0'}>
        <ConversationList area={area} selected={selected} onOpen={open} />
      </div>
      <div className={selected ? 'min-w-0' : 'hidden min-w-0 lg:block'}>
        {selected ? (
          <Thread key={selected} area={area} id={selected} onBack={() => open(null)} />
        ) : (
          <p className="rounded-xl border border-dashed border-stone-300 bg-white p-6 text-stone-600">
            {t('Choose a conversation to read it.')}
          </p>
        )}
      </div>
    </div>
  );
}

function ConversationList({
  area,
  selected,
  onOpen,
}: {
  area: MessagesArea;
  selected: string | null;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('messages');
  const dates = useDates();
  const list = useListConversations(area);
  const contacts = useGetContacts(area);
  const start = useStartConversation(area);
  const without = (contacts.data ?? []).filter((c) => !c.conversation_id);

  if (list.isPending) return <Spinner label={t('Loading...')} />;
  if (list.isError)
    return <Alert tone="error">{t('We could not load your messages. Please try again.')}</Alert>;
  return (
    <nav aria-label={t('Conversations')} className="space-y-4">
      {list.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t(messageTexts.noConversations)}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200 overflow-hidden rounded-xl border border-stone-200 bg-white">
          {list.data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => onOpen(c.id)}
                aria-current={selected === c.id ? 'true' : undefined}
                className={`block w-full px-4 py-3 text-left hover:bg-brand-50 focus-visible:outline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 ${
                  selected === c.id ? 'bg-brand-50' : ''
                }`}
              >
                <span className="flex items-baseline justify-between gap-2">
                  <span
                    className={`truncate ${c.unread ? 'font-bold text-stone-900' : 'font-semibold text-stone-800'}`}
                  >
                    {c.with_name}
                  </span>
                  {c.unread > 0 && (
                    <span className="shrink-0 rounded-full bg-accent-400 px-2 text-xs font-bold text-stone-900">
                      {t('{{count}} new', { count: c.unread })}
                    </span>
                  )}
                </span>
                <span className="mt-0.5 block truncate text-sm text-stone-600">
                  {c.last_message || t(messageTexts.noMessages)}
                </span>
                {c.last_message_at && (
                  <time dateTime={c.last_message_at} className="block text-xs text-stone-500">
                    {dates.format(c.last_message_at, 'dayTime')}
                  </time>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {without.length > 0 && (
        <section
          aria-labelledby="new-conversation"
          className="rounded-xl border border-stone-200 bg-white p-4"
        >
          <h2 id="new-conversation" className="font-semibold text-stone-900">
            {area === 'student' ? t('Write to a tutor') : t('Write to a family')}
          </h2>
          <ul className="mt-2 space-y-2">
            {without.map((c) => (
              <li key={c.tutor_id ?? c.family_user_id}>
                <button
                  type="button"
                  className={`${buttonStyles.secondary} w-full justify-start px-3 py-1.5 text-sm`}
                  disabled={start.isPending}
                  onClick={() =>
                    start.mutate(
                      c.tutor_id !== null ? { tutor_id: c.tutor_id } : { family_user_id: c.family_user_id! },
                      { onSuccess: (r) => onOpen(r.id) },
                    )
                  }
                >
                  {t('Message {{name}}', { name: c.name })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </nav>
  );
}

function Thread({ area, id, onBack }: { area: MessagesArea; id: string; onBack: () => void }) {
  const { t } = useTranslation('messages');
  const dates = useDates();
  const thread = useGetConversation(area, id);
  const markRead = useMarkRead(area);
  const send = useSendMessage(area, id);
  const [draft, setDraft] = useState('');
  const [attachment, setAttachment] = useState<Attachment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const messages = thread.data?.messages;
  const unreadFromThem = messages?.some((m) => !m.mine && !m.read_at) ?? false;
  const { mutate: markReadNow } = markRead;

  useEffect(() => {
    if (unreadFromThem) markReadNow(id);
  }, [unreadFromThem, id, markReadNow]);
  useEffect(() => {
    // The newest message in view, scrolling the list only (never the page).
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages?.length]);

  // The one limit counts the message as typed (cleaning only shortens it), as the API does (decision 264).
  const length = draft.length;
  const submit = () => {
    setProblem(null);
    // A file may go alone; without one, the message needs text.
    if (!attachment && cleanMessageBody(draft).length === 0) return setProblem(t(messageTexts.empty));
    if (length > MESSAGE_MAX_LENGTH) return setProblem(t(messageTexts.tooLong));
    send.mutate(
      { body: draft, ...(attachment ? { attachment_id: attachment.id } : {}) },
      {
        onSuccess: () => {
          setDraft('');
          setAttachment(null);
        },
        onError: (err) => setProblem(translateAnswer(t, err, 'body') ?? t('Not sent. Please try again.')),
      },
    );
  };

  if (thread.isPending) return <Spinner label={t('Loading...')} />;
  if (thread.isError) {
    return (
      <Alert tone="error">
        {thread.error instanceof ApiError && thread.error.status === 403
          ? t(messageTexts.notYours)
          : t('We could not load this conversation. Please try again.')}
      </Alert>
    );
  }
  return (
    <section
      aria-labelledby="thread-title"
      className="flex min-w-0 flex-col rounded-xl border border-stone-200 bg-white"
    >
      <header className="flex flex-wrap items-center gap-2 border-b border-stone-200 px-4 py-3">
        <button
          type="button"
          onClick={onBack}
          className="rounded-lg px-2 py-1 text-sm font-medium text-brand-700 hover:bg-brand-50 lg:hidden"
        >
          ← {t('Conversations')}
        </button>
        <h2 id="thread-title" className="min-w-32 flex-1 truncate text-lg font-semibold text-stone-900">
          {thread.data.with_name}
        </h2>
        <button
          type="button"
          onClick={() => setReporting({ messageId: null })}
          className="ml-auto shrink-0 rounded-lg px-2 py-1 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-red-800"
        >
          {t('Report conversation')}
        </button>
      </header>
      <ReportDialog area={area} conversationId={id} target={reporting} onClose={() => setReporting(null)} />
      <ol
        ref={list}
        aria-label={t('Messages')}
        aria-live="polite"
        className="max-h-[60vh] min-h-48 space-y-3 overflow-y-auto px-4 py-4"
      >
        {thread.data.messages.length === 0 && (
          <li className="text-stone-600">{t(messageTexts.noMessages)}</li>
        )}
        {thread.data.messages.map((m) => (
          <li key={m.id} className={`flex ${m.mine ? 'justify-end' : 'justify-start'}`}>
            <div
              className={`min-w-0 max-w-[85%] rounded-2xl px-4 py-2 ${
                m.mine ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-900'
              }`}
            >
              <p className="sr-only">{t('{{name}} wrote:', { name: m.mine ? t('You') : m.sender_name })}</p>
              {/* Plain text: links and markup stay text. */}
              {m.body && <p className="whitespace-pre-wrap wrap-anywhere">{m.body}</p>}
              {m.attachment && <PrivateFile file={m.attachment} />}
              <p className={`mt-1 text-xs ${m.mine ? 'text-brand-100' : 'text-stone-500'}`}>
                <time dateTime={m.created_at}>{dates.format(m.created_at, 'dayTime')}</time>
                {m.mine && m.read_at && ` · ${t('Read')}`}
                {!m.mine && (
                  <>
                    {' · '}
                    <button
                      type="button"
                      onClick={() => setReporting({ messageId: m.id, excerpt: m.body })}
                      aria-label={t('Report the message of {{name}}, {{time}}', {
                        name: m.sender_name,
                        time: dates.format(m.created_at, 'dayTime'),
                      })}
                      className="rounded underline hover:text-red-800"
                    >
                      {t('Report')}
                    </button>
                  </>
                )}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <form
        className="space-y-2 border-t border-stone-200 p-4"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor="message-body" className="block text-sm font-medium text-stone-800">
          {t('Message')}
        </label>
        <textarea
          id="message-body"
          rows={3}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={t(messageTexts.placeholder)}
          maxLength={MESSAGE_MAX_LENGTH}
          aria-describedby="message-help"
          className={inputStyles}
        />
        <PrivateFilePicker
          area={area}
          value={attachment}
          onChange={setAttachment}
          label={t('Attach a file')}
          disabled={send.isPending}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p
            id="message-help"
            className={`text-xs ${length > MESSAGE_MAX_LENGTH ? 'text-red-700' : 'text-stone-500'}`}
          >
            {t(messageTexts.linksAsText)} {length}/{MESSAGE_MAX_LENGTH}
          </p>
          <button type="submit" className={buttonStyles.primary} disabled={send.isPending}>
            {send.isPending ? t(messageTexts.sending) : t(messageTexts.send)}
          </button>
        </div>
        {problem && <Alert tone="error">{problem}</Alert>}
      </form>
    </section>
  );
}
