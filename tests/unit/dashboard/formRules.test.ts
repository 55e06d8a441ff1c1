import { describe, expect, it, vi } from 'vitest';
import { applyDisabledUnless, contractErrorTransformer, messageKey, pathOf, serverErrorSchema, trimFormData } from '../../../src/dashboard/forms/formRules.ts';
import { trimmingValidator } from '../../../src/dashboard/forms/validator.ts';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';
import { messageFor, notifyError, notifySuccess, TOAST_ANCHOR } from '../../../src/dashboard/providers/notify.ts';
import { forms } from '../../../src/generated/forms/index.ts';

const messagesOf = (form: (typeof forms)[keyof typeof forms], data: unknown) =>
  trimmingValidator(form).validateFormData(data, form.schema as never, undefined, contractErrorTransformer(form)).errors.map((e) => `${pathOf(e.property).join('.')}: ${e.message}`);

describe('form rules from the contract', () => {
  it('turns rjsf properties into definition keys', () => {
    expect(pathOf('.list.0.email')).toEqual(['list', '0', 'email']);
    expect(pathOf("['userEmail']")).toEqual(['userEmail']);
    expect(messageKey(['list', '0', 'email'])).toBe('list.*.email');
  });

  it('gives each failed keyword its contract message', () => {
    expect(messagesOf(forms.signUpEmail, {})).toEqual(['userEmail: Email is required']);
    expect(messagesOf(forms.signUpEmail, { userEmail: 'nope' })).toEqual(['userEmail: Not a valid email!']);
    expect(messagesOf(forms.signUpOtp, { userEmail: 'a@b.io', otp: '12345' })).toEqual(['otp: Please enter valid OTP']);
    expect(messagesOf(forms.orgDetails, { userEmail: 'a@b.io', username: 'Dana', orgName: 'Acme', apps: [] })).toEqual(['apps: Please select at least one app']);
    expect(messagesOf(forms.orgDetails, { userEmail: 'a@b.io', username: '  ', orgName: 'Acme', apps: ['bamboohr'] })).toEqual(['username: Username is required']);
    expect(messagesOf(forms.inviteUsers, { list: [{ email: 'bad', role: 'member' }] })).toContain('list.0.email: The input is not valid email!');
  });

  it('trims the x-trim paths, array items included, without touching the rest', () => {
    const values = { username: ' Dana ', orgName: 'Acme ', apps: ['bamboohr', { label: ' Payroll ', category: 'Requested' }], goLivePlan: ' x ' };
    expect(trimFormData(forms.orgDetails, values)).toEqual({ username: 'Dana', orgName: 'Acme', apps: ['bamboohr', { label: 'Payroll', category: 'Requested' }], goLivePlan: ' x ' });
    expect(values.username).toBe(' Dana ');
    expect(trimFormData(forms.signUpEmail, { userEmail: '   ' }, { dropEmpty: true })).toEqual({});
  });

  it('resets a disabledUnless field to false when its switch changes', () => {
    const before = { showCustomMapping: true, customMappingRequired: true };
    expect(applyDisabledUnless(forms.magicLink, before, { showCustomMapping: false, customMappingRequired: true })).toEqual({ showCustomMapping: false, customMappingRequired: false });
    expect(applyDisabledUnless(forms.magicLink, before, { showCustomMapping: true, customMappingRequired: true })).toEqual(before);
  });

  it('places server errors under their field', () => {
    expect(serverErrorSchema({ 'list.0.email': 'Email already registered!', userEmail: 'x' })).toEqual({
      list: { 0: { email: { __errors: ['Email already registered!'] } } },
      userEmail: { __errors: ['x'] },
    });
    expect(serverErrorSchema({})).toBeUndefined();
  });
});

describe('toasts', () => {
  it('show bottom-right with error.msg, else the exception message, else the default', () => {
    const notify = vi.fn();
    notifyError(notify, new ApiError({ status: 400, msg: 'Email already registered!' }));
    expect(notify).toHaveBeenLastCalledWith('Email already registered!', { type: 'error', anchorOrigin: TOAST_ANCHOR });
    notifyError(notify, new TypeError('Failed to fetch'));
    expect(notify).toHaveBeenLastCalledWith('Failed to fetch', expect.objectContaining({ type: 'error' }));
    notifyError(notify, {});
    expect(notify).toHaveBeenLastCalledWith('Something went wrong, please try again', expect.objectContaining({ type: 'error' }));
    notifySuccess(notify, 'Copied');
    expect(notify).toHaveBeenLastCalledWith('Copied', { type: 'success', anchorOrigin: { vertical: 'bottom', horizontal: 'right' } });
  });

  it("a screen's own default replaces the generic one only", () => {
    expect(messageFor({}, 'Something went wrong')).toBe('Something went wrong');
    expect(messageFor(new ApiError({ status: 500, msg: 'From server' }), 'Something went wrong')).toBe('From server');
  });
});
