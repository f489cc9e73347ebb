import { useCallback, useEffect, useRef, useState } from 'react';
import { BYTES_PER_MB } from '../../lib/format.ts';
import { downloadFile } from './download.ts';

/** Received bytes are shown in steps of a tenth of a megabyte, so a fast stream does not re-render per chunk. */
const PROGRESS_STEP_BYTES = BYTES_PER_MB / 10;

export interface DownloadState {
  busy: boolean;
  /** Bytes received of the current download (0 until the file starts streaming). */
  bytes: number;
}

export interface DownloadHandlers {
  onSuccess: (filename: string) => void;
  onError: (error: unknown) => void;
  /** The download was aborted because its screen left (no success or error then): e.g. drop its notice. */
  onAbort?: () => void;
}

/**
 * One download at a time: `start` is ignored while one runs, and leaving the screen aborts it
 * (no success or error toast then; `onAbort` is called at once).
 */
export function useDownload(): DownloadState & { start: (url: string, fallbackName: string, handlers: DownloadHandlers) => Promise<void> } {
  const [state, setState] = useState<DownloadState>({ busy: false, bytes: 0 });
  const running = useRef<AbortController | null>(null);
  const runningHandlers = useRef<DownloadHandlers | null>(null);

  useEffect(
    () => () => {
      if (!running.current) return;
      running.current.abort();
      running.current = null;
      runningHandlers.current?.onAbort?.();
    },
    [],
  );

  const start = useCallback(async (url: string, fallbackName: string, handlers: DownloadHandlers) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    runningHandlers.current = handlers;
    setState({ busy: true, bytes: 0 });
    let shown = 0;
    try {
      const filename = await downloadFile(url, fallbackName, {
        signal: controller.signal,
        onProgress: (bytes) => {
          const step = Math.floor(bytes / PROGRESS_STEP_BYTES) * PROGRESS_STEP_BYTES;
          if (step !== shown) {
            shown = step;
            if (!controller.signal.aborted) setState({ busy: true, bytes: step });
          }
        },
      });
      if (!controller.signal.aborted) handlers.onSuccess(filename);
    } catch (error) {
      if (!controller.signal.aborted) handlers.onError(error);
    } finally {
      if (running.current === controller) {
        running.current = null;
        setState({ busy: false, bytes: 0 });
      }
    }
  }, []);

  return { ...state, start };
}
