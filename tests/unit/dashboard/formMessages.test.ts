import { describe, expect, it } from 'vitest';
import { contractErrorTransformer, pathOf } from '../../../src/dashboard/forms/formRules.ts';
import { trimmingValidator } from '../../../src/dashboard/forms/validator.ts';
import { ContractValidator } from '../../../src/engine/contract.ts';
import { ApiFailure } from '../../../src/engine/errors.ts';
import { aiDocument, engineDocument } from '../../../src/generated/contract/index.ts';
import { forms, type FormDefinition } from '../../../src/generated/forms/index.ts';

// A form shows, under the field, the same words the engine's 400 answers with for the same value:
// the contract's x-messages, else the shared default naming the field. Never ajv's text.
const RAW = /must NOT|must match|must have required|must be equal to|must be [<>]|^must /;
const validators = { engine: new ContractValidator('engine', engineDocument as never), ai: new ContractValidator('ai', aiDocument as never) };

const formErrors = (form: FormDefinition, data: unknown) =>
  trimmingValidator(form)
    .validateFormData(data, form.schema as never, undefined, contractErrorTransformer(form))
    .errors.map((e) => `${pathOf(e.property).join('.')}: ${e.message}`);

function engineError(form: FormDefinition, body: unknown): string {
  try {
    validators[form.service].validateRequest(form.operationId!, { body: structuredClone(body) });
  } catch (error) {
    if (error instanceof ApiFailure) return `${error.body.field}: ${error.body.msg}`;
    throw error;
  }
  return 'accepted';
}

const orgDetails = { userEmail: 'dev@acme.io', newUser: true, username: 'Dana', orgName: 'Acme', apps: ['bamboohr'] };
const magicLink = { originOrgId: 'org_1', originOrgName: 'Acme', originUserEmail: 'dev@acme.io', originUserName: 'Dana', language: 'en' };

// One broken rule per case, so the engine (first error only) and the form (every error) agree on it.
const cases: [string, FormDefinition, Record<string, unknown>, string][] = [
  ['a too-long name at sign-up', forms.orgDetails, { ...orgDetails, username: 'D'.repeat(101) }, 'username: Name must be at most 100 characters'],
  ['a too-long organisation name', forms.orgDetails, { ...orgDetails, orgName: 'A'.repeat(121) }, 'orgName: Organisation name must be at most 120 characters'],
  ['an org size outside the list', forms.orgDetails, { ...orgDetails, orgSize: '5000+' }, 'orgSize: Organisation size must be one of: 01-50, 51-100, 101-250, 251-1000, 1000+'],
  ['a too-long profile name', forms.profile, { username: 'D'.repeat(101) }, 'username: Name must be at most 100 characters'],
  ['too many introduction points', forms.personalisation, { tncUrl: 'https://acme.io/terms', orgName: 'Acme', customPoints: Array.from({ length: 11 }, (_, i) => `Point ${i}`) }, 'customPoints: Introduction points can have at most 10 items'],
  ['a too-long connector id', forms.magicLink, { ...magicLink, connectorType: 'ai-connectors', connectorIds: ['c'.repeat(129)] }, 'connectorIds.0: Connectors must be at most 128 characters'],
  ['too many users to invite', forms.inviteUsers, { list: Array.from({ length: 21 }, (_, i) => ({ email: `u${i}@acme.io`, role: 'member' })) }, 'list: Users to invite can have at most 20 items'],
  // The spec's own words win in both places.
  ['a blank user name', forms.orgDetails, { ...orgDetails, username: '  ' }, 'username: Username is required'],
  ['a missing role', forms.inviteUsers, { list: [{ email: 'sam@acme.io' }] }, 'list.0.role: Missing role'],
];

describe('form messages are the engine messages', () => {
  it.each(cases)('%s', (_name, form, data, expected) => {
    const shown = formErrors(form, data);
    expect(shown).toContain(expected);
    for (const line of shown) expect(line).not.toMatch(RAW);
    // The engine trims x-trim fields too, so the blank name is compared after the same trimming.
    expect(engineError(form, data)).toBe(expected);
  });
});
