import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Suggestions } from '../../../../shared/api.ts';
import { advanceClock, errorResponse, installFakeClock, json, mockApi, renderWithApp } from '../../../test/render.tsx';
import { SUGGEST_DEBOUNCE_MS, suggestQueries } from '../api.ts';
import { SEARCH_DEBOUNCE_MS, SearchBox } from './search-box.tsx';

const suggestions: Suggestions = {
  parts: [
    { id: 11, partNumber: 'RAD-100', description: 'Radiador de agua OM 366' },
    { id: 12, partNumber: 'RAD-200', description: 'Radiador de aceite' },
  ],
  categories: [{ id: 7, name: 'Radiadores', path: ['Repuestos', 'Refrigeración', 'Radiadores'] }],
};

function suggestCalls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/search/suggest')
    .map((url) => url.searchParams.get('q') ?? '');
}

function setup(routes: Record<string, unknown> = { 'GET /api/search/suggest': suggestions }) {
  const user = installFakeClock();
  const fetchMock = mockApi(routes);
  const onSearch = vi.fn();
  const onOpenCategory = vi.fn();
  const view = renderWithApp(<SearchBox value="" onSearch={onSearch} onOpenCategory={onOpenCategory} />);
  const box = screen.getByRole('searchbox', { name: 'Buscar repuestos' });
  const combobox = screen.getByRole('combobox', { name: 'Buscar repuestos' });
  return { ...view, user, fetchMock, onSearch, onOpenCategory, box, combobox };
}

