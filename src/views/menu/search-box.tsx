import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

// Typing pauses this long before the list is read again, so each key press is not a request.
const SEARCH_PAUSE_MS = 300;

/** A search field that tells its owner once the typing settles. */
export function SearchBox({ label, value, onSearch }: { label: string; value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => onSearch(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return <TextInput type="search" label={label} placeholder="Search" value={text} onChange={(event) => setText(event.currentTarget.value)} />;
}
