import { describe, expect, it } from 'vitest';
import { customFieldsOf } from '../../../src/engine/services/customFieldValues.ts';

// A custom field names the app's field in the app's own spelling; the sandbox vendor's record has
// one shape per category, so the field is found by its letters and digits, containers optional.
describe('custom field values', () => {
  const employee = { id: '1001', employeeNumber: 'E01001', customFields: { costCenter: 'CC-1042', region: 'EMEA' }, location: { city: 'Berlin' } };
  const contact = { id: '7', properties: { firstname: 'Ada', custom_fields: { region: 'APAC' } } };

  it('follows camelCase, snake_case, PascalCase and lowercase spellings', () => {
    expect(customFieldsOf(employee, [
      { fieldId: 'customFields.costCenter', fieldFromApp: 'customFields.costCenter', fieldToOrg: 'a' },
      { fieldId: 'custom_fields.cost_center', fieldFromApp: 'custom_fields.cost_center', fieldToOrg: 'b' },
      { fieldId: 'CustomFields.Region', fieldFromApp: 'CustomFields.Region', fieldToOrg: 'c' },
      { fieldId: 'employeenumber', fieldFromApp: 'properties.employeenumber', fieldToOrg: 'd' },
      { fieldId: 'location.city', fieldFromApp: 'fields.location.city', fieldToOrg: 'e' },
    ])).toEqual({ a: 'CC-1042', b: 'CC-1042', c: 'EMEA', d: 'E01001', e: 'Berlin' });
  });

  it('looks inside properties when the path leaves it out, falls back to fieldId, and gives null for a field the record lacks', () => {
    expect(customFieldsOf(contact, [
      { fieldId: 'customFields.region', fieldFromApp: 'customFields.region', fieldToOrg: 'region' },
      { fieldId: 'firstname', fieldFromApp: 'legacy.first', fieldToOrg: 'first' },
      { fieldId: 'customFields.tier', fieldFromApp: 'customFields.tier', fieldToOrg: 'tier' },
    ])).toEqual({ region: 'APAC', first: 'Ada', tier: null });
  });
});
