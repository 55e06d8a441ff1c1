import { createHash } from 'node:crypto';
import type { Faker } from '@faker-js/faker';
import { stableHash } from '../../seed/random.ts';
import { customFieldsOf, emailOf, iso, numericIds, type IdScheme, type ResourceSpec } from './core.ts';

// Documents, in their vendors' own shapes: DocuSign-like envelopes (camelCase, GUID ids) that are
// drafted, sent and signed by one signer after another (some declined or voided, some drafts
// never sent); Box-like files (snake_case) in a folder tree, edited and shared over time.

const person = (faker: Faker, domain: string) => {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  return { name: `${first} ${last}`, email: emailOf(first, last, domain) };
};

/** GUID ids: the record index in the first group, the resource's own tail. */
const guidIds = (tail: string): IdScheme => ({
  of: (index) => `${(0x1000_0000 + index).toString(16)}-${tail}`,
  index: (id) => (id.endsWith(`-${tail}`) && /^[0-9a-f]{8}$/.test(id.slice(0, 8)) && id.length === 9 + tail.length ? parseInt(id.slice(0, 8), 16) - 0x1000_0000 : undefined),
});
const ENVELOPE_IDS = guidIds('4d2c-4f0e-9a51-7c3e2b1d0a9f');
const ESIGN_ORIGIN = 'https://esign.example/restapi/v2.1/accounts/8d1c7e52';
const AGREEMENTS = ['Master Services Agreement', 'Mutual NDA', 'Order Form', 'Offer Letter', 'Statement of Work', 'Lease Agreement', 'Data Processing Addendum'];

/**
 * How an envelope ends: signed by all (its last version is 1 + its signers), declined by its first
 * signer or voided by its sender (version 2).
 */
const signersOf = (hash: (purpose: string) => number) => 1 + (hash('signers') % 3);
const endingOf = (hash: (purpose: string) => number): 'completed' | 'declined' | 'voided' =>
  hash('ending') % 7 === 0 ? 'declined' : hash('ending') % 11 === 0 ? 'voided' : 'completed';

export const envelopes: ResourceSpec<Record<string, unknown>> = {
  name: 'envelopes',
  ids: ENVELOPE_IDS,
  everyDays: [1.5, 4],
  max: 2000,
  changeEveryDays: [0.5, 4],
  unchanging: 0.08,
  lastVersion: 4,
  lastVersionOf: (hash) => (endingOf(hash) === 'completed' ? 1 + signersOf(hash) : 2),
  build({ faker, meta, hash }) {
    const id = ENVELOPE_IDS.of(meta.index);
    const sender = person(faker, 'legal.example');
    const signers = Array.from({ length: signersOf(hash) }, () => person(faker, faker.helpers.arrayElement(['client.example', 'partner.example'])));
    const agreement = faker.helpers.arrayElement(AGREEMENTS);
    const ending = endingOf(hash);
    const period = meta.version > 0 ? (meta.modifiedAt - meta.createdAt) / meta.version : 0;
    const at = (v: number) => iso(meta.createdAt + v * period);
    // Version 1 sends it; each later one is a signer signing (or the end: declined, voided).
    const ended = meta.version === 2 && ending !== 'completed';
    const status = meta.version === 0 ? 'created' : ended ? ending : meta.version === 1 + signers.length ? 'completed' : 'sent';
    const documents = [{ documentId: '1', name: `${agreement}.pdf`, type: 'content', uri: `${ESIGN_ORIGIN}/envelopes/${id}/documents/1` }];
    if (status === 'completed') documents.push({ documentId: 'certificate', name: 'Summary.pdf', type: 'summary', uri: `${ESIGN_ORIGIN}/envelopes/${id}/documents/certificate` });
    return {
      envelopeId: id,
      status,
      emailSubject: `Please sign: ${agreement}`,
      createdDateTime: iso(meta.createdAt),
      sentDateTime: meta.version >= 1 ? at(1) : null,
      completedDateTime: status === 'completed' ? iso(meta.modifiedAt) : null,
      declinedDateTime: status === 'declined' ? iso(meta.modifiedAt) : null,
      voidedDateTime: status === 'voided' ? iso(meta.modifiedAt) : null,
      voidedReason: status === 'voided' ? 'Terms changed: a new envelope follows' : null,
      statusChangedDateTime: iso(meta.modifiedAt),
      sender: { userName: sender.name, email: sender.email },
      recipients: {
        signers: signers.map((s, n) => {
          const signedAt = 2 + n;
          const declined = status === 'declined' && n === 0;
          const signed = !ended && meta.version >= signedAt;
          return {
            recipientId: String(n + 1), routingOrder: String(n + 1), name: s.name, email: s.email,
            status: declined ? 'declined' : signed ? 'completed' : meta.version >= 1 ? 'sent' : 'created',
            signedDateTime: signed ? at(signedAt) : null,
          };
        }),
      },
      envelopeDocuments: documents,
      customFields: customFieldsOf(hash),
    };
  },
};

