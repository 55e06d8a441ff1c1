import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ComponentType } from 'react';
import { AdminContext, testDataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { ReplayDialogProps } from '../../../src/dashboard/resources/logs/ReplayDialog.tsx';
import type { ReplayTarget } from '../../../src/dashboard/resources/logs/replayCalls.ts';
import { ORIGIN, Toasts, useEngineServer } from '../support/machinePathServer.tsx';

// The confirmation of a webhook replay against the engine's HTTP answers (MSW over the generated
// handlers): it counts with a dry run and names the count, replays on confirmation (by keyboard
// too) and toasts what was replayed, shows a refusal in place, keeps a range within 30 days before
// asking, and its action is not offered to billing contacts.

let ReplayDialog: ComponentType<ReplayDialogProps>;
let ReplayAction: typeof import('../../../src/dashboard/resources/logs/ReplayAction.tsx').ReplayAction;
const user = userEvent.setup({ delay: null });
const { server } = useEngineServer(async () => {
  ({ ReplayDialog } = await import('../../../src/dashboard/resources/logs/ReplayDialog.tsx'));
  ({ ReplayAction } = await import('../../../src/dashboard/resources/logs/ReplayAction.tsx'));
});

type Operation = 'Record' | 'Run' | 'Deliveries';
/** The engine's replay operation answering `answer` for each request body; the bodies it got. */
function engineReplays(operation: Operation, answer: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server().use(
    http.post(`${ORIGIN}/api/app.replayWebhook${operation}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }),
  );
  return bodies;
}
const ok = (msg: Record<string, unknown>) => HttpResponse.json({ success: true, msg });
const refused = (status: number, msg: string, field?: string) =>
  HttpResponse.json({ success: false, error: { msg, code: status === 409 ? 'CONFLICT' : 'VALIDATION', ...(field ? { field } : {}) } }, { status });

function renderDialog(target: ReplayTarget, title = 'Replay failed deliveries') {
  const onClose = vi.fn();
  const onReplayed = vi.fn();
  render(
    <AdminContext dataProvider={testDataProvider()}>
      <ReplayDialog open title={title} target={target} onClose={onClose} onReplayed={onReplayed} />
      <Toasts />
    </AdminContext>,
  );
  return { onClose, onReplayed };
}
const dialog = () => screen.getByRole('dialog', { name: /Replay/ });
const replayButton = () => within(dialog()).getByRole('button', { name: 'Replay' });
const toasts = () => within(screen.getByRole('list', { name: 'Toasts', hidden: true }));

describe('the replay confirmation', () => {
  it("names the dry run's count, replays on confirmation and toasts the result", async () => {
    const bodies = engineReplays('Run', (body) => ok(body.dryRun ? { dryRun: true, count: 12, notDispatched: 3 } : { dryRun: false, count: 12, notDispatched: 3 }));
    const { onClose, onReplayed } = renderDialog({ kind: 'run', syncRunId: 'run_1', syncIterationId: 'itr_2' });
    expect(await within(dialog()).findByText('Replay 12 failed deliveries?')).toBeTruthy();
    expect(within(dialog()).getByText(/3 of them were not dispatched/)).toBeTruthy();
    expect(bodies).toEqual([{ syncRunId: 'run_1', syncIterationId: 'itr_2', dryRun: true }]);

    await user.click(replayButton());
    await waitFor(() => expect(onReplayed).toHaveBeenCalledWith({ dryRun: false, count: 12, notDispatched: 3 }));
    expect(bodies.at(-1)).toEqual({ syncRunId: 'run_1', syncIterationId: 'itr_2', dryRun: false });
    expect(onClose).toHaveBeenCalled();
    expect(toasts().getByText('12 deliveries replayed: they are sent again with the original webhook-id')).toBeTruthy();
  });

  it('replays from the keyboard alone', async () => {
    const bodies = engineReplays('Record', (body) => ok({ dryRun: body.dryRun, count: 1, notDispatched: 0 }));
    const { onReplayed } = renderDialog({ kind: 'record', syncRunId: 'run_1', recordId: 'rec_9' }, 'Replay this delivery');
    expect(await within(dialog()).findByText('Replay 1 delivery?')).toBeTruthy();
    await waitFor(() => expect(replayButton().hasAttribute('disabled')).toBe(false));
    for (let i = 0; i < 5 && document.activeElement !== replayButton(); i += 1) await user.tab();
    expect(document.activeElement).toBe(replayButton());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onReplayed).toHaveBeenCalled());
    expect(bodies.map((b) => b.dryRun)).toEqual([true, false]);
    expect(toasts().getByText('1 delivery replayed: it is sent again with the original webhook-id')).toBeTruthy();
  });

  it('toasts a replay the engine refused and stays open', async () => {
    engineReplays('Record', (body) => (body.dryRun ? ok({ dryRun: true, count: 1, notDispatched: 0 }) : refused(409, 'This delivery is pending: it is being sent or waits for its next try')));
    const { onClose, onReplayed } = renderDialog({ kind: 'record', syncRunId: 'run_1', recordId: 'rec_9' }, 'Replay this delivery');
    expect(await within(dialog()).findByText('Replay 1 delivery?')).toBeTruthy();
    await user.click(replayButton());
    expect(await toasts().findByText('This delivery is pending: it is being sent or waits for its next try')).toBeTruthy();
    expect(onReplayed).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(replayButton().hasAttribute('disabled')).toBe(false));
  });

  it("shows the engine's refusal of a run too full to replay at once", async () => {
    engineReplays('Run', () => refused(400, 'More than 10,000 failed deliveries: replay at most 10,000 at once (one iteration at a time)', 'syncRunId'));
    renderDialog({ kind: 'run', syncRunId: 'run_1' });
    expect((await within(dialog()).findByRole('alert')).textContent).toContain('More than 10,000 failed deliveries: replay at most 10,000 at once');
    expect(replayButton().hasAttribute('disabled')).toBe(true);
  });

  it('offers nothing to confirm when nothing is replayable', async () => {
    engineReplays('Run', () => ok({ dryRun: true, count: 0, notDispatched: 0 }));
    renderDialog({ kind: 'run', syncRunId: 'run_1' });
    expect(await within(dialog()).findByText('There are no failed deliveries to replay.')).toBeTruthy();
    expect(replayButton().hasAttribute('disabled')).toBe(true);
  });

  it('shows why one delivery cannot be replayed, and keeps Replay off', async () => {
    engineReplays('Record', () => refused(409, 'This delivery is pending: it is being sent or waits for its next try'));
    renderDialog({ kind: 'record', syncRunId: 'run_1', recordId: 'rec_9' }, 'Replay this delivery');
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('This delivery is pending: it is being sent or waits for its next try');
    expect(replayButton().hasAttribute('disabled')).toBe(true);
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('asks again after a failed count, and then offers the replay', async () => {
    let calls = 0;
    engineReplays('Run', () => (++calls === 1 ? HttpResponse.json({ success: false, error: { msg: 'Something went wrong, please try again', code: 'INTERNAL' } }, { status: 500 }) : ok({ dryRun: true, count: 3, notDispatched: 0 })));
    renderDialog({ kind: 'run', syncRunId: 'run_1' });
    const alert = await within(dialog()).findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong, please try again');
    expect(replayButton().hasAttribute('disabled')).toBe(true);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog()).findByText('Replay 3 failed deliveries?')).toBeTruthy();
    expect(replayButton().hasAttribute('disabled')).toBe(false);
  });

  it('counts a time range again as it changes, keeps it within 30 days, and shows the engine refusal at its field', async () => {
    const end = Date.UTC(2026, 10, 20, 12, 0);
    const start = end - 7 * 86_400_000;
    const bodies = engineReplays('Deliveries', (body) =>
      Number(body.end) - Number(body.start) > 10 * 86_400_000
        ? refused(400, 'More than 10,000 failed deliveries in this time range: narrow it to replay at most 10,000 at once', 'start')
        : ok({ dryRun: true, count: 4, notDispatched: 4 }),
    );
    renderDialog({ kind: 'range', start, end, category: 'HRIS' });
    expect(await within(dialog()).findByText('Replay 4 failed deliveries?')).toBeTruthy();
    expect(within(dialog()).getByText(/None of them were dispatched/)).toBeTruthy();
    expect(bodies).toEqual([{ start, end, category: 'HRIS', dryRun: true }]);

    const from = within(dialog()).getByLabelText('From');
    const local = (ms: number) => {
      const d = new Date(ms);
      const p = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
    };
    // 31 days: refused before anything is asked.
    fireEvent.change(from, { target: { value: local(end - 31 * 86_400_000) } });
    expect(await within(dialog()).findByText('The range must not span more than 30 days')).toBeTruthy();
    expect(replayButton().hasAttribute('disabled')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(bodies).toHaveLength(1);

    // 20 days: asked again (once typing pauses), and the engine's refusal shows under From.
    fireEvent.change(from, { target: { value: local(end - 20 * 86_400_000) } });
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ start: end - 20 * 86_400_000, end, category: 'HRIS', dryRun: true });
    expect(await within(dialog()).findByText(/More than 10,000 failed deliveries in this time range/)).toBeTruthy();
    expect(replayButton().hasAttribute('disabled')).toBe(true);
  });
});

describe('the replay action', () => {
  const renderAction = (role: 'admin' | 'member' | 'billingcontact') =>
    render(
      <AdminContext dataProvider={testDataProvider()}>
        <ReplayAction label="Replay failed deliveries" title="Replay failed deliveries" target={() => ({ kind: 'run', syncRunId: 'run_1' })} role={role} />
      </AdminContext>,
    );

  it('is not offered to billing contacts (the contract lets only admins and members replay)', () => {
    renderAction('billingcontact');
    expect(screen.queryByRole('button', { name: 'Replay failed deliveries' })).toBeNull();
  });

  it('opens the confirmation with the count for a member', async () => {
    engineReplays('Run', () => ok({ dryRun: true, count: 2, notDispatched: 0 }));
    renderAction('member');
    await user.click(screen.getByRole('button', { name: 'Replay failed deliveries' }));
    expect(await screen.findByText('Replay 2 failed deliveries?', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});
