import { useMemo } from 'react';
import { signUpEmailForm } from '../../../generated/forms/signUpEmail.ts';
import { TextContractForm } from '../../forms/TextContractForm.tsx';

// The first step of the sign-up screen (the e-mail) as a form: the generated form definition with
// the contract's rules and messages; it only reports the value, the page sends it to the sign-up
// machine. Text fields render without the form library (TextContractForm); the code step
// (CodeStep.tsx) and the details step (DetailsStep.tsx) are chunks of their own, fetched when the
// step before them sends its form.

/** Fields the machine fills from its context: hidden. */
const contextFields = { newUser: { 'ui:widget': 'hidden' }, data: { 'ui:widget': 'hidden' } };

// The form treats a new formData object as new values from outside and resets the fields to it,
// so the step keeps its formData stable across re-renders.

export function EmailStep({ email, busy, submitLabel, onSubmit }: { email: string; busy: boolean; submitLabel: string; onSubmit: (email: string) => void }) {
  // An empty string would fail `format` before `required`: leave the field absent until typed.
  const formData = useMemo(() => (email ? { userEmail: email } : {}), [email]);
  return (
    <TextContractForm<{ userEmail: string }>
      form={signUpEmailForm}
      formData={formData}
      uiSchema={{
        ...contextFields,
        userEmail: { 'ui:autofocus': true, 'ui:options': { inputType: 'email' }, 'ui:autocomplete': 'email' },
      }}
      busy={busy}
      submitLabel={submitLabel}
      idPrefix="signup-email"
      onSubmit={(values) => onSubmit(values.userEmail)}
    />
  );
}
