import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContractForm } from '../../../src/dashboard/forms/index.ts';
import { forms } from '../../../src/generated/forms/index.ts';

// A limit without a spec message (the profile name's 100 characters) shows the shared default
// under the field, the words the engine's 400 uses, not ajv's 'must NOT have more than 100 characters'.
afterEach(cleanup);

const user = userEvent.setup({ delay: null });

describe('ContractForm default messages', { timeout: 20_000 }, () => {
  it("a name over 100 characters reads 'Name must be at most 100 characters' under the name field", async () => {
    const onSubmit = vi.fn();
    render(<ContractForm form={forms.profile} formData={{ username: 'Dana' }} onSubmit={onSubmit} submitLabel="Save" />);
    const name = screen.getByRole('textbox', { name: /^name/i });
    await user.clear(name);
    await user.click(name);
    await user.paste('D'.repeat(101));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const message = await screen.findByText('Name must be at most 100 characters');
    // Under the field: rjsf's error list of that field (its id is the input's id + '__error').
    expect(name.id).toBe('root_username');
    expect(message.closest('[id]')?.id).toMatch(/^root_username__error/);
    expect(screen.queryByText(/must NOT/)).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