describe('SearchBox suggestions (issue 18)', () => {
  it('asks from the second character, 150 ms after typing stops, and lists parts and categories without prices', async () => {
    const { user, fetchMock, box, combobox } = setup();
    await user.type(box, 'r');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    expect(suggestCalls(fetchMock)).toEqual([]);
    await user.type(box, 'a');
    await advanceClock(SUGGEST_DEBOUNCE_MS - 50);
    expect(suggestCalls(fetchMock)).toEqual([]);
    await advanceClock(50);
    const list = await screen.findByRole('listbox', { name: 'Sugerencias' });
    expect(suggestCalls(fetchMock)).toEqual(['ra']);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'RAD-100Radiador de agua OM 366',
      'RAD-200Radiador de aceite',
      'Categoría: Repuestos › Refrigeración › Radiadores',
    ]);
    expect(list).not.toHaveTextContent('$');
  });

  it('moves with the arrow keys and opens the part on Enter', async () => {
    const { user, box, combobox, location, onSearch } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    const list = await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getByRole('option', { name: /RAD-200/ });
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', second.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(within(list).getByRole('option', { name: /Radiadores/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/product/11'));
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    // Enter on a suggestion opens it instead of searching.
    expect(onSearch).not.toHaveBeenCalledWith('radi', 'push');
  });

  it('shows a category picked with the keyboard and clears the box', async () => {
    const { user, box, onOpenCategory } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onOpenCategory).toHaveBeenCalledWith(7);
    expect(box).toHaveValue('');
  });

  it('opens a part clicked in the list', async () => {
    const { user, box, location } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await user.click(await screen.findByRole('option', { name: /RAD-200/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/product/12'));
  });

  it('closes on Escape and keeps the text; Enter then searches', async () => {
    const { user, box, combobox, onSearch } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('radi');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('radi', 'push');
  });

  it('shows no suggestions when the request fails, and the box still searches', async () => {
    const { user, box, combobox, fetchMock, onSearch } = setup({
      'GET /api/search/suggest': () => errorResponse(500, 'INTERNAL', 'boom'),
    });
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await waitFor(() => expect(suggestCalls(fetchMock)).toEqual(['radi']));
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('radi', 'push');
  });

  it('never shows or opens the suggestions of an earlier text while the new one loads', async () => {
    const bomba: Suggestions = { parts: [{ id: 31, partNumber: '000007006100', description: 'BOMBA AGUA OM 352' }], categories: [] };
    const embrague: Suggestions = { parts: [{ id: 41, partNumber: 'EMB-1', description: 'EMBRAGUE COMPLETO' }], categories: [] };
    // A slow network: the answer for «embrague» arrives only when the test lets it.
    let answerEmbrague: (() => void) | undefined;
    const { user, box, combobox, location, onSearch } = setup({
      'GET /api/search/suggest': (url: URL) =>
        url.searchParams.get('q') === 'bomba'
          ? json(bomba)
          : new Promise<Response>((resolve) => {
              answerEmbrague = () => resolve(json(embrague));
            }),
    });
    await user.type(box, 'bomba');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    expect(await screen.findByRole('option', { name: /BOMBA AGUA/ })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'embrague');
    // Before the debounce and while the request is on its way, nothing is offered.
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await waitFor(() => expect(answerEmbrague).toBeDefined());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).not.toHaveAttribute('aria-activedescendant');

    // The answer for what is typed shows once it arrives, and ↓ Enter opens its part.
    answerEmbrague?.();
    expect(await screen.findByRole('option', { name: /EMBRAGUE COMPLETO/ })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/product/41'));
    expect(location.history).not.toContain('/product/31');
    expect(onSearch).not.toHaveBeenCalledWith('bomba', 'push');
    expect(screen.queryByRole('option', { name: /BOMBA/ })).not.toBeInTheDocument();
  });

  it('takes the focus back when the list returns from a part picked with the keyboard (Volver)', async () => {
    const { user, box, unmount } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    // The product page replaces the list; back from it mounts the list again with the focus lost.
    unmount();
    expect(document.body).toHaveFocus();
    renderWithApp(<SearchBox value="radi" onSearch={vi.fn()} />);
    const again = screen.getByRole('searchbox', { name: 'Buscar repuestos' });
    expect(again).toHaveFocus();
    // The suggestions stay closed over the results until ↓ asks for them.
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await waitFor(() => expect(screen.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false'));
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: /RAD-100/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('leaves the focus alone when the list mounts otherwise, or after a part clicked in the list', async () => {
    const { user, box, unmount } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await user.click(await screen.findByRole('option', { name: /RAD-200/ }));
    unmount();
    renderWithApp(<SearchBox value="radi" onSearch={vi.fn()} />);
    expect(screen.getByRole('searchbox', { name: 'Buscar repuestos' })).not.toHaveFocus();
  });

  it('keeps the typed code on an Escape pressed before the suggestions arrive, and shows none after it', async () => {
    let answer: (() => void) | undefined;
    const { user, box, combobox } = setup({
      'GET /api/search/suggest': () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(json(suggestions));
        }),
    });
    await user.type(box, 'radi');
    // Escape before the list shows: the browser's own "clear the search box" must not run.
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(false);
    expect(box).toHaveValue('radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await waitFor(() => expect(answer).toBeDefined());
    answer?.();
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    // A second Escape is the search box's own: it may clear the text.
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(true);
    // ↓ still asks for the list.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('option', { name: /RAD-100/ })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('SearchBox: ↓ Enter in the moment the typed search applies (the counter race)', () => {
  /**
   * The clock moves only when the test moves it (no real time under it), so a key can be pressed at an
   * exact moment before, at or after the typed search applies ({@link SEARCH_DEBOUNCE_MS} after the last key).
   */
  async function typedAt(text: string) {
    const view = setup();
    // user-event waits on a real timer between its steps: here keys are plain events, at once.
    vi.useFakeTimers({ shouldAdvanceTime: false });
    // The answer is at hand (as a fast network gives it), so the list shows at its debounce.
    view.client.setQueryData(suggestQueries.forText(text).queryKey, suggestions);
    fireEvent.focus(view.box);
    fireEvent.change(view.box, { target: { value: text } });
    const typed = Date.now();
    // The suggestions are asked for and shown.
    await advanceClock(SUGGEST_DEBOUNCE_MS + 1);
    expect(screen.getByRole('option', { name: /RAD-100/ })).toBeInTheDocument();
    /** Moves the clock to `ms` after the last key. */
    const at = async (ms: number) => advanceClock(typed + ms - Date.now());
    const press = (...keys: string[]) => {
      for (const key of keys) fireEvent.keyDown(view.box, { key });
    };
    return { ...view, at, press };
  }

  // The part page is a lazy chunk: while it loads, React keeps the catalogue mounted but hidden, and
  // the typed search still pending then navigated back to the list with the text (`/?q=…`), losing the pick.
  it.each([
    ['well before', SEARCH_DEBOUNCE_MS - 100],
    ['just before', SEARCH_DEBOUNCE_MS - 1],
  ])('opens the part picked %s the search applies, and the search never runs after it', async (_, ms) => {
    const { location, onSearch, at, press } = await typedAt('radi');
    await at(ms);
    expect(onSearch).not.toHaveBeenCalled();
    press('ArrowDown', 'Enter');
    expect(location.history.at(-1)).toBe('/product/11');
    // The debounce's moment passes while the part's page loads: no search is sent behind the pick.
    await at(SEARCH_DEBOUNCE_MS * 2);
    expect(onSearch).not.toHaveBeenCalled();
    expect(location.history.at(-1)).toBe('/product/11');
  });

  it.each([
    ['just before', -1],
    ['at', 0],
    ['just after', 1],
  ])('keeps the option picked with ↓ %s the moment the search applies, and Enter opens it', async (_, offset) => {
    const { box, location, onSearch, at, press } = await typedAt('radi');
    await at(SEARCH_DEBOUNCE_MS + offset);
    press('ArrowDown');
    await at(SEARCH_DEBOUNCE_MS + 1);
    // The search applied (the list behind shows it) and the option is still the one picked.
    expect(onSearch).toHaveBeenCalledWith('radi', 'push');
    const first = screen.getByRole('option', { name: /RAD-100/ });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    press('Enter');
    expect(location.history.at(-1)).toBe('/product/11');
  });

  it('keeps the highlighted part, by its identity, when the suggestions for the same text come again reordered', async () => {
    let answer = suggestions;
    const { user, box, client, location, onSearch } = setup({ 'GET /api/search/suggest': () => json(answer) });
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('option', { name: /RAD-200/ })).toHaveAttribute('aria-selected', 'true');
    // The same text's suggestions are asked again (a refetch) and come back as a new list, with a
    // part ahead of the highlighted one.
    answer = {
      ...suggestions,
      parts: [{ id: 10, partNumber: 'RAD-050', description: 'Radiador chico' }, ...suggestions.parts],
    };
    await act(() => client.refetchQueries({ queryKey: ['search', 'suggest'] }));
    expect(await screen.findByRole('option', { name: /RAD-050/ })).toHaveAttribute('aria-selected', 'false');
    const picked = screen.getByRole('option', { name: /RAD-200/ });
    expect(picked).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', picked.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location.history.at(-1)).toBe('/product/12'));
    expect(onSearch).not.toHaveBeenCalledWith('radi', 'push');
  });

  it('drops the highlight when the highlighted part is gone from the new suggestions, and Enter searches', async () => {
    let answer = suggestions;
    const { user, box, client, onSearch } = setup({ 'GET /api/search/suggest': () => json(answer) });
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    answer = { ...suggestions, parts: suggestions.parts.slice(0, 1) };
    await act(() => client.refetchQueries({ queryKey: ['search', 'suggest'] }));
    await waitFor(() => expect(screen.queryByRole('option', { name: /RAD-200/ })).not.toBeInTheDocument());
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([]);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledWith('radi', 'push');
  });

  it('starts the highlight over when the text changes, even back to the same text', async () => {
    const { user, box } = setup();
    await user.type(box, 'radi');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await user.type(box, 'x{Backspace}');
    await advanceClock(SUGGEST_DEBOUNCE_MS);
    await screen.findByRole('listbox');
    expect(screen.getAllByRole('option').filter((o) => o.getAttribute('aria-selected') === 'true')).toEqual([]);
  });
});
