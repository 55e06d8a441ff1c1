import { useEffect, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS } from '../../shared/constants.ts';
import { useToast } from '../providers/index.ts';

// Copy to the clipboard with the spec's feedback (part 1 §8, §9): 'Copied' for 1 s.

/** Spec part 1 §8: the success message of a copy. */
export const COPIED_MESSAGE = 'Copied';

const CLIPBOARD_WAIT_MS = 800;

/** A copy through a hidden text area: for pages without the async clipboard (plain http on a host name). */
function copyWithSelection(text: string): void {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy is not available in this browser');
  } finally {
    area.remove();
  }
}

/** Puts a text on the clipboard: the async clipboard where the page may use it, else a selection copy. */
export async function copyText(text: string): Promise<void> {
  // navigator.clipboard is undefined outside secure contexts, whatever the DOM types say.
  if ((navigator.clipboard as Clipboard | undefined) !== undefined) {
    try {
      // A browser may leave the promise pending (a page without focus): give it a moment, no more.
      const late = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Clipboard did not answer')), CLIPBOARD_WAIT_MS));
      await Promise.race([navigator.clipboard.writeText(text), late]);
      return;
    } catch {
      // Refused (no permission, document not focused) or no answer: the selection copy may still work.
    }
  }
  copyWithSelection(text);
}

/**
 * Copies a text; `copied` names what was copied last for COPY_FEEDBACK_MS (1 s), so its button can
 * read 'Copied'. A copy that fails toasts why.
 */
export function useCopy(feedbackMs = COPY_FEEDBACK_MS) {
  const [copied, setCopied] = useState<string | undefined>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const toast = useToast();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async (key: string, text: string) => {
    try {
      await copyText(text);
      clearTimeout(timer.current);
      setCopied(key);
      timer.current = setTimeout(() => setCopied(undefined), feedbackMs);
    } catch (error) {
      toast.error(error);
    }
  };
  return { copied, copy };
}
