import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractForm } from '../../../src/dashboard/forms/index.ts';
import { forms } from '../../../src/generated/forms/index.ts';

afterEach(cleanup);

const catalogApps = [
  { id: 'bamboohr', label: 'BambooHR', category: 'HRIS' },
  { id: 'hubspot', label: 'HubSpot', category: 'CRM' },
];

// One user per test file; no per-key delay. Text is pasted: typing key by key re-renders the whole
// MUI form per character, which is slow in jsdom and proves nothing more here.
const user = userEvent.setup({ delay: null });
const submit = (label = 'Submit') => user.click(screen.getByRole('button', { name: label }));
async function fill(input: HTMLElement, text: string) {
  await user.click(input);
  await user.paste(text);
}

describe('ContractForm', { timeout: 20_000 }, () => {
  it("an empty e-mail shows 'Email is required'", async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.signUpEmail} onSubmit={onSubmit} submitLabel="Continue" />);
    await submit('Continue');
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("an e-mail of spaces (or an empty string) reads as missing: 'Email is required'", async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.signUpEmail} formData={{ userEmail: '' }} onSubmit={onSubmit} />);
    await fill(screen.getByRole('textbox', { name: /email/i }), '   ');
    await submit();
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.queryByText('Not a valid email!')).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("a bad e-mail shows 'Not a valid email!'", async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.signUpEmail} onSubmit={onSubmit} />);
    await fill(screen.getByRole('textbox', { name: /email/i }), 'not-an-email');
    await submit();
    expect(await screen.findByText('Not a valid email!')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('trims x-trim values before validating and sending', async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.signUpEmail} onSubmit={onSubmit} />);
    await fill(screen.getByRole('textbox', { name: /email/i }), '  dev@acme.io  ');
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ userEmail: 'dev@acme.io' });
    expect(screen.queryByText('Not a valid email!')).toBeNull();
  });

  it("a 5-digit code shows 'Please enter valid OTP'", async () => {
    const onSubmit = vi.fn();
    render(
      <ContractForm
        form={forms.signUpOtp}
        formData={{ userEmail: 'dev@acme.io' }}
        uiSchema={{ userEmail: { 'ui:widget': 'hidden' }, newUser: { 'ui:widget': 'hidden' }, data: { 'ui:widget': 'hidden' } }}
        onSubmit={onSubmit}
        submitLabel="Verify"
      />,
    );
    await fill(screen.getByRole('textbox', { name: /code/i }), '12345');
    await submit('Verify');
    expect(await screen.findByText('Please enter valid OTP')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("org details without apps shows 'Please select at least one app'; names are trimmed", async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.orgDetails} formData={{ userEmail: 'dev@acme.io', newUser: true }} catalogApps={catalogApps} onSubmit={onSubmit} />);
    await fill(screen.getByRole('textbox', { name: /^name/i }), '  Dana Developer ');
    await fill(screen.getByRole('textbox', { name: /organisation name/i }), ' Acme  ');
    await submit();
    expect(await screen.findByText('Please select at least one app')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // The apps picker is a chunk of its own (the sign-up page fetches it ahead of this step).
    const apps = await screen.findByRole('combobox', { name: /apps you want to integrate with/i });
    await user.click(apps);
    await user.click(await screen.findByRole('option', { name: 'BambooHR' }));
    await fill(apps, 'Acme Payroll ');
    await user.click(await screen.findByRole('option', { name: 'Request "Acme Payroll"' }));
    await submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({
      username: 'Dana Developer',
      orgName: 'Acme',
      apps: ['bamboohr', { label: 'Acme Payroll', category: 'Requested' }],
      userEmail: 'dev@acme.io',
    });
  });

  it('a blank name reads as missing', async () => {
    render(<ContractForm form={forms.orgDetails} formData={{ userEmail: 'dev@acme.io', apps: ['bamboohr'] }} catalogApps={catalogApps} onSubmit={vi.fn()} />);
    await fill(screen.getByRole('textbox', { name: /^name/i }), '   ');
    await submit();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Organisation name is required')).toBeTruthy();
  });

  it('shows server errors under their field', async () => {
    render(<ContractForm form={forms.signUpEmail} formData={{ userEmail: 'dev@acme.io' }} serverErrors={{ userEmail: 'Email already registered!' }} onSubmit={vi.fn()} />);
    expect(await screen.findByText('Email already registered!')).toBeTruthy();
  });

  it('busy disables the submit button and keeps the label', async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.signUpEmail} formData={{ userEmail: 'dev@acme.io' }} busy submitLabel="Continue" onSubmit={onSubmit} />);
    const button = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('renders extra actions beside the submit button', () => {
    render(
      <ContractForm form={forms.signUpEmail} onSubmit={vi.fn()}>
        <button type="button">Previous</button>
      </ContractForm>,
    );
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
  });

  it('magic link: customMappingRequired is disabled unless showCustomMapping, and reset to false when it changes', async () => {
    const onChange = vi.fn();
    render(
      <ContractForm
        form={forms.magicLink}
        formData={{ showCustomMapping: true, customMappingRequired: false }}
        uiSchema={{ connectorIds: { 'ui:widget': 'hidden' }, language: { 'ui:widget': 'text' } }}
        onChange={onChange}
        onSubmit={vi.fn()}
      />,
    );
    const required = () => screen.getByRole('switch', { name: 'Custom Mapping Required' }) as HTMLInputElement;
    const show = () => screen.getByRole('switch', { name: 'Show Custom Mapping' }) as HTMLInputElement;
    expect(required().disabled).toBe(false);
    await user.click(required());
    expect(required().checked).toBe(true);
    await user.click(show());
    expect(show().checked).toBe(false);
    expect(required().disabled).toBe(true);
    expect(required().checked).toBe(false);
    expect(onChange.mock.calls.at(-1)?.[0]).toMatchObject({ showCustomMapping: false, customMappingRequired: false });
    await user.click(show());
    expect(required().disabled).toBe(false);
    expect(required().checked).toBe(false);
  });

  it('magic link shows the contract messages for missing required fields', async () => {
    render(<ContractForm form={forms.magicLink} uiSchema={{ connectorIds: { 'ui:widget': 'hidden' }, language: { 'ui:widget': 'text' } }} formData={{ language: 'en' }} onSubmit={vi.fn()} />);
    await submit();
    expect(await screen.findByText('Origin Org ID is required')).toBeTruthy();
    for (const text of ['Origin Org Name is required', 'Origin User Email is required', 'Origin User Name is required', 'Atleast one category is required']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
  });

  it('the logo upload widget is a placeholder for now', () => {
    render(<ContractForm form={forms.personalisation} onSubmit={vi.fn()} />);
    expect(within(document.body).getByText('Logo upload is not built yet')).toBeTruthy();
  });
});
