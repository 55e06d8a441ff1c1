import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../contractTypes.ts';
import { DEFAULT_LOGO_KEY, uploadUrl } from '../services/uploads.ts';

// White-labelling of the auth component and of end-user e-mails. Before the first save each reads
// as the platform defaults (updatedAt null); both say whether the plan lets the organisation save.
type Db = Kysely<Database> | Transaction<Database>;
type CustomUiDetails = MsgOf<'appCustomUiDetails'>;
type CustomEmailDetails = MsgOf<'appCustomEmailDetails'>;

const DEFAULT_CUSTOM_POINTS = [
  'Connect your account in a few clicks',
  'Your credentials are encrypted and never shared',
  'Disconnect at any time',
];

const DEFAULT_EMAIL = {
  replyTo: null,
  subject: '{{orgName}} invites you to connect your {{categories}} app',
  heading: 'Connect your apps to {{orgName}}',
  body: 'Hi {{originUserName}},\n\n{{orgName}} needs access to your {{categories}} app for {{originOrgName}}. The link is valid until {{expiresAt}}.',
  buttonText: 'Connect now',
  footer: null,
  brandColor: '#1F6FEB',
  useOrgLogo: false,
} as const;

const seconds = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : Math.floor(ms / 1000));
const parse = <T>(json: string | null | undefined, fallback: T): T => {
  try { return json ? (JSON.parse(json) as T) : fallback; } catch { return fallback; }
};

export async function customUiDetails(db: Db, org: Row<'organisations'>, publicUrl: string): Promise<CustomUiDetails> {
  const row = await db.selectFrom('ui_customisation').selectAll().where('org_id', '=', org.id).executeTakeFirst();
  const fileName = row?.logo_upload_key ?? null;
  const defaultUrl = uploadUrl(publicUrl, DEFAULT_LOGO_KEY);
  const points = parse<string[]>(row?.custom_points_json, []);
  return {
    orgLogo: { url: fileName ? uploadUrl(publicUrl, fileName) : defaultUrl, fileName, defaultUrl },
    tncUrl: row?.tnc_url ?? null,
    customPoints: row && points.length > 0 ? points : DEFAULT_CUSTOM_POINTS,
    orgName: row?.org_name || org.name,
    whiteLabelling: org.feature_white_labelling === 1,
    updatedAt: seconds(row?.updated_at),
  };
}

type ConnectBranding = MsgOf<'connectGetSession'>['branding'];

/**
 * How the knit-auth component presents the organisation: its saved customisation while the plan
 * has whiteLabelling (saving needs it too), else the platform defaults, so a plan without the
 * feature shows nothing white-labelled even if an earlier plan saved something.
 */
export async function connectBranding(db: Db, org: Row<'organisations'>, publicUrl: string): Promise<ConnectBranding> {
  if (org.feature_white_labelling !== 1) {
    return { orgName: org.name, logoUrl: uploadUrl(publicUrl, DEFAULT_LOGO_KEY), tncUrl: null, customPoints: DEFAULT_CUSTOM_POINTS };
  }
  const ui = await customUiDetails(db, org, publicUrl);
  return { orgName: ui.orgName, logoUrl: ui.orgLogo.url, tncUrl: ui.tncUrl, customPoints: ui.customPoints };
}

export async function saveCustomUi(db: Db, orgId: string, values: { orgName: string; tncUrl: string; customPoints: string[]; logoKey: string | null | undefined; publicUrl: string; now: number }): Promise<void> {
  const logo = values.logoKey === undefined ? {} : {
    logo_upload_key: values.logoKey,
    logo_file_name: values.logoKey,
    logo_url: values.logoKey ? uploadUrl(values.publicUrl, values.logoKey) : null,
  };
  const row = { org_name: values.orgName, tnc_url: values.tncUrl, custom_points_json: JSON.stringify(values.customPoints), updated_at: values.now };
  await db.insertInto('ui_customisation').values({ org_id: orgId, ...row, ...logo })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ ...row, ...logo })).execute();
}

interface EmailSettings { enabled?: boolean; heading?: string; buttonText?: string; footer?: string | null; brandColor?: string; useOrgLogo?: boolean }

export async function customEmailDetails(db: Db, org: Row<'organisations'>): Promise<CustomEmailDetails> {
  const row = await db.selectFrom('email_customisation').selectAll().where('org_id', '=', org.id).executeTakeFirst();
  const settings = parse<EmailSettings>(row?.settings_json, {});
  return {
    enabled: row ? settings.enabled ?? true : false,
    senderName: row?.from_name || org.name,
    replyTo: row ? row.reply_to : DEFAULT_EMAIL.replyTo,
    subject: row?.subject || DEFAULT_EMAIL.subject,
    heading: settings.heading || DEFAULT_EMAIL.heading,
    body: row?.body || DEFAULT_EMAIL.body,
    buttonText: settings.buttonText || DEFAULT_EMAIL.buttonText,
    footer: settings.footer ?? DEFAULT_EMAIL.footer,
    brandColor: settings.brandColor && /^#[0-9A-Fa-f]{6}$/.test(settings.brandColor) ? settings.brandColor : DEFAULT_EMAIL.brandColor,
    useOrgLogo: settings.useOrgLogo ?? DEFAULT_EMAIL.useOrgLogo,
    whiteLabelling: org.feature_white_labelling === 1,
    updatedAt: seconds(row?.updated_at),
  };
}

export async function saveCustomEmail(db: Db, orgId: string, body: Omit<CustomEmailDetails, 'whiteLabelling' | 'updatedAt'>, now: number): Promise<void> {
  const settings: EmailSettings = { enabled: body.enabled, heading: body.heading, buttonText: body.buttonText, footer: body.footer ?? null, brandColor: body.brandColor, useOrgLogo: body.useOrgLogo };
  const row = { from_name: body.senderName, reply_to: body.replyTo ?? null, subject: body.subject, body: body.body, settings_json: JSON.stringify(settings), updated_at: now };
  await db.insertInto('email_customisation').values({ org_id: orgId, ...row })
    .onConflict((oc) => oc.column('org_id').doUpdateSet(row)).execute();
}
