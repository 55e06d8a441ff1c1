import type { Faker } from '@faker-js/faker';
import { DAY_MS } from '../../../shared/timeWindows.ts';
import { customFieldsOf, emailOf, iso, isoDate, numericIds, type BuildInput, type ResourceSpec } from './core.ts';

// HRIS and ATS data: employees who are hired, promoted, moved, re-paid and sometimes leave; jobs
// that open and close; candidates; applications that move through the interview stages.

const DEPARTMENTS: Record<string, string[]> = {
  Engineering: ['Software Engineer', 'Backend Engineer', 'Frontend Engineer', 'Site Reliability Engineer', 'QA Engineer', 'Engineering Manager'],
  Product: ['Product Manager', 'Product Designer', 'UX Researcher'],
  Sales: ['Account Executive', 'Sales Development Representative', 'Sales Manager'],
  Marketing: ['Marketing Manager', 'Content Strategist', 'Growth Marketer'],
  Finance: ['Accountant', 'Financial Analyst', 'Controller'],
  'People Operations': ['HR Generalist', 'Recruiter', 'People Partner'],
  'Customer Success': ['Customer Success Manager', 'Support Specialist', 'Implementation Consultant'],
};
const DEPARTMENT_NAMES = Object.keys(DEPARTMENTS);
const OFFICES: [city: string, country: string, currency: string][] = [
  ['San Francisco', 'US', 'USD'], ['New York', 'US', 'USD'], ['Austin', 'US', 'USD'], ['London', 'GB', 'GBP'],
  ['Berlin', 'DE', 'EUR'], ['Amsterdam', 'NL', 'EUR'], ['Toronto', 'CA', 'CAD'], ['Bengaluru', 'IN', 'INR'],
];
const BASE_PAY: Record<string, number> = { USD: 95_000, GBP: 62_000, EUR: 68_000, CAD: 88_000, INR: 1_800_000 };
const SENIORITY = ['', 'Senior ', 'Staff ', 'Principal '];

const EMPLOYEE_IDS = numericIds(1000);
const JOB_IDS = numericIds(400_000);
const CANDIDATE_IDS = numericIds(700_000);

const domainOf = (conn: { seed: number }) => `company${conn.seed % 9973}.example`;

function person(faker: Faker) {
  const sex = faker.person.sexType();
  return { firstName: faker.person.firstName(sex), lastName: faker.person.lastName(), gender: sex === 'female' ? 'Female' : 'Male' };
}

export interface Employee {
  id: string;
  employeeNumber: string;
  firstName: string;
  lastName: string;
  displayName: string;
  workEmail: string;
  personalEmail: string;
  mobilePhone: string;
  gender: string;
  dateOfBirth: string;
  jobTitle: string;
  department: string;
  managerId: string | null;
  location: { city: string; country: string };
  employmentType: string;
  employmentStatus: 'Active' | 'On leave' | 'Terminated';
  hireDate: string;
  terminationDate: string | null;
  compensation: { amount: number; currency: string; period: 'YEAR' };
  customFields: ReturnType<typeof customFieldsOf>;
  createdAt: string;
  updatedAt: string;
}

/** The version at which an employee leaves (one in seven does, after 2 to 6 changes), else never. */
const leaverVersion = (hash: (purpose: string) => number): number =>
  hash('leaves') % 7 === 0 ? 2 + (hash('leavesAt') % 5) : Number.MAX_SAFE_INTEGER;

