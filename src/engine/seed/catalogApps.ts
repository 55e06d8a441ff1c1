/*
 * The app catalog as static data: the 14 categories of the spec and well-known apps in each.
 * App ids are fixed slugs (bamboohr, salesforce, ...) so every engine start, every seed and every
 * test sees the same ids.
 */

export const CATEGORIES = [
  'ACCOUNTING',
  'HRIS',
  'ATS',
  'COMMS',
  'ASSESSMENT',
  'TICKETING',
  'MEETING',
  'E_SIGN',
  'CRM',
  'EMAIL',
  'STORAGE',
  'CALENDAR',
  'EXPENSES',
  'SUBSCRIPTION_MANAGEMENT',
] as const;

export type CategoryId = (typeof CATEGORIES)[number];

export const CATEGORY_INFO: Record<CategoryId, { label: string; description: string }> = {
  ACCOUNTING: { label: 'Accounting', description: 'General ledger, expenses, journal entries and accounting employees' },
  HRIS: { label: 'HRIS', description: 'Employee records, org structure, compensation and payroll data' },
  ATS: { label: 'ATS', description: 'Jobs, candidates and applications from applicant tracking systems' },
  COMMS: { label: 'Communication', description: 'Messages and channels of team chat and messaging apps' },
  ASSESSMENT: { label: 'Assessment', description: 'Skill tests, background checks and their results' },
  TICKETING: { label: 'Ticketing', description: 'Tickets, comments and users of helpdesk and issue trackers' },
  MEETING: { label: 'Meeting', description: 'Meetings, participants, recordings and transcripts' },
  E_SIGN: { label: 'E-Sign', description: 'Documents sent for signature and their signers' },
  CRM: { label: 'CRM', description: 'Leads, contacts, accounts, deals and engagements' },
  EMAIL: { label: 'Email', description: 'Mailboxes, threads and messages' },
  STORAGE: { label: 'Storage', description: 'Files, folders and sharing permissions' },
  CALENDAR: { label: 'Calendar', description: 'Calendar events and attendees' },
  EXPENSES: { label: 'Expenses', description: 'Expense reports, receipts and card transactions' },
  SUBSCRIPTION_MANAGEMENT: { label: 'Subscription Management', description: 'Subscriptions, plans and customers of billing platforms' },
};

export type AuthType = 'OAUTH' | 'BASIC' | 'OTHER' | 'NONE';

export interface CatalogApp {
  id: string;
  label: string;
  category: CategoryId;
  authType: AuthType;
  /** Vendor's site, for the docs link. */
  site: string;
  /** Brand colour of the generated logo. */
  color: string;
  isSandbox?: boolean;
}

type AppTuple = [id: string, label: string, authType: AuthType, site: string, color: string];

