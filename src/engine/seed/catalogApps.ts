import type { SchemaAuthType } from '../../generated/api/engine.ts';
import { categoryLabels } from '../../generated/labels.ts';
import { CATEGORIES, type Category } from '../../shared/categories.ts';

/*
 * The app catalog as static data: well-known apps in each of the contract's 14 categories.
 * App ids are fixed slugs (bamboohr, salesforce, ...) so every engine start, every seed and every
 * test sees the same ids.
 */

/** What each category's data is, as the catalog describes it (its label is the contract's, categoryLabels). */
export const CATEGORY_DESCRIPTIONS: Record<Category, string> = {
  ACCOUNTING: 'General ledger, expenses, journal entries and accounting employees',
  HRIS: 'Employee records, org structure, compensation and payroll data',
  ATS: 'Jobs, candidates and applications from applicant tracking systems',
  COMMS: 'Messages and channels of team chat and messaging apps',
  ASSESSMENT: 'Skill tests, background checks and their results',
  TICKETING: 'Tickets, comments and users of helpdesk and issue trackers',
  MEETING: 'Meetings, participants, recordings and transcripts',
  E_SIGN: 'Documents sent for signature and their signers',
  CRM: 'Leads, contacts, accounts, deals and engagements',
  EMAIL: 'Mailboxes, threads and messages',
  STORAGE: 'Files, folders and sharing permissions',
  CALENDAR: 'Calendar events and attendees',
  EXPENSES: 'Expense reports, receipts and card transactions',
  SUBSCRIPTION_MANAGEMENT: 'Subscriptions, plans and customers of billing platforms',
};

type AuthType = SchemaAuthType;

export interface CatalogApp {
  id: string;
  label: string;
  category: Category;
  authType: AuthType;
  /** Vendor's site, for the docs link. */
  site: string;
  /** Brand colour of the generated logo. */
  color: string;
  isSandbox?: boolean;
}

type AppTuple = [id: string, label: string, authType: AuthType, site: string, color: string];

const APPS_BY_CATEGORY: Record<Category, AppTuple[]> = {
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
export function appsOf(category: Category): CatalogApp[] {
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
function sandboxAppsOf(category: Category): CatalogApp[] {
  const slug = category.toLowerCase().replace(/_/g, '');
  return SANDBOX_FLAVOURS.map(([suffix, label, authType]) => ({
    id: `sandbox-${slug}-${suffix}`,
    label: `${categoryLabels[category]} Sandbox (${label})`,
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
