/** A list's search form: a search box and its button, with room for more controls (sort, filter) beside them. */
import { useId, useState, type FormEvent, type ReactNode } from 'react';

/**
 * Sends the trimmed words to `onSearch`. `prompt` is the box's label and, with an ellipsis, its placeholder. The
 * text starts as `value`: give the form `key={value}` so it follows a change of the address.
 */
export function SearchForm({ label, prompt, value, onSearch, children }: { label: string; prompt: string; value: string; onSearch(words: string): void; children?: ReactNode }) {
  const [text, setText] = useState(value);
  const id = useId();
  const submit = (e: FormEvent) => { e.preventDefault(); onSearch(text.trim()); };
  return (
    <form className="repo-controls" role="search" aria-label={label} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">{prompt}</label>
      <input id={id} type="search" placeholder={`${prompt}…`} value={text} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="btn">Search</button>
      {children}
    </form>
  );
}
