import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextContractForm } from '../../../src/dashboard/forms/TextContractForm.tsx';
import { textFormErrors } from '../../../src/dashboard/forms/textFormErrors.ts';
import { forms } from '../../../src/generated/forms/index.ts';

// The first sign-up steps render their generated forms without rjsf: the same labels, messages,
// trimming and focus as ContractForm (ContractForm.test.tsx), from the validators codegen compiled.

afterEach(cleanup);

const user = userEvent.setup({ delay: null });
const submit = (label: string) => user.click(screen.getByRole('button', { name: label }));
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}
const hiddenOtpContext = { userEmail: { 'ui:widget': 'hidden' }, newUser: { 'ui:widget': 'hidden' }, data: { 'ui:widget': 'hidden' } };

describe('TextContractForm', { timeout: 20_000 }, () => {
  it("an empty e-mail shows 'Email is required' and focuses the field", async () => {
    const onSubmit = vi.fn();
    render(<TextContractForm form={forms.signUpEmail} idPrefix="email" submitLabel="Continue" onSubmit={onSubmit} />);
    await submit('Continue');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    const field = screen.getByRole('textbox', { name: /email/i });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('aria-describedby')).toContain('email_userEmail__error');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a bad e-mail shows 'Not a valid email!'; corrected, the message goes as the user types", async () => {
    const onSubmit = vi.fn();
    render(<TextContractForm form={forms.signUpEmail} idPrefix="email" submitLabel="Continue" onSubmit={onSubmit} />);
    const field = screen.getByRole('textbox', { name: /email/i });
    await fill(field, 'not-an-email');
    await submit('Continue');
    expect(await screen.findByText('Not a valid email!')).toBeTruthy();
    await user.clear(field);
    await fill(field, 'dev@acme.io');
    await waitFor(() => expect(screen.queryByText('Not a valid email!')).toBeNull());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('trims x-trim values before validating and sending', async () => {
    const onSubmit = vi.fn();
    render(<TextContractForm form={forms.signUpEmail} idPrefix="email" submitLabel="Continue" onSubmit={onSubmit} />);
    await fill(screen.getByRole('textbox', { name: /email/i }), '  dev@acme.io  ');
    await submit('Continue');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ userEmail: 'dev@acme.io' });
  });

  it("a 5-digit code shows 'Please enter valid OTP'; hidden fields are sent as given", async () => {
    const onSubmit = vi.fn();
    render(
      <TextContractForm form={forms.signUpOtp} formData={{ userEmail: 'dev@acme.io', newUser: true }} uiSchema={hiddenOtpContext} idPrefix="otp" submitLabel="Verify" onSubmit={onSubmit} />,
    );
    expect(screen.queryByRole('textbox', { name: /email/i })).toBeNull();
    const code = screen.getByRole('textbox', { name: /code/i });
    await fill(code, '12345');
    await submit('Verify');
    expect(await screen.findByText('Please enter valid OTP')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await fill(code, '6');
    await submit('Verify');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ userEmail: 'dev@acme.io', newUser: true, otp: '123456' });
  });

  it('shows the help text of the contract under the field', () => {
    render(<TextContractForm form={forms.signUpOtp} uiSchema={hiddenOtpContext} idPrefix="otp" submitLabel="Verify" onSubmit={() => undefined} />);
    expect(screen.getByText('The code is valid for 10 minutes.')).toBeTruthy();
  });
});

describe('textFormErrors', () => {
  it('gives each failed field its contract message once', () => {
    expect(textFormErrors(forms.signUpEmail, {})).toEqual({ userEmail: ['Email is required'] });
    expect(textFormErrors(forms.signUpEmail, { userEmail: 'x'.repeat(300) })).toEqual({ userEmail: ['Not a valid email!'] });
    expect(textFormErrors(forms.signUpOtp, { userEmail: 'dev@acme.io', otp: 'abc' })).toEqual({ otp: ['Please enter valid OTP'] });
    expect(textFormErrors(forms.signUpOtp, { userEmail: 'dev@acme.io', otp: ' 123456 ' })).toEqual({});
  });
});
