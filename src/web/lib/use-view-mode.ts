import { useCallback, useState } from 'react';
import type { ViewMode } from '../components/ui/view-toggle.tsx';

const KEY = 'repuestos.view';

function read(): ViewMode {
  try {
    return window.localStorage.getItem(KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list view, remembered across pages and visits. */
export function useViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(read);
  const update = useCallback((next: ViewMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return [mode, update];
}
