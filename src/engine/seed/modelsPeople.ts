/*
 * Data models of the people and money categories (HRIS, ATS, ASSESSMENT, ACCOUNTING, EXPENSES).
 * Attributes are written 'name:type:description' to keep the catalog readable; catalog.ts parses them.
 * Subcategory values are the sync types: the spec's own (employee, ats_jobs, accounting_expenses, ...)
 * and, for categories the spec does not name, `<category>_<entity>`.
 */

export interface ModelSpec {
  id: string;
  name: string;
  description: string;
  /** Default models are always subscribed. */
  default?: boolean;
  attrs: string[];
  subModels?: [name: string, attrs: string[]][];
}

export interface SubcategorySpec {
  value: string;
  label: string;
  /** Singular noun used in webhook event values (employee.created). */
  entity: string;
  models: ModelSpec[];
}

const address = ['addressLine1:string:Street address', 'city:string:City', 'state:string:State or region', 'country:string:ISO country code', 'zipCode:string:Postal code'];

export const PEOPLE_MODELS: Record<string, SubcategorySpec[]> = {
  HRIS: [
    {
      value: 'employee',
      label: 'Employees',
      entity: 'employee',
      models: [
        { id: 'employee_profile', name: 'Employee Profile', description: 'Identity and employment status of an employee', default: true,
          attrs: ['id:string:Employee id in the HRIS', 'firstName:string:First name', 'lastName:string:Last name', 'workEmail:string:Work e-mail', 'employmentStatus:string:ACTIVE, INACTIVE or TERMINATED', 'employmentType:string:FULL_TIME, PART_TIME, CONTRACTOR', 'startDate:date:First working day', 'terminationDate:date:Last working day, when terminated'] },
        { id: 'employee_orgStructure', name: 'Org Structure', description: 'Designation, department and reporting line',
          attrs: ['designation:string:Job title', 'department:string:Department name', 'manager:object:Direct manager'],
          subModels: [['manager', ['id:string:Manager employee id', 'firstName:string:First name', 'lastName:string:Last name', 'workEmail:string:Work e-mail']]] },
        { id: 'employee_location', name: 'Work Location', description: 'Where the employee works',
          attrs: ['workAddress:object:Work address', 'timezone:string:IANA time zone', 'remote:boolean:Works remotely'],
          subModels: [['workAddress', address]] },
        { id: 'employee_compensation', name: 'Compensation', description: 'Fixed and variable pay',
          attrs: ['fixed:array:Fixed pay components', 'variable:array:Bonuses and commissions', 'stock:array:Equity grants'],
          subModels: [['fixed', ['type:string:SALARY or HOURLY', 'amount:number:Amount per pay period', 'currency:string:ISO currency', 'payPeriod:string:ANNUAL, MONTHLY, HOURLY']]] },
        { id: 'employee_dependents', name: 'Dependents', description: 'Family members covered by benefits',
          attrs: ['dependents:array:Dependents of the employee'],
          subModels: [['dependents', ['firstName:string:First name', 'lastName:string:Last name', 'relation:string:SPOUSE, CHILD, ...', 'dateOfBirth:date:Date of birth']]] },
        { id: 'employee_bankAccounts', name: 'Bank Accounts', description: 'Payroll bank accounts',
          attrs: ['bankAccounts:array:Bank accounts for salary payments'],
          subModels: [['bankAccounts', ['bankName:string:Bank name', 'accountNumber:string:Masked account number', 'routingNumber:string:Routing or sort code', 'accountType:string:CHECKING or SAVINGS']]] },
      ],
    },
  ],
  ATS: [
    {
      value: 'ats_jobs',
      label: 'Jobs',
      entity: 'job',
      models: [
        { id: 'job_details', name: 'Job Details', description: 'An open or closed position', default: true,
          attrs: ['id:string:Job id', 'title:string:Job title', 'status:string:OPEN, CLOSED, DRAFT', 'department:string:Department', 'location:string:Office or Remote', 'createdAt:date:When the job was created', 'updatedAt:date:Last change'] },
        { id: 'job_hiringTeam', name: 'Hiring Team', description: 'Recruiters and hiring managers of a job',
          attrs: ['hiringTeam:array:Members of the hiring team'],
          subModels: [['hiringTeam', ['id:string:User id', 'name:string:Full name', 'email:string:E-mail', 'role:string:RECRUITER, HIRING_MANAGER']]] },
        { id: 'job_stages', name: 'Interview Stages', description: 'Pipeline stages of a job',
          attrs: ['stages:array:Stages in order'],
          subModels: [['stages', ['id:string:Stage id', 'name:string:Stage name', 'order:number:Position in the pipeline']]] },
      ],
    },
    {
      value: 'ats_applications',
      label: 'Applications',
      entity: 'application',
      models: [
        { id: 'application_info', name: 'Application Info', description: 'A candidate applying to a job', default: true,
          attrs: ['id:string:Application id', 'jobId:string:Job applied to', 'candidateId:string:Candidate', 'status:string:ACTIVE, REJECTED, HIRED', 'currentStage:string:Current pipeline stage', 'appliedAt:date:When the candidate applied'] },
        { id: 'application_candidate', name: 'Candidate', description: 'Contact details of the candidate',
          attrs: ['candidate:object:The candidate'],
          subModels: [['candidate', ['firstName:string:First name', 'lastName:string:Last name', 'email:string:E-mail', 'phone:string:Phone number']]] },
        { id: 'application_resume', name: 'Resume & Attachments', description: 'Files attached to the application',
          attrs: ['attachments:array:Resume, cover letter and other files'],
          subModels: [['attachments', ['fileName:string:File name', 'url:string:Download URL', 'type:string:RESUME, COVER_LETTER, OTHER']]] },
        { id: 'application_offers', name: 'Offers', description: 'Offers made to the candidate',
          attrs: ['offers:array:Offers'],
          subModels: [['offers', ['status:string:SENT, ACCEPTED, DECLINED', 'startDate:date:Proposed start date', 'salary:number:Offered salary']]] },
      ],
    },
  ],
  ASSESSMENT: [
    {
      value: 'assessment_orders',
      label: 'Orders',
      entity: 'order',
      models: [
        { id: 'order_info', name: 'Order Info', description: 'An assessment or check ordered for a candidate', default: true,
          attrs: ['id:string:Order id', 'candidateId:string:Candidate', 'packageId:string:Package ordered', 'status:string:PENDING, IN_PROGRESS, COMPLETED', 'createdAt:date:When ordered'] },
        { id: 'order_results', name: 'Results', description: 'Score and report of a completed order',
          attrs: ['result:object:Result of the assessment'],
          subModels: [['result', ['score:number:Score achieved', 'maxScore:number:Maximum score', 'status:string:PASS, FAIL, REVIEW', 'reportUrl:string:Link to the full report']]] },
      ],
    },
    {
      value: 'assessment_packages',
      label: 'Packages',
      entity: 'package',
      models: [
        { id: 'package_info', name: 'Package Info', description: 'A test or check that can be ordered', default: true,
          attrs: ['id:string:Package id', 'name:string:Package name', 'description:string:What it assesses', 'durationMinutes:number:Expected duration', 'type:string:SKILLS, BACKGROUND_CHECK, PERSONALITY'] },
      ],
    },
  ],
  ACCOUNTING: [
    {
      value: 'accounting_expenses',
      label: 'Expenses',
      entity: 'expense',
      models: [
        { id: 'expense_info', name: 'Expense', description: 'A purchase or bill payment in the ledger', default: true,
          attrs: ['id:string:Expense id', 'amount:number:Total amount', 'currency:string:ISO currency', 'transactionDate:date:Date of the transaction', 'memo:string:Memo', 'paymentAccountId:string:Account paid from', 'vendorId:string:Vendor'] },
        { id: 'expense_lines', name: 'Expense Lines', description: 'Line items of the expense',
          attrs: ['lineItems:array:Line items'],
          subModels: [['lineItems', ['accountId:string:Expense account', 'amount:number:Line amount', 'description:string:Description', 'taxRateId:string:Tax rate']]] },
        { id: 'expense_attachments', name: 'Attachments', description: 'Receipts attached to the expense',
          attrs: ['attachments:array:Receipt files'],
          subModels: [['attachments', ['fileName:string:File name', 'url:string:Download URL']]] },
      ],
    },
    {
      value: 'accounting_employees',
      label: 'Employees',
      entity: 'employee',
      models: [
        { id: 'acc_employee_profile', name: 'Employee', description: 'An employee as the accounting system knows them', default: true,
          attrs: ['id:string:Employee id', 'firstName:string:First name', 'lastName:string:Last name', 'email:string:E-mail', 'status:string:ACTIVE or INACTIVE', 'hireDate:date:Hire date'] },
        { id: 'acc_employee_address', name: 'Employee Address', description: 'Home address of the employee',
          attrs: ['address:object:Home address'], subModels: [['address', address]] },
      ],
    },
    {
      value: 'accounting_journalEntries',
      label: 'Journal Entries',
      entity: 'journalEntry',
      models: [
        { id: 'journal_entry', name: 'Journal Entry', description: 'A manual or system journal entry', default: true,
          attrs: ['id:string:Journal entry id', 'transactionDate:date:Posting date', 'memo:string:Memo', 'currency:string:ISO currency', 'postingStatus:string:POSTED or DRAFT', 'totalAmount:number:Total of the debits'] },
        { id: 'journal_lines', name: 'Journal Lines', description: 'Debit and credit lines',
          attrs: ['lines:array:Lines of the entry'],
          subModels: [['lines', ['accountId:string:Ledger account', 'debit:number:Debit amount', 'credit:number:Credit amount', 'description:string:Description', 'trackingCategoryId:string:Class or department']]] },
      ],
    },
  ],
  EXPENSES: [
    {
      value: 'expenses_reports',
      label: 'Expense Reports',
      entity: 'report',
      models: [
        { id: 'report_info', name: 'Expense Report', description: 'A report submitted for reimbursement', default: true,
          attrs: ['id:string:Report id', 'title:string:Report title', 'employeeEmail:string:Submitter', 'status:string:DRAFT, SUBMITTED, APPROVED, REIMBURSED', 'totalAmount:number:Total', 'currency:string:ISO currency', 'submittedAt:date:Submission date'] },
        { id: 'report_expenses', name: 'Report Expenses', description: 'Expenses in the report',
          attrs: ['expenses:array:Expenses'],
          subModels: [['expenses', ['id:string:Expense id', 'merchant:string:Merchant', 'amount:number:Amount', 'category:string:Expense category', 'date:date:Date spent']]] },
        { id: 'report_receipts', name: 'Receipts', description: 'Receipt images of the report',
          attrs: ['receipts:array:Receipts'], subModels: [['receipts', ['fileName:string:File name', 'url:string:Download URL']]] },
      ],
    },
    {
      value: 'expenses_cardTransactions',
      label: 'Card Transactions',
      entity: 'cardTransaction',
      models: [
        { id: 'card_transaction', name: 'Card Transaction', description: 'A corporate card transaction', default: true,
          attrs: ['id:string:Transaction id', 'cardLast4:string:Last four digits of the card', 'merchant:string:Merchant', 'amount:number:Amount', 'currency:string:ISO currency', 'postedAt:date:Posting date'] },
      ],
    },
  ],
};