const APPS_BY_CATEGORY: Record<CategoryId, AppTuple[]> = {
  ACCOUNTING: [
    ['quickbooks', 'QuickBooks Online', 'OAUTH', 'quickbooks.intuit.com', '#2CA01C'],
    ['xero', 'Xero', 'OAUTH', 'xero.com', '#13B5EA'],
    ['netsuite', 'NetSuite', 'OTHER', 'netsuite.com', '#1B3A57'],
    ['sageintacct', 'Sage Intacct', 'BASIC', 'sageintacct.com', '#00D639'],
    ['freshbooks', 'FreshBooks', 'OAUTH', 'freshbooks.com', '#0075DD'],
    ['zohobooks', 'Zoho Books', 'OAUTH', 'zoho.com/books', '#E42527'],
    ['myob', 'MYOB', 'OAUTH', 'myob.com', '#6100A5'],
    ['dynamics365bc', 'Microsoft Dynamics 365 Business Central', 'OAUTH', 'dynamics.microsoft.com', '#002050'],
  ],
  HRIS: [
    ['bamboohr', 'BambooHR', 'BASIC', 'bamboohr.com', '#73C41D'],
    ['workday', 'Workday', 'OTHER', 'workday.com', '#0875E1'],
    ['personio', 'Personio', 'BASIC', 'personio.com', '#1F1F1F'],
    ['hibob', 'HiBob', 'BASIC', 'hibob.com', '#E8375E'],
    ['gusto', 'Gusto', 'OAUTH', 'gusto.com', '#F45D48'],
    ['rippling', 'Rippling', 'OAUTH', 'rippling.com', '#502D3C'],
    ['adp', 'ADP Workforce Now', 'OTHER', 'adp.com', '#D0271D'],
    ['deel', 'Deel', 'OAUTH', 'deel.com', '#15357A'],
    ['successfactors', 'SAP SuccessFactors', 'OTHER', 'sap.com', '#0FAAFF'],
  ],
  ATS: [
    ['greenhouse', 'Greenhouse', 'BASIC', 'greenhouse.com', '#24A47F'],
    ['lever', 'Lever', 'OAUTH', 'lever.co', '#1E2A3B'],
    ['workable', 'Workable', 'BASIC', 'workable.com', '#00C8C8'],
    ['ashby', 'Ashby', 'BASIC', 'ashbyhq.com', '#5D4BF5'],
    ['smartrecruiters', 'SmartRecruiters', 'OAUTH', 'smartrecruiters.com', '#0091EA'],
    ['jazzhr', 'JazzHR', 'BASIC', 'jazzhr.com', '#F26B21'],
    ['icims', 'iCIMS', 'OTHER', 'icims.com', '#0F5FA6'],
    ['teamtailor', 'Teamtailor', 'BASIC', 'teamtailor.com', '#F24D7C'],
  ],
  COMMS: [
    ['slack', 'Slack', 'OAUTH', 'slack.com', '#4A154B'],
    ['msteams', 'Microsoft Teams', 'OAUTH', 'microsoft.com/teams', '#5059C9'],
    ['discord', 'Discord', 'OAUTH', 'discord.com', '#5865F2'],
    ['twilio', 'Twilio', 'BASIC', 'twilio.com', '#F22F46'],
    ['googlechat', 'Google Chat', 'OAUTH', 'chat.google.com', '#00AC47'],
  ],
  ASSESSMENT: [
    ['hackerrank', 'HackerRank', 'BASIC', 'hackerrank.com', '#2EC866'],
    ['codility', 'Codility', 'BASIC', 'codility.com', '#1A1A1A'],
    ['testgorilla', 'TestGorilla', 'BASIC', 'testgorilla.com', '#46C8A0'],
    ['checkr', 'Checkr', 'OAUTH', 'checkr.com', '#0A8F5C'],
    ['hirevue', 'HireVue', 'OTHER', 'hirevue.com', '#00A3E0'],
    ['criteria', 'Criteria', 'BASIC', 'criteriacorp.com', '#F7941D'],
  ],
  TICKETING: [
    ['jira', 'Jira', 'OAUTH', 'atlassian.com/software/jira', '#0052CC'],
    ['zendesk', 'Zendesk', 'OAUTH', 'zendesk.com', '#03363D'],
    ['freshdesk', 'Freshdesk', 'BASIC', 'freshdesk.com', '#25C16F'],
    ['servicenow', 'ServiceNow', 'OTHER', 'servicenow.com', '#81B5A1'],
    ['linear', 'Linear', 'OAUTH', 'linear.app', '#5E6AD2'],
    ['asana', 'Asana', 'OAUTH', 'asana.com', '#F06A6A'],
    ['github', 'GitHub Issues', 'OAUTH', 'github.com', '#181717'],
  ],
  MEETING: [
    ['zoom', 'Zoom', 'OAUTH', 'zoom.us', '#2D8CFF'],
    ['googlemeet', 'Google Meet', 'OAUTH', 'meet.google.com', '#00897B'],
    ['msteamsmeetings', 'Microsoft Teams Meetings', 'OAUTH', 'microsoft.com/teams', '#464EB8'],
    ['webex', 'Webex', 'OAUTH', 'webex.com', '#07C160'],
    ['gong', 'Gong', 'BASIC', 'gong.io', '#8039DF'],
    ['fireflies', 'Fireflies.ai', 'BASIC', 'fireflies.ai', '#E12D6C'],
  ],
  E_SIGN: [
    ['docusign', 'DocuSign', 'OAUTH', 'docusign.com', '#FFCC22'],
    ['dropboxsign', 'Dropbox Sign', 'OAUTH', 'sign.dropbox.com', '#0061FE'],
    ['adobesign', 'Adobe Acrobat Sign', 'OAUTH', 'adobe.com/sign', '#EB1000'],
    ['pandadoc', 'PandaDoc', 'OAUTH', 'pandadoc.com', '#248567'],
    ['signnow', 'signNow', 'BASIC', 'signnow.com', '#1F9BDE'],
  ],
  CRM: [
    ['salesforce', 'Salesforce', 'OAUTH', 'salesforce.com', '#00A1E0'],
    ['hubspot', 'HubSpot', 'OAUTH', 'hubspot.com', '#FF7A59'],
    ['pipedrive', 'Pipedrive', 'OAUTH', 'pipedrive.com', '#1A1A1A'],
    ['zohocrm', 'Zoho CRM', 'OAUTH', 'zoho.com/crm', '#E42527'],
    ['dynamics365sales', 'Microsoft Dynamics 365 Sales', 'OAUTH', 'dynamics.microsoft.com', '#002050'],
    ['close', 'Close', 'BASIC', 'close.com', '#2E6CEB'],
    ['copper', 'Copper', 'BASIC', 'copper.com', '#F15A24'],
    ['freshsales', 'Freshsales', 'BASIC', 'freshworks.com/crm', '#F26522'],
  ],
  EMAIL: [
    ['gmail', 'Gmail', 'OAUTH', 'mail.google.com', '#EA4335'],
    ['outlook', 'Outlook', 'OAUTH', 'outlook.com', '#0078D4'],
    ['mailchimp', 'Mailchimp', 'OAUTH', 'mailchimp.com', '#FFE01B'],
    ['sendgrid', 'SendGrid', 'BASIC', 'sendgrid.com', '#1A82E2'],
    ['front', 'Front', 'OAUTH', 'front.com', '#A857F1'],
    ['imap', 'IMAP Mailbox', 'OTHER', 'datatracker.ietf.org/doc/html/rfc3501', '#5F6368'],
  ],
  STORAGE: [
    ['googledrive', 'Google Drive', 'OAUTH', 'drive.google.com', '#1FA463'],
    ['dropbox', 'Dropbox', 'OAUTH', 'dropbox.com', '#0061FF'],
    ['onedrive', 'OneDrive', 'OAUTH', 'onedrive.live.com', '#0078D4'],
    ['box', 'Box', 'OAUTH', 'box.com', '#0061D5'],
    ['sharepoint', 'SharePoint', 'OAUTH', 'microsoft.com/sharepoint', '#038387'],
    ['amazons3', 'Amazon S3', 'BASIC', 'aws.amazon.com/s3', '#569A31'],
  ],
  CALENDAR: [
    ['googlecalendar', 'Google Calendar', 'OAUTH', 'calendar.google.com', '#4285F4'],
    ['outlookcalendar', 'Outlook Calendar', 'OAUTH', 'outlook.com', '#0078D4'],
    ['calendly', 'Calendly', 'OAUTH', 'calendly.com', '#006BFF'],
    ['calcom', 'Cal.com', 'BASIC', 'cal.com', '#111827'],
    ['icloudcalendar', 'iCloud Calendar (ICS feed)', 'NONE', 'icloud.com', '#3693F3'],
  ],
  EXPENSES: [
    ['expensify', 'Expensify', 'BASIC', 'expensify.com', '#0185FF'],
    ['concur', 'SAP Concur', 'OAUTH', 'concur.com', '#F0AB00'],
    ['brex', 'Brex', 'OAUTH', 'brex.com', '#F46A35'],
    ['ramp', 'Ramp', 'OAUTH', 'ramp.com', '#E4F222'],
    ['pleo', 'Pleo', 'BASIC', 'pleo.io', '#FF6B6B'],
    ['spendesk', 'Spendesk', 'OAUTH', 'spendesk.com', '#6852FF'],
    ['navan', 'Navan', 'OTHER', 'navan.com', '#1D2B3A'],
  ],
  SUBSCRIPTION_MANAGEMENT: [
    ['chargebee', 'Chargebee', 'BASIC', 'chargebee.com', '#FF3300'],
    ['recurly', 'Recurly', 'BASIC', 'recurly.com', '#6C1D5F'],
    ['stripebilling', 'Stripe Billing', 'OAUTH', 'stripe.com/billing', '#635BFF'],
    ['zuora', 'Zuora', 'OTHER', 'zuora.com', '#00A1C9'],
    ['maxio', 'Maxio', 'BASIC', 'maxio.com', '#2A3F54'],
    ['paddle', 'Paddle', 'BASIC', 'paddle.com', '#FCDB33'],
  ],
};

