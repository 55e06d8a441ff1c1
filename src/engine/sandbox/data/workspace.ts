import type { Faker } from '@faker-js/faker';
import { DAY_MS } from '../../../shared/timeWindows.ts';
import { stableHash } from '../../seed/random.ts';
import { customFieldsOf, emailOf, iso, numericIds, prefixedIds, type IdScheme, type ResourceSpec } from './core.ts';

// A workspace's meetings, calendar and mailbox, each in its vendor's own shape: Zoom-like meetings
// that are held (participants, recordings, a transcript) once their time has come; Google
// Calendar-like events whose attendees answer the invitation one by one (some events moved);
// Gmail-like messages, most received and unchanging, some drafts that are sent later.

const HOUR_MS = 3_600_000;
const domainOf = (conn: { seed: number }) => `company${conn.seed % 9973}.example`;
/** A time as these vendors write it: ISO 8601 to the second, in UTC. */
const seconds = (ms: number) => iso(ms).replace(/\.\d{3}Z$/, 'Z');

const people = (faker: Faker, count: number, domain: string) => Array.from({ length: count }, () => {
  const first = faker.person.firstName();
  const last = faker.person.lastName();
  return { name: `${first} ${last}`, email: emailOf(first, last, domain) };
});

const MEETING_IDS = numericIds(84_100_000_000);
const TOPICS = ['Weekly sync', 'Sprint planning', 'Customer onboarding', 'Design review', 'Quarterly business review', 'Interview', '1:1', 'Incident retro'];

/** Meetings are booked a few hours ahead; a day or more later they have been held, save the no-shows. */
export const meetings: ResourceSpec<Record<string, unknown>> = {
  name: 'meetings',
  ids: MEETING_IDS,
  everyDays: [1.5, 4],
  max: 2000,
  changeEveryDays: [1, 3],
  unchanging: 0.15,
  lastVersion: 1,
  build({ faker, meta, conn, hash, seedVersion }) {
    const id = Number(MEETING_IDS.of(meta.index));
    const domain = domainOf(conn);
    const [host, ...guests] = people(faker, faker.number.int({ min: 2, max: 6 }), domain);
    const start = meta.createdAt + faker.number.int({ min: 2, max: 20 }) * HOUR_MS;
    const duration = faker.helpers.arrayElement([15, 30, 30, 45, 60, 90]);
    const topic = faker.helpers.arrayElement(TOPICS);
    const recorded = faker.datatype.boolean(0.5);
    const held = meta.version === 1;
    let participants: Record<string, unknown>[] = [];
    let recordings: Record<string, unknown>[] = [];
    let transcript: { segments: Record<string, unknown>[] } | null = null;
    if (held) {
      const f = seedVersion(1);
      const late = (n: number) => start + n * 60_000;
      participants = [host, ...guests].filter((_, n) => n === 0 || f.datatype.boolean(0.85)).map((p, n) => ({
        id: `${id.toString(36)}-${n}`, name: p.name, user_email: p.email, join_time: seconds(late(n === 0 ? 0 : f.number.int({ min: 0, max: 5 }))),
        leave_time: seconds(start + duration * 60_000 - f.number.int({ min: 0, max: 3 }) * 60_000),
      }));
      if (recorded) {
        const length = duration * 60 - f.number.int({ min: 0, max: 120 });
        recordings = [{ id: `rec-${id.toString(36)}`, recording_type: 'shared_screen_with_speaker_view', file_type: 'MP4', download_url: `https://zoom.example/rec/download/${id.toString(36)}`, recording_start: seconds(start), recording_end: seconds(start + length * 1000) }];
        transcript = { segments: Array.from({ length: f.number.int({ min: 2, max: 5 }) }, (_, n) => ({ speaker_name: (participants[n % participants.length].name as string), text: f.lorem.sentence(), start_ms: n * 45_000 })) };
      }
    }
    return {
      uuid: Buffer.from(`${conn.seed}:${id}`).toString('base64'),
      id,
      host_id: `u${(stableHash(host.email) >>> 0).toString(36)}`,
      host_email: host.email,
      topic,
      type: 2,
      status: held ? 'finished' : 'waiting',
      start_time: seconds(start),
      duration,
      timezone: 'UTC',
      agenda: faker.lorem.sentence(),
      join_url: `https://zoom.example/j/${id}`,
      participants,
      recording_files: recordings,
      transcript,
      custom_fields: customFieldsOf(hash),
      created_at: seconds(meta.createdAt),
    };
  },
};

const ZONES = ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Kolkata'];
const PLACES = ['Room 4.01', 'Main office, Room Atlas', 'Cafe downstairs', 'Video call', 'Client office'];
const ANSWERS = ['accepted', 'accepted', 'accepted', 'declined', 'tentative'];

/**
 * Calendar events: invitations go out with no answer (needsAction); at each version one more
 * attendee answers, and now and then the organiser moves the event by a day.
 */
const EVENT_IDS = prefixedIds('ev', 2_000_000);

