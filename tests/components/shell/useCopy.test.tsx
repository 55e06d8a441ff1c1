import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, testDataProvider } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MESSAGE, useCopy } from '../../../src/dashboard/components/useCopy.ts';
import { COPY_FEEDBACK_MS } from '../../../src/shared/constants.ts';

// 'Copied' for 1 s after a copy (spec part 1 §8, §9), on a fake clock: the e2e suite checks that
// the text appears and goes away in a real browser; the exact second is checked here.

function CopyButton() {
  const { copied, copy } = useCopy();
  return <button onClick={() => void copy('link', 'https://example.test/magic')}>{copied === 'link' ? COPIED_MESSAGE : 'Copy'}</button>;
}

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => undefined) }, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useCopy', () => {
  it("reads 'Copied' for exactly COPY_FEEDBACK_MS (1 s), then 'Copy' again", async () => {
    expect(COPY_FEEDBACK_MS).toBe(1000);
    render(<AdminContext dataProvider={testDataProvider()}><CopyButton /></AdminContext>);
    await act(async () => {
      fireEvent.click(screen.getByRole('button'));
    });
    expect(navigator.clipboard.writeText).toHaveBeenCalledWith('https://example.test/magic');
    expect(screen.getByRole('button').textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(COPY_FEEDBACK_MS - 1));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });

  it('a second copy within the second starts the second again', async () => {
    render(<AdminContext dataProvider={testDataProvider()}><CopyButton /></AdminContext>);
    await act(async () => fireEvent.click(screen.getByRole('button')));
    await act(async () => vi.advanceTimersByTime(600));
    await act(async () => fireEvent.click(screen.getByRole('button')));
    await act(async () => vi.advanceTimersByTime(600));
    expect(screen.getByRole('button').textContent).toBe('Copied');
    await act(async () => vi.advanceTimersByTime(400));
    expect(screen.getByRole('button').textContent).toBe('Copy');
  });
});