/** The sandbox flavours the engine completes by itself (form, OAuth against its own provider, none). */
const SANDBOX_FLAVOURS: [suffix: string, label: string, authType: AuthType][] = [
  ['form', 'Form', 'BASIC'],
  ['oauth', 'OAuth', 'OAUTH'],
  ['none', 'No auth', 'NONE'],
];

/** Real apps of a category, in display order. */
export function appsOf(category: CategoryId): CatalogApp[] {
  return APPS_BY_CATEGORY[category].map(([id, label, authType, site, color]) => ({
    id,
    label,
    category,
    authType,
    site,
    color,
  }));
}

/** Built-in sandbox apps of a category: sandbox-hris-form, sandbox-hris-oauth, sandbox-hris-none. */
export function sandboxAppsOf(category: CategoryId): CatalogApp[] {
  const slug = category.toLowerCase().replace(/_/g, '');
  return SANDBOX_FLAVOURS.map(([suffix, label, authType]) => ({
    id: `sandbox-${slug}-${suffix}`,
    label: `${CATEGORY_INFO[category].label} Sandbox (${label})`,
    category,
    authType,
    site: 'sandbox.integrations.test',
    color: '#64748B',
    isSandbox: true,
  }));
}

/** Every app of the catalog: real apps first, then the sandbox apps, per category. */
export function allApps(): CatalogApp[] {
  return CATEGORIES.flatMap((c) => [...appsOf(c), ...sandboxAppsOf(c)]);
}

/**
 * Logo as a data: URI of a small SVG (brand colour, initials). Base64 keeps it a valid `uri`
 * for the contract's format check and needs no asset server.
 */
export function appLogo(app: Pick<CatalogApp, 'label' | 'color'>): string {
  const words = app.label.replace(/[^A-Za-z0-9 ]/g, ' ').split(/\s+/).filter(Boolean);
  const initials = (words.length > 1 ? words[0][0] + words[1][0] : words[0].slice(0, 2)).toUpperCase();
  const dark = ['#FFCC22', '#FFE01B', '#E4F222', '#FCDB33'].includes(app.color);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="${app.color}"/>` +
    `<text x="32" y="41" font-family="Arial,Helvetica,sans-serif" font-size="24" font-weight="700" ` +
    `text-anchor="middle" fill="${dark ? '#1F2937' : '#FFFFFF'}">${initials}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
