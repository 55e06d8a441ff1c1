import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SchemaConnectApp, SchemaConnectCategory } from '../../../src/generated/api/engine.ts';
import { AppPicker } from '../../../src/dashboard/pages/magic/AppPicker.tsx';
import { SetupForm } from '../../../src/dashboard/pages/magic/SetupForm.tsx';
import { fieldErrorOf, setupPayload, validateSetup } from '../../../src/dashboard/pages/magic/connectForm.ts';
import { decodeAppState, decodeMagicState } from '../../../src/dashboard/pages/magic/magicState.ts';
import { ApiError } from '../../../src/dashboard/providers/errors.ts';

// The /magic/authorize pieces without a server: state decoding, the app grid and the setup form.
afterEach(cleanup);

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const app = (id: string, label: string, extra: Partial<SchemaConnectApp> = {}): SchemaConnectApp => ({
  id, label, logo: null, authType: 'BASIC', sandbox: false, connectable: true, connectorId: null,
  steps: [{ stepId: 'credentials', setupType: 'FORM', fields: [{ name: 'subdomain', label: 'Company subdomain', type: 'text', required: false }, { name: 'apiKey', label: 'API key', type: 'password', required: true }] }],
  ...extra,
});
const bamboo = app('bamboohr', 'BambooHR');
const workday = app('workday', 'Workday', {
  authType: 'OTHER',
  steps: [{ stepId: 'credentials', setupType: 'FORM', fields: [{ name: 'tenant', label: 'Tenant', type: 'text', required: true }] }, { stepId: 'grantAccess', setupType: 'NONE', fields: [] }],
});
const gusto = app('gusto', 'Gusto', { authType: 'OAUTH', connectable: false, steps: [{ stepId: 'authorize', setupType: 'OAUTH', fields: [] }] });
const categories: SchemaConnectCategory[] = [
  { category: 'HRIS', label: 'HRIS', apps: [bamboo, gusto, workday] },
  { category: 'ATS', label: 'ATS', apps: [app('greenhouse', 'Greenhouse')] },
];

describe('magic link state', () => {
  it('decodes base64url JSON objects with a token, and nothing else', () => {
    expect(decodeMagicState(encode({ authSessionToken: 'tok', sandbox: true }))).toEqual({ authSessionToken: 'tok', sandbox: true, reintegrate: false });
    expect(decodeMagicState(encode({ authSessionToken: 'tok', sandbox: false, reintegrate: true }))?.reintegrate).toBe(true);
    for (const bad of [null, '', '%%%', 'bm90IGpzb24', encode([1]), encode('text'), encode(null), encode({ sandbox: false }), encode({ authSessionToken: ' ' })]) {
      expect(decodeMagicState(bad)).toBeNull();
    }
  });

  it('decodes the state of a link for one app only with its app', () => {
    expect(decodeAppState(encode({ authSessionToken: 'tok', appId: 'gusto', sandbox: false, reintegrate: false }))).toEqual({ authSessionToken: 'tok', appId: 'gusto', sandbox: false, reintegrate: false });
    for (const bad of [null, '%%%', encode({ authSessionToken: 'tok', sandbox: true }), encode({ authSessionToken: 'tok', appId: ' ' }), encode({ authSessionToken: 'tok', appId: 7 }), encode({ appId: 'gusto' })]) {
      expect(decodeAppState(bad)).toBeNull();
    }
  });
});

describe('setup values', () => {
  it("requires the required fields with the engine's message and trims what is sent", () => {
    expect(validateSetup(bamboo, { apiKey: '  ' })).toEqual({ apiKey: 'API key is required' });
    expect(validateSetup(bamboo, { apiKey: 'k' })).toEqual({});
    expect(setupPayload(bamboo, { apiKey: ' k ', subdomain: '  ', other: 'x' })).toEqual({ apiKey: 'k' });
    expect(fieldErrorOf(new ApiError({ status: 400, field: 'values.apiKey', msg: 'API key is required' }))).toEqual({ field: 'apiKey', msg: 'API key is required' });
    expect(fieldErrorOf(new ApiError({ status: 400, field: 'appId', msg: 'x' }))).toBeNull();
  });
});

describe('AppPicker', () => {
  it('switches categories, filters by search and picks with the keyboard', () => {
    const onPick = vi.fn();
    const onCategory = vi.fn();
    const { rerender } = render(<AppPicker categories={categories} category="HRIS" onCategory={onCategory} onPick={onPick} />);
    const grid = screen.getByRole('list', { name: 'HRIS apps' });
    expect(within(grid).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['BambooHR', 'Gusto (sign-in not available yet)', 'Workday']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search apps' }), { target: { value: 'WORK' } });
    expect(within(grid).getAllByRole('button')).toHaveLength(1);
    fireEvent.click(within(grid).getByRole('button', { name: 'Workday' }));
    expect(onPick).toHaveBeenCalledWith(workday);
    fireEvent.change(screen.getByRole('textbox', { name: 'Search apps' }), { target: { value: 'zzz' } });
    expect(screen.getByText('No HRIS app matches "zzz".')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'ATS' }));
    expect(onCategory).toHaveBeenCalledWith('ATS');
    rerender(<AppPicker categories={categories} category="ATS" onCategory={onCategory} onPick={onPick} />);
    expect(screen.getByRole('list', { name: 'ATS apps' })).toBeTruthy();
  });
});

describe('SetupForm', () => {
  it('marks required fields, shows errors per field and sends only when complete', () => {
    const onSubmit = vi.fn();
    render(<SetupForm app={bamboo} busy={false} serverErrors={{}} formError={null} onSubmit={onSubmit} onBack={() => undefined} />);
    const form = screen.getByRole('form', { name: 'Connect BambooHR' });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect BambooHR' }));
    expect(within(form).getByText('API key is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByLabelText(/API key/), { target: { value: 'secret' } });
    expect(within(form).queryByText('API key is required')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Connect BambooHR' }));
    expect(onSubmit).toHaveBeenCalledWith({ apiKey: 'secret' });
  });

  it('waits for manual steps, shows server errors, and offers no sign-in for an OAuth app that cannot connect', () => {
    const onSubmit = vi.fn();
    const { unmount } = render(<SetupForm app={workday} busy={false} serverErrors={{ tenant: 'Tenant is required' }} formError="The link expired" onSubmit={onSubmit} />);
    expect(screen.getByText('Tenant is required')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The link expired');
    expect(screen.queryByRole('button', { name: 'All apps' })).toBeNull();
    const connect = screen.getByRole('button', { name: 'Connect Workday' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: /integration user access/ }));
    expect(connect.disabled).toBe(false);
    unmount();
    render(<SetupForm app={gusto} busy={false} serverErrors={{}} formError={null} onSubmit={onSubmit} />);
    expect(screen.getByText(/\(OAuth\), which is not available right now/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect|Sign in/ })).toBeNull();
  });
});
