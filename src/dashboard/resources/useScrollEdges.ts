import { useCallback, useLayoutEffect, useRef, useState } from 'react';

/** Whether a box that scrolls sideways holds more than it shows past its left and its right edge. */
export interface ScrollEdges {
  left: boolean;
  right: boolean;
}

const NONE: ScrollEdges = { left: false, right: false };

// A pixel of slack: zoomed pages report fractional widths rounded either way.
function edgesOf(box: HTMLElement): ScrollEdges {
  return { left: box.scrollLeft > 1, right: box.scrollLeft + box.clientWidth < box.scrollWidth - 1 };
}

/**
 * Follows the edges of a sideways-scrolling box as it scrolls, as it is resized and after every
 * render of the component (new rows or columns change its content's width). Overlay scrollbars
 * (macOS, phones) show nothing until the box is scrolled, so a wide table's last columns would
 * sit out of sight with no sign that they exist; the caller marks the edges instead.
 */
export function useScrollEdges(): [ref: (box: HTMLElement | null) => (() => void) | undefined, edges: ScrollEdges] {
  const [edges, setEdges] = useState(NONE);
  const boxRef = useRef<HTMLElement | null>(null);
  const measure = useCallback(() => {
    const box = boxRef.current;
    if (!box) return;
    const next = edgesOf(box);
    setEdges((previous) => (previous.left === next.left && previous.right === next.right ? previous : next));
  }, []);
  const ref = useCallback((box: HTMLElement | null) => {
    boxRef.current = box;
    if (!box) return undefined;
    box.addEventListener('scroll', measure, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    resized?.observe(box);
    return () => {
      box.removeEventListener('scroll', measure);
      resized?.disconnect();
      boxRef.current = null;
    };
  }, [measure]);
  useLayoutEffect(measure);
  return [ref, edges];
}
