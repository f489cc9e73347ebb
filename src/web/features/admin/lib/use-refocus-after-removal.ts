import { type RefObject, useCallback, useEffect, useState } from 'react';

/** What can take the focus inside an item that is not itself a control. */
const CONTROLS = 'select, button, a[href], input, textarea';

/**
 * Keeps the keyboard's place in a list whose item goes away after an action ("Quitar", "Agregar"
 * that moves it elsewhere; docs/product.md §10.2): the removed control would otherwise drop the
 * focus to the page. Call the returned function with the item's id and place once the action
 * succeeded; as soon as `ids` no longer holds it, the control matching `selector` of the item now in
 * that place (the last one when the list got shorter) inside `container` takes the focus, or
 * `fallback()` when none is left. `selector` may name the items themselves (`tbody tr`): the first
 * control inside the item then takes the focus. While `paused` (a confirmation still open) it waits.
 * @param ids the ids the list shows now (undefined while loading).
 * @returns `left(id, index)`: the item `id`, at `index` of the list, is leaving it.
 */
export function useRefocusAfterRemoval(
  ids: readonly number[] | undefined,
  container: RefObject<HTMLElement | null>,
  selector: string,
  fallback?: () => HTMLElement | null | undefined,
  paused = false,
): (id: number, index: number) => void {
  const [gone, setGone] = useState<{ id: number; index: number } | null>(null);
  useEffect(() => {
    if (!gone || paused || !ids || ids.includes(gone.id)) return;
    setGone(null);
    const controls = container.current?.querySelectorAll<HTMLElement>(selector) ?? [];
    const item = controls[Math.min(gone.index, controls.length - 1)];
    const next = (item && (item.matches(CONTROLS) ? item : item.querySelector<HTMLElement>(CONTROLS))) ?? fallback?.();
    next?.focus();
  }, [ids, gone, container, selector, fallback, paused]);
  return useCallback((id: number, index: number) => setGone({ id, index }), []);
}
