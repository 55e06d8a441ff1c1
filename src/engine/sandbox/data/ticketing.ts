import { DAY_MS } from '../../../shared/timeWindows.ts';
import { customFieldsOf, handleOf, iso, numericIds, type ResourceSpec } from './core.ts';

// A Zendesk-like helpdesk: its users (every third one staff: agents and a few admins; the others
// the customers who ask), and tickets that go from new to closed, a comment at each step (some
// with attachments), except the ones left open or pending in the backlog.

const USER_IDS = numericIds(36_000_000);
const TICKET_IDS = numericIds(52_000);
const ORIGIN = 'https://acme.helpdesk.example';

/** Every third user is staff; one staff member in four is an admin. */
const isStaff = (index: number) => index % 3 === 0;

export const ticketingUsers: ResourceSpec<Record<string, unknown>> = {
  name: 'users',
  ids: USER_IDS,
  everyDays: [3, 10],
  max: 600,
  changeEveryDays: [60, 200],
  unchanging: 0.6,
  lastVersion: 1,
  build({ faker, meta, hash, seedVersion }) {
    const first = faker.person.firstName();
    let last = faker.person.lastName();
    const staff = isStaff(meta.index);
    const handle = handleOf(first, last);
    const timeZone = faker.helpers.arrayElement(['Eastern Time (US & Canada)', 'London', 'Berlin', 'Pacific Time (US & Canada)']);
    // A change: a customer moves to a new e-mail address; one agent in three is made an admin, the
    // others change their name (their login stays).
    const changed = meta.version === 1;
    const promoted = staff && changed && hash('promoted') % 3 === 0;
    if (staff && changed && !promoted) last = seedVersion(1).person.lastName();
    const role = !staff ? 'end-user' : meta.index % 12 === 0 || promoted ? 'admin' : 'agent';
    const email = staff ? `${handle}@support.example` : `${handle}@${changed ? 'newco' : 'customer'}.example`;
    const id = Number(USER_IDS.of(meta.index));
    return {
      id,
      url: `${ORIGIN}/api/v2/users/${id}.json`,
      name: `${first} ${last}`,
      email,
      role,
      active: true,
      verified: true,
      time_zone: timeZone,
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

const TICKET_STATUS = ['new', 'open', 'pending', 'solved', 'closed'] as const;
const PRIORITIES = ['low', 'normal', 'normal', 'high', 'urgent'];
const SUBJECTS = [
  'Cannot log in after password reset', 'Invoice shows the wrong VAT number', 'Export to CSV times out', 'Request: add SSO for our team',
  'Webhook deliveries failing since yesterday', 'How do I change the account owner?', 'Mobile app crashes on upload', 'Duplicate charge on card',
];

/** The user index of a staff member or of a customer, among the users that existed at `at`. */
const userAt = (users: number, n: number, staff: boolean) => {
  const slots = Math.max(1, Math.ceil((users - (staff ? 0 : 1)) / 3));
  return (n % slots) * 3 + (staff ? 0 : 1);
};

export const tickets: ResourceSpec<Record<string, unknown>> = {
  name: 'tickets',
  ids: TICKET_IDS,
  everyDays: [1.5, 4],
  max: 2000,
  changeEveryDays: [0.5, 4],
  unchanging: 0.05,
  lastVersion: TICKET_STATUS.length - 1,
  // One ticket in five stays in the backlog, open or pending.
  lastVersionOf: (hash) => (hash('backlog') % 5 === 0 ? 1 + (hash('backlogAt') % 2) : TICKET_STATUS.length - 1),
  build({ faker, meta, countAt, hash, seedVersion }) {
    const users = Math.max(2, countAt(ticketingUsers, meta.createdAt));
    const requester = Number(USER_IDS.of(userAt(users, hash('requester'), false)));
    const assignee = Number(USER_IDS.of(userAt(users, hash('assignee'), true)));
    const id = Number(TICKET_IDS.of(meta.index));
    const subject = faker.helpers.arrayElement(SUBJECTS);
    const description = faker.lorem.sentences(2);
    const type = faker.helpers.arrayElement(['question', 'incident', 'problem', 'task']);
    const priority = faker.helpers.arrayElement(PRIORITIES);
    const dueDays = faker.number.int({ min: 2, max: 10 });
    const tags = faker.helpers.arrayElements(['billing', 'login', 'api', 'mobile', 'vip'], { min: 0, max: 2 });
    const attachment = (n: number, name: string) => ({
      id: id * 10 + n, file_name: name, content_url: `${ORIGIN}/attachments/token/${id}-${n}/?name=${encodeURIComponent(name)}`, content_type: name.endsWith('.png') ? 'image/png' : 'text/plain', size: 2048 + ((id * 31 + n) % 90_000),
    });
    const comments = [{
      id: id * 100, author_id: requester, body: description, public: true, created_at: iso(meta.createdAt),
      attachments: faker.datatype.boolean(0.3) ? [attachment(0, 'screenshot.png')] : [],
    }];
    // Each step after the first is answered in a comment by the assignee (the last one by the requester, closing it).
    const period = meta.version > 0 ? (meta.modifiedAt - meta.createdAt) / meta.version : 0;
    for (let v = 1; v <= meta.version; v += 1) {
      const f = seedVersion(v);
      const closing = TICKET_STATUS[v] === 'closed';
      comments.push({
        id: id * 100 + v, author_id: closing ? requester : assignee, body: closing ? 'Thanks, all good now.' : f.lorem.sentences(2), public: true,
        created_at: iso(meta.createdAt + v * period), attachments: f.datatype.boolean(0.15) ? [attachment(v, `log-${v}.txt`)] : [],
      });
    }
    return {
      id,
      url: `${ORIGIN}/api/v2/tickets/${id}.json`,
      subject,
      description,
      type,
      status: TICKET_STATUS[meta.version],
      priority: meta.version === 0 ? null : priority,
      requester_id: requester,
      assignee_id: meta.version === 0 ? null : assignee,
      due_at: type === 'task' ? iso(meta.createdAt + dueDays * DAY_MS) : null,
      tags,
      comments,
      custom_fields: customFieldsOf(hash),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};
