import { describe, expect, it } from 'vitest';
import { collectForms } from '../../../codegen/generators/forms.ts';
import { uiSchemaFor } from '../../../codegen/templates/formTypes.ts';
import { fixtureDocument } from './fixtureDocument.ts';

describe('forms generator', () => {
  it('inlines $refs, strips extensions and OpenAPI-only keywords, and collects the form extensions', () => {
    const { forms, problems } = collectForms(fixtureDocument(), 'engine');
    expect(problems).toEqual([]);
    const [form] = forms;
    expect(form.name).toBe('inviteUsers');
    expect(form.operationId).toBe('appUsersInvite');
    expect(JSON.stringify(form.schema)).not.toMatch(/"x-|\$ref|"example"/);
    expect(form.schema).toMatchObject({
      properties: { list: { items: { properties: { role: { type: 'string', enum: ['admin', 'member', 'billingcontact'] } } } } },
    });
    expect(form.messages).toEqual({
      list: { minItems: 'Missing email' },
      'list.*.email': { required: 'Missing email', format: 'The input is not valid email!' },
    });
    expect(form.trim).toEqual(['list.*.email']);
    expect(form.uiSchema).toEqual({
      list: {
        items: {
          email: { 'ui:placeholder': 'name@company.com' },
          role: { 'ui:widget': 'select' },
          'ui:order': ['email', 'role', '*'],
        },
      },
      note: { 'ui:help': 'Sent with the invite' },
    });
    expect(form.disabledUnless).toEqual({ note: 'notify' });
    expect(uiSchemaFor(form, { notify: false }).note).toEqual({ 'ui:help': 'Sent with the invite', 'ui:disabled': true });
    expect(uiSchemaFor(form, { notify: true }).note).toEqual({ 'ui:help': 'Sent with the invite', 'ui:disabled': false });
  });

  it('rejects an unknown message keyword, x-trim on a non-string and disabledUnless on a non-boolean', () => {
    const doc = fixtureDocument();
    const body = doc.components!.schemas!.InviteBody;
    body.properties!.list['x-messages'] = { tooFew: 'x' };
    body.properties!.list['x-trim'] = true;
    body.properties!.notify = { type: 'string' };
    expect(collectForms(doc, 'engine').problems).toEqual([
      "engine schema InviteBody (x-form) at 'list': x-messages keyword 'tooFew' is not one of required, format, pattern, minLength, maxLength, minItems, enum, type, minimum, maximum, const",
      "engine schema InviteBody (x-form) at 'list': x-trim must be true, on a string property",
      "engine schema InviteBody (x-form) at 'note': x-ui.disabledUnless 'notify' is not a boolean sibling property",
    ]);
  });
});
