import { arr, codeOf, fromCents, fromUnix, num, obj, str, type Unified, type VendorRecord } from './values.ts';

/*
 * The unified models of TICKETING, MEETING, E_SIGN, EMAIL, STORAGE, CALENDAR and
 * SUBSCRIPTION_MANAGEMENT (seed/modelsBusiness.ts), made from their sandbox vendors' records, each
 * in its vendor's own shape: a helpdesk's tickets and users, a video tool's meetings, an e-sign
 * tool's envelopes, a mailbox's messages, a drive's files, a calendar's events and a billing
 * platform's subscriptions and customers (Unix seconds and cents).
 */

const id = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
/** A time to the second, as the vendors that give times without milliseconds write them. */
const toSeconds = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

// The helpdesk's statuses: a new ticket is open; once an agent has it (open, pending, on hold) it is in progress.
const TICKET_STATUS: Record<string, string> = { new: 'OPEN', open: 'IN_PROGRESS', pending: 'IN_PROGRESS', hold: 'IN_PROGRESS', solved: 'CLOSED', closed: 'CLOSED' };
const PRIORITY: Record<string, string> = { low: 'LOW', normal: 'MEDIUM', high: 'HIGH', urgent: 'URGENT' };

// The attachments are those of the ticket's comments.
export function ticket(t: VendorRecord): Unified {
  const comments = arr(t.comments);
  return {
    id: String(t.id),
    title: String(t.subject ?? ''),
    description: str(t.description),
    status: codeOf(TICKET_STATUS, t.status),
    priority: codeOf(PRIORITY, t.priority),
    assigneeId: id(t.assignee_id),
    createdAt: String(t.created_at),
    dueDate: str(t.due_at),
    comments: comments.map((c) => ({ id: String(c.id), body: str(c.body), authorId: id(c.author_id), createdAt: String(c.created_at) })),
    attachments: comments.flatMap((c) => arr(c.attachments)).map((a) => ({ fileName: str(a.file_name), url: str(a.content_url) })),
  };
}

const USER_ROLE: Record<string, string> = { 'end-user': 'END_USER', agent: 'AGENT', admin: 'ADMIN' };

export function ticketingUser(u: VendorRecord): Unified {
  return { id: String(u.id), name: String(u.name ?? ''), email: str(u.email), role: codeOf(USER_ROLE, u.role) };
}

// The end is the start plus the booked duration (minutes); a recording's length is its own.
export function meeting(m: VendorRecord): Unified {
  const start = Date.parse(String(m.start_time));
  const duration = num(m.duration);
  return {
    id: String(m.id),
    title: str(m.topic),
    startTime: str(m.start_time),
    endTime: Number.isFinite(start) && duration !== null ? toSeconds(start + duration * 60_000) : null,
    hostEmail: str(m.host_email),
    joinUrl: str(m.join_url),
    participants: arr(m.participants).map((p) => ({ name: str(p.name), email: str(p.user_email), joinedAt: str(p.join_time), leftAt: str(p.leave_time) })),
    recordings: arr(m.recording_files).map((r) => {
      const length = (Date.parse(String(r.recording_end)) - Date.parse(String(r.recording_start))) / 1000;
      return { id: String(r.id), url: str(r.download_url), durationSeconds: Number.isFinite(length) ? length : null };
    }),
    transcript: arr(obj(m.transcript).segments).map((s) => ({ speaker: str(s.speaker_name), text: str(s.text), startOffset: (num(s.start_ms) ?? 0) / 1000 })),
  };
}

const ENVELOPE_STATUS: Record<string, string> = { created: 'DRAFT', sent: 'SENT', delivered: 'SENT', completed: 'COMPLETED', declined: 'DECLINED', voided: 'VOIDED' };
const SIGNER_STATUS: Record<string, string> = { completed: 'SIGNED', declined: 'DECLINED' };

// A document is an envelope, named after its (first) document; its files are the envelope's documents.
export function esignDocument(e: VendorRecord): Unified {
  const documents = arr(e.envelopeDocuments);
  return {
    id: String(e.envelopeId),
    name: str((documents.find((d) => d.type === 'content') ?? documents[0])?.name) ?? str(e.emailSubject),
    status: codeOf(ENVELOPE_STATUS, e.status),
    createdAt: String(e.createdDateTime),
    completedAt: str(e.completedDateTime),
    senderEmail: str(obj(e.sender).email),
    signers: arr(obj(e.recipients).signers).map((s) => ({
      name: str(s.name), email: str(s.email), status: SIGNER_STATUS[String(s.status)] ?? 'PENDING', signedAt: str(s.signedDateTime),
    })),
    files: documents.map((d) => ({ fileName: str(d.name), url: str(d.uri) })),
  };
}

/** The address of `Name <address>`, or the text itself. */
const addressOf = (text: string) => (/<([^>]+)>/.exec(text)?.[1] ?? text).trim();

