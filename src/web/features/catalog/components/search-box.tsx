import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** Delay between the last keystroke and the search (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The search currently applied (from the URL). */
  value: string;
  onSearch: (value: string, mode: 'push' | 'replace') => void;
}

/**
 * Header search: searches 300 ms after typing stops and at once on Enter. Follows the applied
 * value when it changes from outside (back/forward, "Ver todos los productos").
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const applied = useRef(value);
  // The latest callback, so a parent re-render does not restart the debounce timer.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    const next = text.trim();
    if (next === applied.current) return;
    const timer = setTimeout(() => {
      // Enter may have applied it already; a second (replace) navigation could then land after the
      // user left the catalogue, while Suspense keeps this screen mounted but hidden.
      if (next === applied.current) return;
      applied.current = next;
      onSearchRef.current(next, 'replace');
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <search className="block w-full">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          const next = text.trim();
          applied.current = next;
          onSearch(next, 'push');
        }}
      >
        <label htmlFor={id} className="sr-only">
          Buscar repuestos
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder="Buscar por código, descripción o categoría..."
          className="h-10 w-full rounded-md border border-transparent bg-white pl-9 pr-10 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
        {text ? (
          <button
            type="button"
            aria-label="Limpiar búsqueda"
            onClick={() => {
              setText('');
              applied.current = '';
              onSearch('', 'push');
            }}
            className="absolute right-1 top-1/2 flex size-8 -translate-y-1/2 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
      </form>
    </search>
  );
}
