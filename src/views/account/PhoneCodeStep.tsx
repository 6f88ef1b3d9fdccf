import type { ReactNode } from 'react';
import { CodeEntryForm, CodeSentTo } from '../shared/blocks.tsx';
import '../shared/page.css';

/** The code step of the phone flows: the code went to `sentTo` by SMS. */
export function PhoneCodeStep({ onSubmitCode, sentTo, state, actions }: { onSubmitCode: (code: string) => void; sentTo: string | null; state: { error: string | null | undefined; busy: boolean }; actions: ReactNode }) {
  return <CodeEntryForm onSubmitCode={onSubmitCode} error={state.error} busy={state.busy} intro={<CodeSentTo phone={sentTo} />} actions={actions} />;
}
