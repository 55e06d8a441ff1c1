import type { SubcategorySpec } from './modelsPeople.ts';

/*
 * Data models of CRM, TICKETING, MEETING, E_SIGN, EMAIL, STORAGE, CALENDAR and
 * SUBSCRIPTION_MANAGEMENT. COMMS has no sync models on purpose: it is an API-only category, so the
 * matrix falls back to APIs and the Fetch Data step skips syncs (skipSyncs) there.
 */

const address = ['street:string:Street', 'city:string:City', 'state:string:State or region', 'country:string:ISO country code', 'zipCode:string:Postal code'];

export const BUSINESS_MODELS: Record<string, SubcategorySpec[]> = {
  CRM: [
    { value: 'crm_leads', label: 'Leads', entity: 'lead', models: [
      { id: 'lead_info', name: 'Lead', description: 'A prospect not yet qualified', default: true,
        attrs: ['id:string:Lead id', 'firstName:string:First name', 'lastName:string:Last name', 'email:string:E-mail', 'company:string:Company', 'status:string:NEW, WORKING, QUALIFIED, UNQUALIFIED', 'source:string:Lead source', 'ownerId:string:Owner user'] },
      { id: 'lead_address', name: 'Lead Address', description: 'Postal address of the lead',
        attrs: ['address:object:Address'], subModels: [['address', address]] },
    ] },
    { value: 'crm_engagements', label: 'Engagements', entity: 'engagement', models: [
      { id: 'engagement_info', name: 'Engagement', description: 'A call, e-mail, meeting or note logged in the CRM', default: true,
        attrs: ['id:string:Engagement id', 'type:string:CALL, EMAIL, MEETING, NOTE, TASK', 'subject:string:Subject', 'body:string:Content', 'occurredAt:date:When it happened', 'ownerId:string:Owner user'] },
      { id: 'engagement_participants', name: 'Participants', description: 'Contacts and users involved',
        attrs: ['participants:array:Participants'],
        subModels: [['participants', ['id:string:Contact or user id', 'email:string:E-mail', 'type:string:CONTACT or USER']]] },
    ] },
    { value: 'crm_accounts', label: 'Accounts', entity: 'account', models: [
      { id: 'account_info', name: 'Account', description: 'A company the sales team works with', default: true,
        attrs: ['id:string:Account id', 'name:string:Company name', 'industry:string:Industry', 'website:string:Website', 'numberOfEmployees:number:Head count', 'annualRevenue:number:Annual revenue', 'ownerId:string:Owner user'] },
      { id: 'account_addresses', name: 'Account Addresses', description: 'Billing and shipping addresses',
        attrs: ['addresses:array:Addresses'], subModels: [['addresses', ['type:string:BILLING or SHIPPING', ...address]]] },
    ] },
    { value: 'crm_contacts', label: 'Contacts', entity: 'contact', models: [
      { id: 'contact_info', name: 'Contact', description: 'A person at an account', default: true,
        attrs: ['id:string:Contact id', 'firstName:string:First name', 'lastName:string:Last name', 'email:string:E-mail', 'phone:string:Phone', 'accountId:string:Account', 'title:string:Job title'] },
      { id: 'contact_addresses', name: 'Contact Addresses', description: 'Addresses of the contact',
        attrs: ['addresses:array:Addresses'], subModels: [['addresses', address]] },
    ] },
    { value: 'crm_deals', label: 'Deals', entity: 'deal', models: [
      { id: 'deal_info', name: 'Deal', description: 'An opportunity in the pipeline', default: true,
        attrs: ['id:string:Deal id', 'name:string:Deal name', 'amount:number:Value', 'currency:string:ISO currency', 'stage:string:Pipeline stage', 'closeDate:date:Expected close date', 'probability:number:Win probability in percent', 'accountId:string:Account'] },
      { id: 'deal_lineItems', name: 'Deal Line Items', description: 'Products on the deal',
        attrs: ['lineItems:array:Line items'],
        subModels: [['lineItems', ['productId:string:Product', 'quantity:number:Quantity', 'unitPrice:number:Unit price']]] },
    ] },
  ],
  TICKETING: [
    { value: 'ticketing_tickets', label: 'Tickets', entity: 'ticket', models: [
      { id: 'ticket_info', name: 'Ticket', description: 'An issue, task or support request', default: true,
        attrs: ['id:string:Ticket id', 'title:string:Title', 'description:string:Description', 'status:string:OPEN, IN_PROGRESS, CLOSED', 'priority:string:LOW, MEDIUM, HIGH, URGENT', 'assigneeId:string:Assignee', 'createdAt:date:Created', 'dueDate:date:Due date'] },
      { id: 'ticket_comments', name: 'Comments', description: 'Comments on the ticket',
        attrs: ['comments:array:Comments'],
        subModels: [['comments', ['id:string:Comment id', 'body:string:Text', 'authorId:string:Author', 'createdAt:date:Posted']]] },
      { id: 'ticket_attachments', name: 'Attachments', description: 'Files attached to the ticket',
        attrs: ['attachments:array:Files'], subModels: [['attachments', ['fileName:string:File name', 'url:string:Download URL']]] },
    ] },
    { value: 'ticketing_users', label: 'Users', entity: 'user', models: [
      { id: 'ticketing_user', name: 'User', description: 'An agent or member of the ticketing tool', default: true,
        attrs: ['id:string:User id', 'name:string:Full name', 'email:string:E-mail', 'role:string:AGENT, ADMIN, END_USER'] },
    ] },
  ],
  MEETING: [
    { value: 'meeting_meetings', label: 'Meetings', entity: 'meeting', models: [
      { id: 'meeting_info', name: 'Meeting', description: 'A scheduled or past meeting', default: true,
        attrs: ['id:string:Meeting id', 'title:string:Title', 'startTime:date:Start', 'endTime:date:End', 'hostEmail:string:Host', 'joinUrl:string:Join link'] },
      { id: 'meeting_participants', name: 'Participants', description: 'Who joined the meeting',
        attrs: ['participants:array:Participants'],
        subModels: [['participants', ['name:string:Name', 'email:string:E-mail', 'joinedAt:date:Joined', 'leftAt:date:Left']]] },
      { id: 'meeting_recordings', name: 'Recordings', description: 'Cloud recordings of the meeting',
        attrs: ['recordings:array:Recordings'],
        subModels: [['recordings', ['id:string:Recording id', 'url:string:Download URL', 'durationSeconds:number:Length']]] },
      { id: 'meeting_transcripts', name: 'Transcripts', description: 'Transcript segments of the meeting',
        attrs: ['transcript:array:Transcript segments'],
        subModels: [['transcript', ['speaker:string:Speaker', 'text:string:What was said', 'startOffset:number:Seconds from the start']]] },
    ] },
  ],
  E_SIGN: [
    { value: 'esign_documents', label: 'Documents', entity: 'document', models: [
      { id: 'document_info', name: 'Document', description: 'An envelope or document sent for signature', default: true,
        attrs: ['id:string:Document id', 'name:string:Document name', 'status:string:DRAFT, SENT, COMPLETED, DECLINED, VOIDED', 'createdAt:date:Created', 'completedAt:date:Completed', 'senderEmail:string:Sender'] },
      { id: 'document_signers', name: 'Signers', description: 'Recipients who must sign',
        attrs: ['signers:array:Signers'],
        subModels: [['signers', ['name:string:Name', 'email:string:E-mail', 'status:string:PENDING, SIGNED, DECLINED', 'signedAt:date:Signed']]] },
      { id: 'document_files', name: 'Files', description: 'Signed and original files',
        attrs: ['files:array:Files'], subModels: [['files', ['fileName:string:File name', 'url:string:Download URL']]] },
    ] },
  ],
  EMAIL: [
    { value: 'email_messages', label: 'Messages', entity: 'message', models: [
      { id: 'message_info', name: 'Message', description: 'An e-mail message', default: true,
        attrs: ['id:string:Message id', 'threadId:string:Thread', 'subject:string:Subject', 'from:string:Sender', 'to:array:Recipients', 'sentAt:date:Sent', 'snippet:string:First line of the body'] },
      { id: 'message_attachments', name: 'Attachments', description: 'Files attached to the message',
        attrs: ['attachments:array:Files'],
        subModels: [['attachments', ['fileName:string:File name', 'mimeType:string:MIME type', 'sizeBytes:number:Size']]] },
    ] },
  ],
  STORAGE: [
    { value: 'storage_files', label: 'Files', entity: 'file', models: [
      { id: 'file_info', name: 'File', description: 'A file in a drive or bucket', default: true,
        attrs: ['id:string:File id', 'name:string:File name', 'mimeType:string:MIME type', 'sizeBytes:number:Size', 'path:string:Folder path', 'modifiedAt:date:Last change', 'ownerEmail:string:Owner'] },
      { id: 'file_permissions', name: 'Permissions', description: 'Who can access the file',
        attrs: ['permissions:array:Permissions'],
        subModels: [['permissions', ['email:string:User or group', 'role:string:OWNER, EDITOR, VIEWER']]] },
      { id: 'folder_info', name: 'Folder', description: 'The folder containing the file',
        attrs: ['folder:object:Parent folder'], subModels: [['folder', ['id:string:Folder id', 'name:string:Folder name', 'path:string:Path']]] },
    ] },
  ],
  CALENDAR: [
    { value: 'calendar_events', label: 'Events', entity: 'event', models: [
      { id: 'event_info', name: 'Event', description: 'A calendar event', default: true,
        attrs: ['id:string:Event id', 'title:string:Title', 'startTime:date:Start', 'endTime:date:End', 'timezone:string:IANA time zone', 'location:string:Location', 'organizerEmail:string:Organizer'] },
      { id: 'event_attendees', name: 'Attendees', description: 'Invitees and their responses',
        attrs: ['attendees:array:Attendees'],
        subModels: [['attendees', ['email:string:E-mail', 'name:string:Name', 'responseStatus:string:ACCEPTED, DECLINED, TENTATIVE, NEEDS_ACTION']]] },
      { id: 'event_recurrence', name: 'Recurrence', description: 'Recurrence rule of a repeating event',
        attrs: ['recurrence:object:Recurrence'], subModels: [['recurrence', ['rule:string:RRULE', 'until:date:Last occurrence']]] },
    ] },
  ],
  SUBSCRIPTION_MANAGEMENT: [
    { value: 'subscription_subscriptions', label: 'Subscriptions', entity: 'subscription', models: [
      { id: 'subscription_info', name: 'Subscription', description: 'A customer subscription to a plan', default: true,
        attrs: ['id:string:Subscription id', 'customerId:string:Customer', 'planId:string:Plan', 'status:string:ACTIVE, TRIAL, PAUSED, CANCELLED', 'currentTermStart:date:Term start', 'currentTermEnd:date:Term end', 'mrr:number:Monthly recurring revenue'] },
      { id: 'subscription_items', name: 'Subscription Items', description: 'Plans and add-ons of the subscription',
        attrs: ['items:array:Items'],
        subModels: [['items', ['itemId:string:Plan or add-on', 'quantity:number:Quantity', 'unitPrice:number:Unit price']]] },
    ] },
    { value: 'subscription_customers', label: 'Customers', entity: 'customer', models: [
      { id: 'customer_info', name: 'Customer', description: 'A billed customer', default: true,
        attrs: ['id:string:Customer id', 'name:string:Name', 'email:string:Billing e-mail', 'company:string:Company', 'createdAt:date:Created'] },
    ] },
  ],
  COMMS: [],
};
