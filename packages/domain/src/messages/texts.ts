import { codedMessages } from '../shared/error-codes.ts';

/** The messages screens' and API's user-facing texts, in one place. */
export const messageTexts = {
  empty: 'Please write a message.',
  tooLong: 'A message can be at most 2000 characters.',
  notYours: 'This conversation is not yours.',
  notFound: 'Conversation not found.',
  noAccount: 'Account not found.',
  tooManyStreams: 'Too many open message windows. Please close one and try again.',
  notBooked: 'You can message a tutor once you have booked them.',
  notYourFamily: 'You can message the families who booked you.',
  noConversations: 'No conversations yet.',
  noMessages: 'No messages yet. Say hello!',
  send: 'Send',
  sending: 'Sending...',
  placeholder: 'Write a message',
  linksAsText: 'Text only; links are shown as text.',
  live: 'Live',
  reconnecting: 'Reconnecting...',
  // Reports of a message or a conversation to the office (issue 31 item 7).
  reportReasonEmpty: 'Please say what is wrong.',
  reportReasonTooLong: 'A reason can be at most 1000 characters.',
  reportMessageNotHere: 'This message is not in this conversation.',
  tooManyReports: 'Too many reports. Please try again in an hour.',
  reportNotFound: 'No report of this conversation.',
  resolutionEmpty: 'Please write what the office decided.',
  resolutionTooLong: 'A resolution can be at most 1000 characters.',
  nothingOpen: 'This conversation has no open report.',
  reportThanks: 'Thank you. The office will look at this conversation.',
} as const;

/** Their codes (shared/error-codes.ts): `message_not_found`, `message_not_booked`, … */
export const messageTextCodes = codedMessages(messageTexts, {
  prefix: 'message_',
  // The screens' own labels: never an answer of the API.
  skip: [
    'noConversations',
    'noMessages',
    'send',
    'sending',
    'placeholder',
    'linksAsText',
    'live',
    'reconnecting',
    'reportThanks',
  ],
});
