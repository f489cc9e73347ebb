/**
 * React's own `useSyncExternalStore`, served in place of the `use-sync-external-store/shim` package
 * that wouter imports for React 17 and older (vite.config.ts `resolve.alias`): React 19 has the hook,
 * and the shim's fallback would ride in the first screen's scripts for nothing.
 */
export { useSyncExternalStore } from 'react';
