import { FolderTree, Search, X } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { paths } from '../../../app/paths.ts';
import { cn } from '../../../lib/cn.ts';
import { useSuggestions } from '../api.ts';

/** Delay between the last keystroke and the search (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchBoxProps {
  /** The search currently applied (from the URL). */
  value: string;
  onSearch: (value: string, mode: 'push' | 'replace') => void;
  /** Shows a category picked among the suggestions (the search is cleared by the caller). */
  onOpenCategory?: (categoryId: number) => void;
}

/**
 * Marks the list's history entry when a part is picked from the suggestions with the keyboard:
 * back from the part's page (Volver) then finds the mark and puts the focus in the box again, for
 * the next code, instead of leaving it on <body>. Only for the keyboard: a tap on a phone would
 * otherwise pop its keyboard up on return.
 */
const RETURN_TO_SEARCH = 'volverABusqueda';

function markReturnToSearch() {
  const state: unknown = window.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  window.history.replaceState({ ...base, [RETURN_TO_SEARCH]: true }, '');
}

/** Whether the current history entry carries the mark, which it removes. */
function takeReturnToSearch(): boolean {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !(RETURN_TO_SEARCH in state)) return false;
  const { [RETURN_TO_SEARCH]: _, ...rest } = state as Record<string, unknown>;
  window.history.replaceState(rest, '');
  return true;
}

type Option =
  | { kind: 'part'; id: number; partNumber: string; description: string }
  | { kind: 'category'; id: number; name: string; path: string[] };

/** An option's identity across answers (`part-11`, `category-7`): the highlight follows it, not its place. */
function optionKey(option: Option): string {
  return `${option.kind}-${option.id}`;
}

/**
 * Header search: searches 300 ms after typing stops and at once on Enter. A typed search started
 * with none applied pushes a history entry, its later keystrokes replace it (Back returns to the
 * list without the search). Follows the applied value when it changes from outside (back/forward,
 * "Ver todos los productos").
 *
 * From the second character it also offers suggestions (issue 18): up to 8 parts (code and
 * description, no prices) and the matching categories, as an ARIA combobox (the 1.1 pattern: the
 * wrapper is the combobox, the input stays a searchbox): ↓/↑ move through them, Enter opens the
 * part's page or shows the category, Escape closes the list (or dismisses the one still loading). Back from a part opened with the
 * keyboard puts the focus in the box again, for the next code.
 */