export const employees: ResourceSpec<Employee> = {
  name: 'employees',
  ids: EMPLOYEE_IDS,
  everyDays: [4, 9],
  max: 400,
  changeEveryDays: [20, 120],
  unchanging: 0.35,
  lastVersion: 8,
  lastVersionOf: (hash) => leaverVersion(hash),
  build({ faker, meta, conn, seedVersion, hash }: BuildInput): Employee {
    const p = person(faker);
    let department = faker.helpers.arrayElement(DEPARTMENT_NAMES);
    let role = faker.helpers.arrayElement(DEPARTMENTS[department]);
    let level = faker.helpers.weightedArrayElement([{ value: 0, weight: 6 }, { value: 1, weight: 3 }, { value: 2, weight: 1 }]);
    let office = faker.helpers.arrayElement(OFFICES);
    const employmentType = faker.helpers.weightedArrayElement([{ value: 'Full-time', weight: 8 }, { value: 'Part-time', weight: 1 }, { value: 'Contractor', weight: 1 }]);
    let pay = Math.round(BASE_PAY[office[2]] * (1 + level * 0.25) * faker.number.float({ min: 0.85, max: 1.25 }) / 100) * 100;
    const dateOfBirth = isoDate(meta.createdAt - faker.number.int({ min: 22, max: 62 }) * 365 * DAY_MS);
    const hireDate = meta.createdAt + faker.number.int({ min: 0, max: 21 }) * DAY_MS;
    const personalEmail = faker.internet.email({ firstName: p.firstName, lastName: p.lastName, provider: 'mail.example' }).toLowerCase();
    const mobilePhone = faker.phone.number({ style: 'international' });
    let managerId: string | null = meta.index === 0 ? null : EMPLOYEE_IDS.of(hash('manager') % meta.index);
    let status: Employee['employmentStatus'] = 'Active';
    let terminationDate: string | null = null;
    // Each version is one change in the employee's working life; a leaver changes no more.
    const leavesAt = leaverVersion(hash);
    for (let v = 1; v <= meta.version; v += 1) {
      const f = seedVersion(v);
      if (v >= leavesAt) {
        status = 'Terminated';
        terminationDate = isoDate(meta.modifiedAt);
        break;
      }
      const change = f.helpers.weightedArrayElement([{ value: 'raise', weight: 4 }, { value: 'promotion', weight: 2 }, { value: 'move', weight: 1 }, { value: 'manager', weight: 2 }, { value: 'leave', weight: 1 }]);
      if (change === 'raise') pay = Math.round(pay * f.number.float({ min: 1.02, max: 1.08 }) / 100) * 100;
      if (change === 'promotion' && level < SENIORITY.length - 1) { level += 1; pay = Math.round(pay * 1.12 / 100) * 100; }
      if (change === 'move') { department = f.helpers.arrayElement(DEPARTMENT_NAMES); role = f.helpers.arrayElement(DEPARTMENTS[department]); office = f.helpers.arrayElement(OFFICES); }
      if (change === 'manager' && meta.index > 0) managerId = EMPLOYEE_IDS.of(f.number.int({ min: 0, max: meta.index - 1 }));
      status = change === 'leave' ? 'On leave' : 'Active';
    }
    return {
      id: EMPLOYEE_IDS.of(meta.index),
      employeeNumber: `E${String(1000 + meta.index).padStart(5, '0')}`,
      firstName: p.firstName,
      lastName: p.lastName,
      displayName: `${p.firstName} ${p.lastName}`,
      workEmail: emailOf(p.firstName, p.lastName, domainOf(conn)),
      personalEmail,
      mobilePhone,
      gender: p.gender,
      dateOfBirth,
      jobTitle: `${SENIORITY[level]}${role}`,
      department,
      managerId,
      location: { city: office[0], country: office[1] },
      employmentType,
      employmentStatus: status,
      hireDate: isoDate(hireDate),
      terminationDate,
      compensation: { amount: pay, currency: office[2], period: 'YEAR' },
      customFields: customFieldsOf(hash),
      createdAt: iso(meta.createdAt),
      updatedAt: iso(meta.modifiedAt),
    };
  },
};

const JOB_STATUS = ['draft', 'open', 'open', 'open', 'closed'] as const;

