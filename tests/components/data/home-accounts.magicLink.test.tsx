import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MagicLinkForm } from '../../../src/dashboard/resources/accounts/magicLink/MagicLinkDialog.tsx';
import {
  connectorTypesFor,
  magicLinkDefaults,
  magicLinkFormFor,
  type MagicLinkContext,
  type MagicLinkValues,
} from '../../../src/dashboard/resources/accounts/magicLink/magicLinkForm.ts';

// Part 2 §5: the Create Magic Link form's rules, on the generated magicLink form.

afterEach(cleanup);
const user = userEvent.setup({ delay: null });

const context = (overrides: Partial<MagicLinkContext> = {}): MagicLinkContext => ({
  defaultIntegrationType: 'production',
  categories: [
    { value: 'HRIS', label: 'HRIS' },
    { value: 'ATS', label: 'ATS' },
  ],
  languages: [
    { value: 'en', label: 'English' },
    { value: 'de', label: 'Deutsch' },
  ],
  connectors: [],
  ...overrides,
});

const RESULT = { link: 'http://localhost/magic/authorize?state=abc', integrationId: 'int_1' };

function renderForm(ctx: MagicLinkContext = context()) {
  const create = vi.fn(async (_values: MagicLinkValues) => RESULT);
  const onCreated = vi.fn();
  render(
    <AdminContext dataProvider={testDataProvider()}>
      <MagicLinkForm context={ctx} onCancel={() => undefined} onCreated={onCreated} create={create} />
    </AdminContext>,
  );
  return { create, onCreated };
}

const submit = () => user.click(screen.getByRole('button', { name: 'Create Magic Link' }));
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });
const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
async function fill(name: RegExp, text: string) {
  await user.click(textbox(name));
  await user.paste(text);
}
async function fillRequired() {
  await fill(/origin org id/i, '  acme-42 ');
  await fill(/origin org name/i, 'Acme Corp');
  await fill(/origin user email/i, 'jane@acme.com ');
  await fill(/origin user name/i, 'Jane Doe');
}

describe('magic link defaults', () => {
  it('connectorType unified-api-sync, showCustomMapping on, customMappingRequired off, language en; testAccount follows the default type', () => {
    expect(magicLinkDefaults({ defaultIntegrationType: 'production' })).toEqual({
      testAccount: false,
      showScopeControl: false,
      showCustomMapping: true,
      customMappingRequired: false,
      connectorType: 'unified-api-sync',
      language: 'en',
    });
    expect(magicLinkDefaults({ defaultIntegrationType: 'test' }).testAccount).toBe(true);
  });

  it('offers AI connector types only when connectors exist', () => {
    expect(connectorTypesFor(context())).toEqual(['unified-api-sync']);
    expect(connectorTypesFor(context({ connectors: [{ value: 'con_1', label: 'Deals' }] }))).toEqual(['unified-api-sync', 'ai-connectors', 'both-unified-ai']);
  });

  it('asks for categories (enabled ones only) or connectors by connector type', () => {
    const ctx = context({ connectors: [{ value: 'con_1', label: 'Deals' }] });
    const props = (values: Partial<MagicLinkValues>) => Object.keys(magicLinkFormFor(ctx, values).schema.properties as object);
    expect(props({ connectorType: 'unified-api-sync' })).toContain('categories');
    expect(props({ connectorType: 'unified-api-sync' })).not.toContain('connectorIds');
    expect(props({ connectorType: 'ai-connectors' })).not.toContain('categories');
    expect(props({ connectorType: 'ai-connectors' })).toContain('connectorIds');
    expect(props({ connectorType: 'both-unified-ai' })).toEqual(expect.arrayContaining(['categories', 'connectorIds']));
    const categories = (magicLinkFormFor(ctx, {}).schema.properties as Record<string, { items: { enum: string[] } }>).categories;
    expect(categories?.items.enum).toEqual(['HRIS', 'ATS']);
  });
});

describe('MagicLinkForm', { timeout: 30_000 }, () => {
  it('shows the initial values: test account follows the default type, custom mapping on', () => {
    renderForm(context({ defaultIntegrationType: 'test' }));
    expect(toggle('Test Account').checked).toBe(true);
    expect(toggle('Show Scope Control').checked).toBe(false);
    expect(toggle('Show Custom Mapping').checked).toBe(true);
    expect(toggle('Custom Mapping Required').checked).toBe(false);
    // Without connectors there is nothing to choose: the connector type is not shown.
    expect(screen.queryByRole('radio', { name: 'AI connectors' })).toBeNull();
  });

  it("an empty form shows the spec's messages", async () => {
    const { create } = renderForm();
    await submit();
    for (const message of ['Origin Org ID is required', 'Origin Org Name is required', 'Origin User Email is required', 'Origin User Name is required', 'Atleast one category is required']) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(create).not.toHaveBeenCalled();
  });

  it("blank values read as missing, a bad e-mail as 'Not a valid email!'", async () => {
    const { create } = renderForm();
    await fill(/origin org id/i, '   ');
    await fill(/origin user email/i, 'not-an-email');
    await submit();
    expect(await screen.findByText('Origin Org ID is required')).toBeTruthy();
    expect(await screen.findByText('Not a valid email!')).toBeTruthy();
    expect(create).not.toHaveBeenCalled();
  });

  it('customMappingRequired is disabled while showCustomMapping is off and reset whenever it changes', async () => {
    renderForm();
    await user.click(toggle('Custom Mapping Required'));
    expect(toggle('Custom Mapping Required').checked).toBe(true);
    await user.click(toggle('Show Custom Mapping'));
    await waitFor(() => expect(toggle('Custom Mapping Required').checked).toBe(false));
    expect(toggle('Custom Mapping Required').disabled).toBe(true);
    await user.click(toggle('Show Custom Mapping'));
    await waitFor(() => expect(toggle('Custom Mapping Required').disabled).toBe(false));
    expect(toggle('Custom Mapping Required').checked).toBe(false);
  });

  it('offers only the enabled categories and the organisation languages, English first', async () => {
    renderForm();
    // The switches are switches; the only checkboxes are the categories.
    expect(screen.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['HRIS', 'ATS']);
    await user.click(screen.getByRole('combobox', { name: /language/i }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['English', 'Deutsch']);
  });

  it('sends trimmed values with the defaults', async () => {
    const { create, onCreated } = renderForm();
    await fillRequired();
    await user.click(screen.getByRole('checkbox', { name: 'HRIS' }));
    await submit();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0]).toEqual({
      originOrgId: 'acme-42',
      originOrgName: 'Acme Corp',
      originUserEmail: 'jane@acme.com',
      originUserName: 'Jane Doe',
      testAccount: false,
      showScopeControl: false,
      showCustomMapping: true,
      customMappingRequired: false,
      connectorType: 'unified-api-sync',
      categories: ['HRIS'],
      language: 'en',
    });
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(RESULT));
  });

  it("with connectors, AI connectors asks for connectors: 'Atleast one connector is required'", async () => {
    const { create } = renderForm(context({ connectors: [{ value: 'con_1', label: 'Salesforce deals' }] }));
    await user.click(screen.getByRole('radio', { name: 'AI connectors' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'HRIS' })).toBeNull());
    await fillRequired();
    await submit();
    expect(await screen.findByText('Atleast one connector is required')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Salesforce deals' }));
    await submit();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]?.[0]).toMatchObject({ connectorType: 'ai-connectors', connectorIds: ['con_1'] });
    expect(create.mock.calls[0]?.[0]).not.toHaveProperty('categories');
  });
});
