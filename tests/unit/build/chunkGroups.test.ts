import { describe, expect, it } from 'vitest';
import type { Budgets, Manifest } from '../../../bench/routeBytes.ts';
import { planChunkGroups, type PlannedChunk } from '../../../scripts/chunkGroups.ts';

// The build's chunk plan: chunks that every kept load (shell, named routes) has all of or none of
// are merged, chunk by chunk, as far as every other load stays within its budget.

interface Spec { file: string; key: string; imports?: string[]; lazy?: string[]; entry?: boolean; facade?: string; size?: number }

function build(specs: Spec[]) {
  const byKey = new Map(specs.map((spec) => [spec.key, spec]));
  const manifest: Manifest = Object.fromEntries(specs.map((spec) => [spec.key, {
    file: spec.file,
    ...(spec.entry ? { isEntry: true } : {}),
    ...(spec.facade ? { isDynamicEntry: true, src: spec.key } : {}),
    imports: spec.imports ?? [],
    dynamicImports: spec.lazy ?? [],
  }]));
  const chunks: PlannedChunk[] = specs.map((spec) => ({
    fileName: spec.file,
    isEntry: Boolean(spec.entry),
    isDynamicEntry: Boolean(spec.facade),
    facadeModuleId: spec.facade ?? null,
    moduleIds: [spec.facade ?? `/src/${spec.key}`, `/src/${spec.key}.helper`],
    imports: (spec.imports ?? []).map((key) => byKey.get(key)!.file),
    code: 'x'.repeat(spec.size ?? 1000),
  }));
  return { manifest, chunks };
}

const budgets: Budgets = {
  entry: 'index.html',
  shell: { module: 'app/DashboardApp.tsx', maxKb: 200 },
  dashboardRouteMaxKb: 300,
  publicRouteMaxKb: 300,
  routes: {
    '/signup': { module: 'pages/signup/SignUpPage.tsx', maxKb: 150 },
    '/dashboard/a': { module: 'resources/a/index.ts' },
    '/dashboard/b': { module: 'resources/b/index.ts' },
  },
  goals: { firstContentColdMs: 500, firstContentWarmMs: 200, lighthousePerformance: 95, lighthouseAccessibility: 98 },
};

function app(listSize = 1000, dialogImports = ['_l1']) {
  return build([
    { key: 'index.html', file: 'assets/index.js', entry: true, lazy: ['app/DashboardApp.tsx', 'pages/signup/SignUpPage.tsx', 'resources/a/index.ts', 'resources/b/index.ts', 'resources/Dialog.tsx'] },
    { key: 'app/DashboardApp.tsx', file: 'assets/shell.js', facade: '/src/app/DashboardApp.tsx', imports: ['_s1', '_s2', '_shared'] },
    { key: '_s1', file: 'assets/s1.js' },
    { key: '_s2', file: 'assets/s2.js' },
    { key: '_shared', file: 'assets/shared.js' },
    { key: 'pages/signup/SignUpPage.tsx', file: 'assets/signup.js', facade: '/src/pages/signup/SignUpPage.tsx', imports: ['_shared'] },
    { key: 'resources/a/index.ts', file: 'assets/a.js', facade: '/src/resources/a/index.ts', imports: ['_l1', '_l2'] },
    { key: 'resources/b/index.ts', file: 'assets/b.js', facade: '/src/resources/b/index.ts', imports: ['_l1', '_l2'] },
    { key: '_l1', file: 'assets/l1.js' },
    { key: '_l2', file: 'assets/l2.js', size: listSize },
    // A dialog both screens open (declared beside the route table): it needs l1 only.
    { key: 'resources/Dialog.tsx', file: 'assets/dialog.js', facade: '/src/resources/Dialog.tsx', imports: dialogImports },
  ]);
}

const weigh = (code: string) => code.length;

describe('planChunkGroups', () => {
  it('merges chunks that exactly the same budgeted loads take, and leaves the rest', () => {
    const { manifest, chunks } = app();
    const groups = planChunkGroups(chunks, manifest, budgets, weigh);
    // The shell's own two chunks go together; the one the sign-up page shares stays apart.
    expect(groups.get('/src/_s1')).toBeDefined();
    expect(groups.get('/src/_s1')).toBe(groups.get('/src/_s2'));
    expect(groups.has('/src/_shared')).toBe(false);
    // Both list screens take l1 and l2; the dialog takes l2 too once merged, within its budget.
    expect(groups.get('/src/_l1')).toBe(groups.get('/src/_l2'));
    expect(groups.get('/src/_l1')).not.toBe(groups.get('/src/_s1'));
    // A lazily loaded module's own module keeps its chunk; the entry's chunks are never merged.
    expect(groups.has('/src/resources/a/index.ts')).toBe(false);
    expect(groups.has('/src/index.html')).toBe(false);
  });

  it('keeps apart what would take a lazily loaded page over its budget', () => {
    const { manifest, chunks } = app(299_000);
    const groups = planChunkGroups(chunks, manifest, budgets, weigh);
    expect(groups.has('/src/_l1')).toBe(false);
    expect(groups.has('/src/_l2')).toBe(false);
    expect(groups.get('/src/_s1')).toBe(groups.get('/src/_s2'));
  });

  it('still merges what fits beside a merge that would take a page over its budget', () => {
    // The dialog needs l1 and s1: l2 would take it over, s2 only adds 1 kB to it.
    const { manifest, chunks } = app(299_000, ['_l1', '_s1']);
    const groups = planChunkGroups(chunks, manifest, budgets, weigh);
    expect(groups.get('/src/_s1')).toBeDefined();
    expect(groups.get('/src/_s1')).toBe(groups.get('/src/_s2'));
    expect(groups.has('/src/_l1')).toBe(false);
    expect(groups.has('/src/_l2')).toBe(false);
  });
});