const FILE_IDS = numericIds(110_000_000_000);
const FOLDERS: [folder: string, subfolders: string[]][] = [
  ['Finance', ['Invoices', 'Budgets']], ['Engineering', ['Specs', 'Designs']], ['Sales', ['Contracts', 'Decks']], ['People', ['Policies']],
];
const FILE_KINDS: [stem: string, extension: string][] = [
  ['Q3 budget', 'xlsx'], ['Architecture overview', 'docx'], ['Pitch deck', 'pptx'], ['Signed contract', 'pdf'], ['Team photo', 'png'],
  ['Export', 'csv'], ['Meeting notes', 'txt'], ['Logo', 'jpg'], ['Release notes', 'md'],
];
const folderId = (path: string) => String(200_000_000_000 + (stableHash(`folder|${path}`) % 1_000_000_000));
const ROLES = ['editor', 'viewer', 'viewer', 'previewer', 'co-owner'];

/** Files: each version is an edit (a new size and file version), and some bring a new collaborator. */
export const storageFiles: ResourceSpec<Record<string, unknown>> = {
  name: 'files',
  ids: FILE_IDS,
  everyDays: [1.5, 4],
  max: 2000,
  changeEveryDays: [2, 30],
  unchanging: 0.4,
  lastVersion: 5,
  build({ faker, meta, hash, seedVersion }) {
    const id = FILE_IDS.of(meta.index);
    const [folder, subfolders] = faker.helpers.arrayElement(FOLDERS);
    const subfolder = faker.helpers.arrayElement(subfolders);
    const [stem, extension] = faker.helpers.arrayElement(FILE_KINDS);
    const owner = person(faker, 'company.example');
    let size = faker.number.int({ min: 2_000, max: 8_000_000 });
    let editor = owner;
    const collaborations: Record<string, unknown>[] = [];
    const share = () => {
      const who = person(faker, 'company.example');
      collaborations.push({ type: 'collaboration', id: `${id}${collaborations.length}`, role: faker.helpers.arrayElement(ROLES), accessible_by: { type: 'user', name: who.name, login: who.email } });
    };
    if (faker.datatype.boolean(0.5)) share();
    for (let v = 1; v <= meta.version; v += 1) {
      const f = seedVersion(v);
      size = Math.max(1_000, Math.round(size * f.number.float({ min: 0.8, max: 1.4 })));
      editor = f.datatype.boolean(0.5) ? owner : person(f, 'company.example');
      if (f.datatype.boolean(0.3)) share();
    }
    const user = (p: { name: string; email: string }) => ({ type: 'user', id: String(10_000 + (stableHash(p.email) % 90_000)), name: p.name, login: p.email });
    const entries = [{ type: 'folder', id: '0', name: 'All Files' }, { type: 'folder', id: folderId(folder), name: folder }, { type: 'folder', id: folderId(`${folder}/${subfolder}`), name: subfolder }];
    return {
      type: 'file',
      id,
      name: `${stem} ${meta.index + 1}.${extension}`,
      extension,
      size,
      sequence_id: String(meta.version),
      etag: String(meta.version),
      sha1: createHash('sha1').update(`${id}|${meta.version}`).digest('hex'),
      file_version: { type: 'file_version', id: `${id}${meta.version}` },
      description: '',
      created_at: iso(meta.createdAt),
      modified_at: iso(meta.modifiedAt),
      content_modified_at: iso(meta.modifiedAt),
      created_by: user(owner),
      modified_by: user(editor),
      owned_by: user(owner),
      parent: entries[2],
      path_collection: { total_count: entries.length, entries },
      collaborations,
      shared_link: null,
      item_status: 'active',
      custom_fields: customFieldsOf(hash),
    };
  },
};