export function SearchBox({ value, onSearch, onOpenCategory }: SearchBoxProps) {
  const id = useId();
  const listId = `${id}-sugerencias`;
  const [text, setText] = useState(value);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // The highlighted option, by identity, for the text it was highlighted in: a new answer for the
  // same text (a refetch, a list reordered) keeps it while it is still there; a new text starts over.
  const [selection, setSelection] = useState<{ q: string; key: string } | null>(null);
  const [, navigate] = useLocation();
  const applied = useRef(value);
  const input = useRef<HTMLInputElement>(null);
  // The latest callback, so a parent re-render does not restart the debounce timer.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  // The typed search waiting for its debounce, cancelled when a suggestion is picked.
  const pendingSearch = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const suggestions = useSuggestions(text);
  const options: Option[] = [
    ...suggestions.parts.map((part) => ({ kind: 'part' as const, ...part })),
    ...suggestions.categories.map((category) => ({ kind: 'category' as const, ...category })),
  ];
  const open = focused && !dismissed && options.length > 0;
  const q = text.trim();
  const active = selection && selection.q === q ? options.findIndex((option) => optionKey(option) === selection.key) : -1;
  const activeOption = open && active >= 0 ? options[active] : undefined;
  const setActive = (index: number) => {
    const option = options[index];
    setSelection(option ? { q, key: optionKey(option) } : null);
  };

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
      pendingSearch.current = undefined;
      // Enter may have applied it already; a second (replace) navigation could then land after the
      // user left the catalogue, while Suspense keeps this screen mounted but hidden.
      if (next === applied.current) return;
      // The first search typed where none was applied gets its own history entry, so Back returns
      // to the list before it; its later keystrokes (a refinement) replace that entry.
      const mode = applied.current === '' ? 'push' : 'replace';
      applied.current = next;
      onSearchRef.current(next, mode);
    }, SEARCH_DEBOUNCE_MS);
    pendingSearch.current = timer;
    return () => clearTimeout(timer);
  }, [text]);

  // Back from a part picked here with the keyboard: the focus returns to the box (when nothing has it).
  useEffect(() => {
    if (!takeReturnToSearch()) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    // The list stays closed over the results the user came back to; ↓ opens it again.
    setDismissed(true);
    input.current?.focus({ preventScroll: true });
  }, []);

  const choose = (option: Option, byKeyboard = false) => {
    setDismissed(true);
    // The pick replaces the typed search still waiting for its debounce: the part's page is a lazy
    // chunk, and while it loads React keeps this screen mounted but hidden, where that search would
    // fire and navigate back to the list with the text (`/?q=…`), losing the pick (the counter's
    // ↓ Enter typed within 300 ms of the last key).
    clearTimeout(pendingSearch.current);
    pendingSearch.current = undefined;
    if (option.kind === 'part') {
      if (byKeyboard) markReturnToSearch();
      navigate(paths.product(option.id));
    } else {
      setText('');
      applied.current = '';
      onOpenCategory?.(option.id);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return;
      }
      const last = options.length - 1;
      setActive(event.key === 'ArrowDown' ? (active >= last ? 0 : active + 1) : active <= 0 ? last : active - 1);
      return;
    }
    if (event.key === 'Escape' && (open || (!dismissed && text.trim() !== ''))) {
      // Closes the list only, shown or still on its way (the same keys must not clear the typed code
      // or keep it depending on the network); a second Escape clears the box as a search input does.
      event.preventDefault();
      setDismissed(true);
      setSelection(null);
      return;
    }
    if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption, true);
    }
  };

  return (
    <search className="block w-full">
      <form
        className="relative"
        onSubmit={(event) => {
          event.preventDefault();
          const next = text.trim();
          applied.current = next;
          setDismissed(true);
          onSearch(next, 'push');
        }}
      >
        <label htmlFor={id} id={`${id}-label`} className="sr-only">
          Buscar repuestos
        </label>
        {/* biome-ignore lint/a11y/useFocusableInteractive: ARIA 1.1 combobox: the focus is on the searchbox inside */}
        <div role="combobox" aria-expanded={open} aria-haspopup="listbox" aria-owns={listId} aria-labelledby={`${id}-label`}>
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <input
            ref={input}
            id={id}
            type="search"
            enterKeyHint="search"
            maxLength={200}
            autoComplete="off"
            value={text}
            aria-autocomplete="list"
            aria-controls={listId}
            aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              // Another text starts the highlight over, even if it comes back to this one.
              if (event.target.value.trim() !== q) setSelection(null);
              setDismissed(false);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            placeholder="Buscar por código, descripción o categoría..."
            // The whole placeholder fits a phone (docs/product.md §5.1): it is set smaller there (the
            // typed text stays 16 px, so iOS does not zoom in), and the room kept for "Limpiar
            // búsqueda" is only taken while there is text to clear.
            className={cn(
              'h-11 w-full rounded-md border border-transparent sm:h-10 bg-white pl-9 text-base text-slate-900 placeholder:text-slate-500 focus-visible:border-brand-500 sm:text-sm [&::-webkit-search-cancel-button]:hidden',
              'max-[379.98px]:placeholder:text-xs min-[380px]:max-sm:placeholder:text-sm',
              text ? 'pr-11 sm:pr-10' : 'pr-3',
            )}
          />
        </div>
        {text ? (
          <button
            type="button"
            aria-label="Limpiar búsqueda"
            onClick={() => {
              setText('');
              applied.current = '';
              onSearch('', 'push');
            }}
            className="absolute right-0 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded text-slate-500 hover:bg-slate-100 sm:right-1 sm:size-8"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label="Sugerencias"
          hidden={!open}
          className="absolute inset-x-0 top-full z-40 mt-1 max-h-[min(70dvh,28rem)] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm text-slate-900 shadow-lg"
        >
          {open
            ? options.map((option, index) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the input (aria-activedescendant)
                <div
                  key={`${option.kind}-${option.id}`}
                  id={`${listId}-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === active}
                  // Keeps the focus in the input, so the blur does not close the list before the click.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(index)}
                  className={`flex cursor-pointer items-baseline gap-2 px-3 py-2 ${index === active ? 'bg-brand-50' : ''}`}
                >
                  {option.kind === 'part' ? (
                    <>
                      <span className="shrink-0 font-mono font-semibold text-brand-800">{option.partNumber}</span>
                      <span className="min-w-0 truncate text-slate-700">{option.description}</span>
                    </>
                  ) : (
                    <>
                      <FolderTree aria-hidden="true" className="size-4 shrink-0 self-center text-slate-400" />
                      <span className="min-w-0 truncate">
                        <span className="sr-only">Categoría: </span>
                        {option.path.length > 1 ? <span className="text-slate-500">{option.path.slice(0, -1).join(' › ')} › </span> : null}
                        <span className="font-medium">{option.name}</span>
                      </span>
                    </>
                  )}
                </div>
              ))
            : null}
        </div>
      </form>
    </search>
  );
}
