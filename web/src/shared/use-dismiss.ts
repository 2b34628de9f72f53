import { useLayoutEffect, type RefObject } from 'react';

/**
 * Closes an open popup (a menu) on Escape or on a press outside `ref`. The listeners are added in
 * the same commit that opens it (a layout effect): a plain effect may wait for the next frame, and
 * an Escape pressed before then was lost.
 */
export function useDismiss(ref: RefObject<HTMLElement | null>, open: boolean, close: () => void): void {
  useLayoutEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && close();
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close]);
}
