import { useState } from 'react';

type State<A> =
  | { status: 'idle' }
  | { status: 'pending'; value: A }
  | { status: 'done'; value: A }
  | { status: 'failed'; value: A; error: unknown };

/** A session form's submission: its state, `run` to send a value, and whether one is on its way. */
export type Submission<A> = { state: State<A>; run: (value: A) => void; pending: boolean };

/**
 * The state of one submission of a session form: the caller's `onSubmit` (its own feature's mutation) returns a
 * promise; while it runs the form is pending, a rejection is kept to be shown, a success keeps what was sent.
 */
export function useSubmit<A>(onSubmit: (value: A) => Promise<unknown>): Submission<A> {
  const [state, setState] = useState<State<A>>({ status: 'idle' });
  const run = (value: A) => {
    setState({ status: 'pending', value });
    onSubmit(value).then(
      () => setState({ status: 'done', value }),
      (error: unknown) => setState({ status: 'failed', value, error }),
    );
  };
  return { state, run, pending: state.status === 'pending' };
}
