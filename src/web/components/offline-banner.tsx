import { onlineManager } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * Whether the browser says it is connected, as the data client sees it (TanStack Query's
 * `onlineManager`, fed by the `online`/`offline` events): while `false`, new queries wait paused
 * and run by themselves when the connection returns.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}

/**
 * The "Sin conexión" strip under the header (issue 22): shown while the browser is offline; what is on
 * screen is what was loaded before, and new searches wait for the connection.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'sr-only' : 'bg-amber-100 text-amber-950'}>
      {online ? null : (
        <p className="mx-auto flex max-w-[1600px] items-center gap-2 px-3 py-2 text-sm sm:px-4">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          <span>
            <strong className="font-semibold">Sin conexión.</strong> Se muestra lo que ya estaba cargado; lo nuevo se cargará al volver la
            conexión.
          </span>
        </p>
      )}
    </div>
  );
}
