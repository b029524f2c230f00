import { useEffect, useEffectEvent, useState } from 'react';
import { TextField } from './ui/text-field';

/** How long typing must pause before the search asks the server. */
export const SEARCH_DELAY_MS = 300;

interface SearchFieldProps {
  /** The search in force (the page keeps it in the URL). */
  q: string;
  onSearch: (q: string) => void;
  label: string;
  helperText: string;
  maxLength: number;
  className?: string;
}

/**
 * An admin list's search box: the server is asked once typing pauses, not at every key, and the
 * box follows the address bar when Back, Forward or a link change the search.
 */
export function SearchField({
  q,
  onSearch,
  label,
  helperText,
  maxLength,
  className,
}: SearchFieldProps) {
  const [text, setText] = useState(q);
  const [shown, setShown] = useState(q);
  if (q !== shown) {
    setShown(q);
    if (text.trim() !== q) setText(q);
  }
  // The page's other renders (an answer arriving) must not restart the wait.
  const searchFor = useEffectEvent(onSearch);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return undefined;
    // A link followed before the wait is over leaves the page: it stays on screen (and this
    // timer with it) while the next, lazily loaded page arrives, and its search must not take
    // the address back from that page.
    const typedOn = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname === typedOn) searchFor(wanted);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, q]);
  return (
    <TextField
      type="search"
      label={label}
      name="q"
      value={text}
      maxLength={maxLength}
      onChange={(event) => setText(event.target.value)}
      helperText={helperText}
      className={className}
    />
  );
}
