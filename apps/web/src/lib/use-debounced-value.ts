import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (compared by `key`, a string such as its JSON):
 * a form typed into asks the server once per pause, not once per keystroke.
 */
export function useDebouncedValue<T>(value: T, key: string, ms: number): T {
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });
  useEffect(() => {
    if (settled.key === key) return;
    const timer = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(timer);
    // `value` is named by `key`: a new object with the same key is the same value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms, settled.key]);
  return settled.value;
}
