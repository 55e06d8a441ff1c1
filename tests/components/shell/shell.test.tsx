import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from '../../../src/dashboard/app/navigation.ts';
import { ShellErrorBoundary } from '../../../src/dashboard/layout/ShellErrorBoundary.tsx';
import { SidebarMenu } from '../../../src/dashboard/layout/SidebarMenu.tsx';
import { usageSummary, UsageMeterSlot, USAGE_COLOURS } from '../../../src/dashboard/layout/UsageMeterSlot.tsx';
import { NotFoundPage } from '../../../src/dashboard/pages/NotFoundPage.tsx';
import { NotBuiltYetPage } from '../../../src/dashboard/pages/NotBuiltYetPage.tsx';

// No vitest globals, so testing-library cannot register its own cleanup.
afterEach(cleanup);

const inRouter = (node: React.ReactNode, path = '/dashboard/home') => render(<MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>);

describe('public pages', () => {
  it('shows the 404 page of the spec', () => {
    inRouter(<NotFoundPage />, '/404');
    expect(screen.getByRole('heading', { name: '404' })).toBeTruthy();
    expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard/home');
  });

  it('names the screen that is not built yet', () => {
    inRouter(<NotBuiltYetPage title="Field Capability Matrix" standalone />, '/fcm');
    expect(screen.getByRole('heading', { name: 'Field Capability Matrix' })).toBeTruthy();
    expect(screen.getByText(/not built yet/)).toBeTruthy();
  });
});

describe('ShellErrorBoundary', () => {
  function Broken(): never {
    throw new Error('boom');
  }

  it("shows 'Sorry.. Something went wrong' with a way back to the dashboard", async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    inRouter(
      <ShellErrorBoundary resetKey="/dashboard/syncs">
        <Broken />
      </ShellErrorBoundary>,
    );
    // The error page is a chunk of its own, fetched when an error shows.
    expect(await screen.findByRole('heading', { name: 'Sorry.. Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe('/dashboard/home');
    quiet.mockRestore();
  });

  it('recovers when the location changes', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <MemoryRouter>
        <ShellErrorBoundary resetKey="/a">
          <Broken />
        </ShellErrorBoundary>
      </MemoryRouter>,
    );
    rerender(
      <MemoryRouter>
        <ShellErrorBoundary resetKey="/b">
          <p>fine again</p>
        </ShellErrorBoundary>
      </MemoryRouter>,
    );
    expect(screen.getByText('fine again')).toBeTruthy();
    quiet.mockRestore();
  });
});

describe('SidebarMenu', () => {
  it("marks beta entries, highlights the current page and opens sub-menus", () => {
    inRouter(<SidebarMenu items={menuFor('admin', { ai_connectors: true })} collapsed={false} />, '/dashboard/syncs/job_1');
    expect(screen.getByText('(Beta)')).toBeTruthy();
    const syncs = screen.getByRole('link', { name: 'Syncs' });
    expect(syncs.className).toContain('Mui-selected');
    expect(screen.queryByRole('link', { name: 'User Management' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Administration' }));
    expect(screen.getByRole('link', { name: 'User Management' }).getAttribute('href')).toBe('/dashboard/user-management');
  });

  it('shows only icons with accessible names when collapsed', () => {
    inRouter(<SidebarMenu items={menuFor('billingcontact')} collapsed />);
    expect(screen.getByRole('link', { name: 'Subscription' }).getAttribute('href')).toBe('/dashboard/home');
    expect(screen.getByRole('link', { name: 'Logs' })).toBeTruthy();
    expect(screen.queryByText('Logs')).toBeNull();
  });
});

describe('UsageMeterSlot', () => {
  const meta = (patch: Record<string, unknown>) => ({ isTrial: true, isPaid: false, usage: 10, defaultTrialCredits: 100, currentAllowedCredits: 0, planDetails: null, ...patch }) as never;

  it('shows a placeholder only while there is no data', () => {
    const { container, rerender } = render(<UsageMeterSlot orgMetaData={undefined} collapsed={false} />);
    expect(screen.getByTestId('usage-meter-placeholder')).toBeTruthy();
    rerender(<UsageMeterSlot orgMetaData={meta({})} collapsed={false} />);
    expect(screen.queryByTestId('usage-meter-placeholder')).toBeNull();
    expect(screen.getByText('Sync Credits')).toBeTruthy();
    rerender(<UsageMeterSlot orgMetaData={meta({ isTrial: false, isPaid: false })} collapsed={false} />);
    expect(container.textContent).toBe('');
  });

  it('colours the bar orange, yellow at 75% and red at 100%', () => {
    expect(usageSummary(meta({ usage: 10 }))?.colour).toBe(USAGE_COLOURS.normal);
    expect(usageSummary(meta({ usage: 75 }))?.colour).toBe(USAGE_COLOURS.warning);
    expect(usageSummary(meta({ usage: 100 }))?.colour).toBe(USAGE_COLOURS.limit);
    expect(usageSummary(meta({ isTrial: false, isPaid: true, usage: 50, currentAllowedCredits: 200 }))?.percent).toBe(25);
  });
});
