import { customFieldsOf, iso, prefixedIds, type ResourceSpec } from './core.ts';

// A skills-test and background-check vendor (HackerRank, Checkr): the packages a customer can
// order, re-timed now and then, and orders that go from invited to started to completed, with a
// score and a report once completed (some candidates never finish).

const PACKAGE_IDS = prefixedIds('pkg_', 40_000);

const PACKAGES: Record<'skills' | 'background_check' | 'personality', [name: string, description: string][]> = {
  skills: [
    ['Python Developer Test', 'Coding tasks on data structures, APIs and testing in Python'],
    ['Frontend Engineer Test', 'A small React component and questions on the DOM and accessibility'],
    ['SQL Analyst Test', 'Queries on a sales schema: joins, window functions and aggregation'],
    ['Java Backend Test', 'Concurrency, collections and a REST service in Java'],
    ['Data Science Test', 'Statistics, a modelling task and a notebook review'],
  ],
  background_check: [
    ['Basic Criminal Check', 'National and county criminal records of the last seven years'],
    ['Employment Verification', 'Past employers, dates and titles confirmed with each employer'],
    ['Education Verification', 'Degrees and attendance confirmed with each institution'],
  ],
  personality: [
    ['Work Style Inventory', 'How the candidate prefers to plan, collaborate and decide'],
    ['Big Five Profile', 'Openness, conscientiousness, extraversion, agreeableness and neuroticism'],
  ],
};
const KINDS = Object.keys(PACKAGES) as (keyof typeof PACKAGES)[];

/** Packages: a test's expected duration is revised at each version (a background check's is its turnaround). */
export const assessmentPackages: ResourceSpec<Record<string, unknown>> = {
  name: 'packages',
  ids: PACKAGE_IDS,
  everyDays: [10, 30],
  max: 150,
  changeEveryDays: [60, 180],
  unchanging: 0.5,
  lastVersion: 3,
  build({ faker, meta, seedVersion }) {
    const type = KINDS[meta.index % KINDS.length];
    const [name, description] = faker.helpers.arrayElement(PACKAGES[type]);
    const level = faker.helpers.arrayElement(['', ' (Junior)', ' (Senior)']);
    let duration = type === 'background_check' ? faker.number.int({ min: 1, max: 5 }) * 1440 : faker.number.int({ min: 6, max: 24 }) * 5;
    for (let v = 1; v <= meta.version; v += 1) duration = Math.max(5, duration + seedVersion(v).number.int({ min: -3, max: 3 }) * 5);
    return {
      id: PACKAGE_IDS.of(meta.index),
      name: type === 'skills' ? `${name}${level}` : name,
      description,
      type,
      duration_minutes: duration,
      version: meta.version + 1,
      active: true,
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

const ORDER_STATUS = ['invited', 'started', 'completed'] as const;

export const assessmentOrders: ResourceSpec<Record<string, unknown>> = {
  name: 'orders',
  ids: prefixedIds('ord_', 600_000),
  everyDays: [1.5, 4],
  max: 3000,
  changeEveryDays: [1, 6],
  unchanging: 0.05,
  lastVersion: 2,
  // One candidate in six starts and never finishes.
  lastVersionOf: (hash) => (hash('abandons') % 6 === 0 ? 1 : 2),
  build({ faker, meta, countAt, hash, seedVersion }) {
    const packages = Math.max(1, countAt(assessmentPackages, meta.createdAt));
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const email = faker.internet.email({ firstName: first, lastName: last, provider: 'candidates.example' }).toLowerCase();
    const id = `ord_${(600_000 + meta.index).toString(36)}`;
    const status = ORDER_STATUS[meta.version];
    let result: Record<string, unknown> | null = null;
    if (status === 'completed') {
      const score = seedVersion(2).number.int({ min: 20, max: 100 });
      result = { score, max_score: 100, outcome: score >= 70 ? 'pass' : score >= 50 ? 'review' : 'fail', report_url: `https://reports.assessments.example/orders/${id}` };
    }
    return {
      id,
      candidate_id: `cand_${(900_000 + meta.index).toString(36)}`,
      candidate: { first_name: first, last_name: last, email },
      package_id: PACKAGE_IDS.of(hash('package') % packages),
      status,
      invited_at: iso(meta.createdAt),
      started_at: meta.version >= 1 ? iso(meta.createdAt + (meta.modifiedAt - meta.createdAt) / meta.version) : null,
      completed_at: status === 'completed' ? iso(meta.modifiedAt) : null,
      result,
      custom_fields: customFieldsOf(hash),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};
