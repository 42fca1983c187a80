import type { ApplicationStatus } from '@tibeb/domain/tutoring/contracts';

/** The states as the office reads them (English keys of 'applications'). */
export const statusLabels: Record<ApplicationStatus, string> = {
  submitted: 'Waiting for review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
  rejected: 'Not accepted',
};

export const actionLabels: Record<string, string> = {
  submitted: 'Submitted',
  resubmitted: 'Sent back after changes',
  updated: 'Answers changed',
  approve: 'Approved',
  approved: 'Approved',
  reject: 'Rejected',
  rejected: 'Rejected',
  request_changes: 'Changes requested',
  changes_requested: 'Changes requested',
};

/** A history entry's action ('tutor_application.approve') in words; an unknown one as it is. */
export const actionLabel = (action: string) =>
  actionLabels[action.replace(/^tutor_application\./, '')] ?? action;
