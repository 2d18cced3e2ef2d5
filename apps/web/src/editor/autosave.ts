import { useCallback, useEffect, useRef, useState } from 'react';

/** Where saving stands. */
export type SaveState = 'saved' | 'pending' | 'saving' | { error: string };

/**
 * Saves what `save` is handed, `delayMs` after the last change, one save at a time: changes made
 * while a save runs are saved next, together, so a burst of typing is one request.
 */
export function useAutosave<Value>(
  save: (value: Value) => Promise<void>,
  delayMs = 600,
): { change: (value: Value) => void; state: SaveState; flush: () => Promise<void> } {
  const [state, setState] = useState<SaveState>('saved');
  const latest = useRef<{ value: Value } | undefined>(undefined);
  const running = useRef<Promise<void> | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef(save);
  saveRef.current = save;

  const run = useCallback(async (): Promise<void> => {
    if (running.current !== undefined) await running.current;
    const next = latest.current;
    if (next === undefined) return;
    latest.current = undefined;
    setState('saving');
    running.current = saveRef
      .current(next.value)
      .then(() => setState(latest.current === undefined ? 'saved' : 'pending'))
      .catch((error: unknown) => {
        setState({ error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        running.current = undefined;
      });
    await running.current;
  }, []);

  const change = useCallback(
    (value: Value) => {
      latest.current = { value };
      setState('pending');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void run(), delayMs);
    },
    [run, delayMs],
  );

  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    await run();
  }, [run]);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { change, state, flush };
}