// Headers by name (any case); a draft has not been sent (sentAt null); attachments are the parts with a file name.
export function emailMessage(m: VendorRecord): Unified {
  const payload = obj(m.payload);
  const header = (name: string) => str(arr(payload.headers).find((h) => String(h.name).toLowerCase() === name.toLowerCase())?.value);
  const labels = Array.isArray(m.labelIds) ? m.labelIds : [];
  const from = header('From');
  const sent = Number(m.internalDate);
  return {
    id: String(m.id),
    threadId: str(m.threadId),
    subject: header('Subject'),
    from: from === null ? null : addressOf(from),
    to: (header('To') ?? '').split(',').map((part) => part.trim()).filter(Boolean).map(addressOf),
    sentAt: labels.includes('DRAFT') || !Number.isFinite(sent) ? null : new Date(sent).toISOString(),
    snippet: str(m.snippet),
    attachments: arr(payload.parts).filter((p) => p.filename).map((p) => ({ fileName: String(p.filename), mimeType: str(p.mimeType), sizeBytes: num(obj(p.body).size) })),
  };
}

const MIME_TYPES: Record<string, string> = {
  pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', csv: 'text/csv', txt: 'text/plain', md: 'text/markdown',
};
const FILE_ROLE: Record<string, string> = { 'co-owner': 'OWNER', editor: 'EDITOR', viewer: 'VIEWER', previewer: 'VIEWER' };

// The drive names no MIME type: it comes from the extension. The folder path leaves out the root
// (All Files); the owner is the first permission, then each collaboration.
export function storageFile(f: VendorRecord): Unified {
  const folders = arr(obj(f.path_collection).entries).filter((e) => e.id !== '0');
  const path = `/${folders.map((e) => String(e.name)).join('/')}`;
  const parent = obj(f.parent);
  const owner = str(obj(f.owned_by).login);
  return {
    id: String(f.id),
    name: String(f.name ?? ''),
    mimeType: MIME_TYPES[String(f.extension).toLowerCase()] ?? 'application/octet-stream',
    sizeBytes: num(f.size),
    path,
    modifiedAt: str(f.modified_at),
    ownerEmail: owner,
    permissions: [
      ...(owner ? [{ email: owner, role: 'OWNER' }] : []),
      ...arr(f.collaborations).map((c) => ({ email: str(obj(c.accessible_by).login), role: FILE_ROLE[String(c.role)] ?? 'VIEWER' })),
    ],
    folder: parent.id === undefined ? null : { id: String(parent.id), name: str(parent.name), path },
  };
}

const RESPONSE: Record<string, string> = { needsAction: 'NEEDS_ACTION', accepted: 'ACCEPTED', declined: 'DECLINED', tentative: 'TENTATIVE' };

// The recurrence is the event's RRULE (without its prefix) and the date of its UNTIL.
export function calendarEvent(e: VendorRecord): Unified {
  const start = obj(e.start);
  const end = obj(e.end);
  const rule = (Array.isArray(e.recurrence) ? e.recurrence : []).map(String).find((r) => r.startsWith('RRULE:'))?.slice('RRULE:'.length);
  const until = rule ? /UNTIL=(\d{4})(\d{2})(\d{2})/.exec(rule) : null;
  return {
    id: String(e.id),
    title: str(e.summary),
    startTime: str(start.dateTime ?? start.date),
    endTime: str(end.dateTime ?? end.date),
    timezone: str(start.timeZone),
    location: str(e.location),
    organizerEmail: str(obj(e.organizer).email),
    attendees: arr(e.attendees).map((a) => ({ email: str(a.email), name: str(a.displayName), responseStatus: codeOf(RESPONSE, a.responseStatus) })),
    recurrence: rule ? { rule, until: until ? `${until[1]}-${until[2]}-${until[3]}` : null } : null,
  };
}

const SUBSCRIPTION_STATUS: Record<string, string> = { in_trial: 'TRIAL', future: 'TRIAL', active: 'ACTIVE', non_renewing: 'ACTIVE', paused: 'PAUSED', cancelled: 'CANCELLED' };

// The plan is the subscription's plan item; MRR and prices are the platform's cents in units.
export function subscription(s: VendorRecord): Unified {
  const items = arr(s.subscription_items);
  return {
    id: String(s.id),
    customerId: String(s.customer_id),
    planId: str(items.find((i) => i.item_type === 'plan')?.item_price_id),
    status: codeOf(SUBSCRIPTION_STATUS, s.status),
    currentTermStart: fromUnix(s.current_term_start),
    currentTermEnd: fromUnix(s.current_term_end),
    mrr: fromCents(s.mrr) ?? 0,
    items: items.map((i) => ({ itemId: String(i.item_price_id), quantity: num(i.quantity) ?? 1, unitPrice: fromCents(i.unit_price) ?? 0 })),
  };
}

export function subscriptionCustomer(c: VendorRecord): Unified {
  const name = [str(c.first_name), str(c.last_name)].filter(Boolean).join(' ');
  return { id: String(c.id), name: name || null, email: str(c.email), company: str(c.company), createdAt: fromUnix(c.created_at) };
}