export const calendarEvents: ResourceSpec<Record<string, unknown>> = {
  name: 'events',
  ids: EVENT_IDS,
  everyDays: [1.5, 4],
  max: 2000,
  changeEveryDays: [0.5, 3],
  unchanging: 0.2,
  lastVersion: 4,
  build({ faker, meta, conn, hash, seedVersion }) {
    const domain = domainOf(conn);
    const [organizer, ...guests] = people(faker, faker.number.int({ min: 2, max: 6 }), domain);
    let start = meta.createdAt + faker.number.int({ min: 1, max: 14 }) * DAY_MS + faker.number.int({ min: 0, max: 8 }) * HOUR_MS;
    const length = faker.helpers.arrayElement([30, 60, 60, 90]) * 60_000;
    const summary = faker.helpers.arrayElement(TOPICS);
    const location = faker.helpers.arrayElement(PLACES);
    const timeZone = faker.helpers.arrayElement(ZONES);
    const weekly = faker.datatype.boolean(0.2);
    const answers: string[] = guests.map(() => 'needsAction');
    for (let v = 1; v <= meta.version; v += 1) {
      const f = seedVersion(v);
      if (v - 1 < answers.length) answers[v - 1] = f.helpers.arrayElement(ANSWERS);
      if (f.datatype.boolean(0.15)) start += DAY_MS;
    }
    const id = EVENT_IDS.of(meta.index);
    const until = new Date(start + 12 * 7 * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
    return {
      kind: 'calendar#event',
      id,
      status: 'confirmed',
      htmlLink: `https://calendar.example/event?eid=${id}`,
      created: iso(meta.createdAt),
      updated: iso(meta.modifiedAt),
      summary,
      description: faker.lorem.sentence(),
      location,
      creator: { email: organizer.email },
      organizer: { email: organizer.email, displayName: organizer.name },
      start: { dateTime: seconds(start), timeZone },
      end: { dateTime: seconds(start + length), timeZone },
      ...(weekly ? { recurrence: [`RRULE:FREQ=WEEKLY;UNTIL=${until}T000000Z`] } : {}),
      attendees: [
        { email: organizer.email, displayName: organizer.name, organizer: true, responseStatus: 'accepted' },
        ...guests.map((g, n) => ({ email: g.email, ...(n % 2 === 0 ? { displayName: g.name } : {}), responseStatus: answers[n] })),
      ],
      customFields: customFieldsOf(hash),
    };
  },
};

/** Gmail's message ids: hexadecimal. */
const hexIds = (base: number): IdScheme => ({
  of: (index) => (base + index).toString(16),
  index: (id) => (/^[0-9a-f]{1,12}$/.test(id) ? parseInt(id, 16) - base : undefined),
});
const MESSAGE_IDS = hexIds(0x18c_0000_0000);
const rfc2822 = (ms: number) => new Date(ms).toUTCString().replace('GMT', '+0000');
const FILES: [name: string, mime: string][] = [['invoice.pdf', 'application/pdf'], ['agenda.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'], ['photo.jpg', 'image/jpeg'], ['data.csv', 'text/csv']];

/**
 * A mailbox's messages: received ones never change; the mailbox owner's drafts (two in ten) are
 * sent a little later, their text finished.
 */
export const emailMessages: ResourceSpec<Record<string, unknown>> = {
  name: 'messages',
  ids: MESSAGE_IDS,
  everyDays: [1, 3],
  max: 3000,
  changeEveryDays: [0.2, 2],
  unchanging: 0.8,
  lastVersion: 1,
  build({ faker, meta, conn, hash, seedVersion }) {
    const domain = domainOf(conn);
    const owner = `mailbox@${domain}`;
    const outgoing = meta.changes;
    const [other, ...copied] = people(faker, faker.number.int({ min: 1, max: 3 }), faker.helpers.arrayElement(['client.example', 'partner.example', domain]));
    const subject = faker.helpers.arrayElement(['Re: ', '', 'Fwd: ']) + faker.company.catchPhrase();
    let text = faker.lorem.sentences(2);
    const files = faker.helpers.arrayElements(FILES, faker.helpers.weightedArrayElement([{ value: 0, weight: 6 }, { value: 1, weight: 3 }, { value: 2, weight: 1 }]));
    const sizes = files.map(() => faker.number.int({ min: 4_000, max: 2_000_000 }));
    const sent = outgoing && meta.version === 1;
    if (sent) text = `${text} ${seedVersion(1).lorem.sentence()}`;
    const at = sent ? meta.modifiedAt : meta.createdAt;
    const thread = meta.index - (hash('reply') % 3 === 0 ? Math.min(meta.index, 1 + (hash('replyTo') % 3)) : 0);
    const to = outgoing ? [other, ...copied].map((p) => `${p.name} <${p.email}>`).join(', ') : owner;
    return {
      id: MESSAGE_IDS.of(meta.index),
      threadId: MESSAGE_IDS.of(thread),
      labelIds: outgoing ? [sent ? 'SENT' : 'DRAFT'] : ['INBOX', ...(hash('read') % 3 === 0 ? ['UNREAD'] : [])],
      snippet: text.slice(0, 120),
      internalDate: String(at),
      sizeEstimate: 1200 + text.length + sizes.reduce((sum, n) => sum + n, 0),
      payload: {
        mimeType: files.length > 0 ? 'multipart/mixed' : 'text/plain',
        headers: [
          { name: 'From', value: outgoing ? `Mailbox <${owner}>` : `${other.name} <${other.email}>` },
          { name: 'To', value: to },
          { name: 'Subject', value: subject },
          { name: 'Date', value: rfc2822(at) },
        ],
        parts: [
          { partId: '0', mimeType: 'text/plain', filename: '', body: { size: text.length } },
          ...files.map(([filename, mimeType], n) => ({ partId: String(n + 1), mimeType, filename, body: { attachmentId: `att-${meta.index.toString(36)}-${n}`, size: sizes[n] } })),
        ],
      },
    };
  },
};