export const jobs: ResourceSpec<Record<string, unknown>> = {
  name: 'jobs',
  ids: JOB_IDS,
  everyDays: [10, 25],
  max: 120,
  changeEveryDays: [15, 45],
  unchanging: 0.1,
  lastVersion: 4,
  build({ faker, meta, conn, hash }) {
    const department = faker.helpers.arrayElement(DEPARTMENT_NAMES);
    const title = `${faker.helpers.arrayElement(['', '', 'Senior '])}${faker.helpers.arrayElement(DEPARTMENTS[department])}`;
    const office = faker.helpers.arrayElement(OFFICES);
    const manager = person(faker);
    const status = JOB_STATUS[meta.version];
    return {
      id: Number(JOB_IDS.of(meta.index)),
      name: title,
      requisition_id: `REQ-${String(meta.index + 1).padStart(4, '0')}`,
      status,
      confidential: faker.datatype.boolean(0.05),
      departments: [{ name: department }],
      offices: [{ name: office[0], location: { name: `${office[0]}, ${office[1]}` } }],
      employment_type: faker.helpers.arrayElement(['Full-time', 'Full-time', 'Part-time', 'Contract']),
      openings: faker.number.int({ min: 1, max: 4 }),
      hiring_team: { hiring_managers: [{ name: `${manager.firstName} ${manager.lastName}`, email: emailOf(manager.firstName, manager.lastName, domainOf(conn)) }] },
      opened_at: meta.version >= 1 ? iso(meta.createdAt + (meta.modifiedAt - meta.createdAt) / Math.max(1, meta.version)) : null,
      closed_at: status === 'closed' ? iso(meta.modifiedAt) : null,
      custom_fields: customFieldsOf(hash),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

export const candidates: ResourceSpec<Record<string, unknown>> = {
  name: 'candidates',
  ids: CANDIDATE_IDS,
  everyDays: [1, 3],
  max: 1500,
  changeEveryDays: [30, 200],
  unchanging: 0.6,
  lastVersion: 2,
  build({ faker, meta, seedVersion }) {
    const p = person(faker);
    let company = faker.company.name();
    let title = faker.person.jobTitle();
    const email = faker.internet.email({ firstName: p.firstName, lastName: p.lastName, provider: 'mail.example' }).toLowerCase();
    const phone = faker.phone.number({ style: 'international' });
    const source = faker.helpers.arrayElement(['LinkedIn', 'Referral', 'Company website', 'Indeed', 'Agency']);
    const tags = faker.helpers.arrayElements(['remote', 'relocation', 'senior', 'returning', 'silver medalist'], { min: 0, max: 2 });
    for (let v = 1; v <= meta.version; v += 1) {
      const f = seedVersion(v);
      company = f.company.name();
      title = f.person.jobTitle();
    }
    return {
      id: Number(CANDIDATE_IDS.of(meta.index)),
      first_name: p.firstName,
      last_name: p.lastName,
      company,
      title,
      emails: [{ value: email, type: 'personal' }],
      phone_numbers: [{ value: phone, type: 'mobile' }],
      source,
      tags,
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

const STAGES = ['Application Review', 'Phone Screen', 'Technical Interview', 'Onsite', 'Offer'];
const REJECTIONS = ['Lacks required experience', 'Position filled', 'Candidate withdrew', 'Compensation mismatch', 'Not a culture add'];

/** The application's path: at each version it is rejected (35%), hired (after the offer) or moves a stage on. */
function applicationOutcome(hash: (purpose: string) => number, version: number): { stage: number; status: 'active' | 'rejected' | 'hired'; endsAt: number } {
  let stage = 0;
  for (let v = 1; v <= version; v += 1) {
    if (hash(`reject${v}`) % 100 < 35) return { stage, status: 'rejected', endsAt: v };
    if (stage === STAGES.length - 1) return { stage, status: 'hired', endsAt: v };
    stage += 1;
  }
  return { stage, status: 'active', endsAt: Number.MAX_SAFE_INTEGER };
}

export const applications: ResourceSpec<Record<string, unknown>> = {
  name: 'applications',
  ids: numericIds(900_000),
  everyDays: [0.7, 2],
  max: 2500,
  changeEveryDays: [2, 10],
  unchanging: 0.05,
  lastVersion: STAGES.length,
  lastVersionOf: (hash) => applicationOutcome(hash, STAGES.length).endsAt,
  build({ faker, meta, countAt, hash }) {
    const jobCount = Math.max(1, countAt(jobs, meta.createdAt));
    const candidateCount = Math.max(1, countAt(candidates, meta.createdAt));
    const { stage, status } = applicationOutcome(hash, meta.version);
    return {
      id: 900_000 + meta.index,
      candidate_id: Number(CANDIDATE_IDS.of(hash('candidate') % candidateCount)),
      job_id: Number(JOB_IDS.of(hash('job') % jobCount)),
      status,
      current_stage: { name: STAGES[stage] },
      source: faker.helpers.arrayElement(['LinkedIn', 'Referral', 'Company website', 'Indeed']),
      applied_at: iso(meta.createdAt),
      rejected_at: status === 'rejected' ? iso(meta.modifiedAt) : null,
      rejection_reason: status === 'rejected' ? REJECTIONS[hash('reason') % REJECTIONS.length] : null,
      hired_at: status === 'hired' ? iso(meta.modifiedAt) : null,
      custom_fields: customFieldsOf(hash),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};
