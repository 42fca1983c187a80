import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { Detail } from '@tibeb/domain/accounts/contracts';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { problemOf, type Problem } from '../../../lib/translate-message.ts';

/**
 * One request of the account pages that answer with a text (a reset request, a new password, a confirmed
 * address): `done`, the success text (the server's, else `doneText`), or `problem`, what to show instead (the
 * answer, translated by its code; without an answer the network error). `setProblem` refuses before sending.
 */
export function useAccountRequest<A>(mutation: UseMutationResult<Detail, Error, A>, doneText: string) {
  const [problem, setProblem] = useState<Problem | null>(null);
  const [done, setDone] = useState('');
  const submit = async (arg: A) => {
    setProblem(null);
    try {
      const res = await mutation.mutateAsync(arg);
      setDone(res.detail || doneText);
    } catch (err) {
      setProblem(problemOf(err, accountMessages.networkError));
    }
  };
  return { problem, setProblem, done, submit, pending: mutation.isPending };
}
