/**
 * `[webhook] ALLOWED_HOST_LIST` as explicit choices: Internet hosts (Gitea's default), this computer, the local
 * network, anything; plus host names, globs and CIDR ranges typed by hand. Each choice says what it opens.
 */
import { useState, type ReactNode } from 'react';
import { Checkbox, Field } from '../../components/Field.tsx';

const CHOICES: { word: string; label: string; hint: string }[] = [
  { word: 'external', label: 'Internet hosts (external)', hint: 'Public addresses only. The default: nothing on this computer or your network can be reached.' },
  { word: 'loopback', label: 'This computer (loopback)', hint: 'Services on 127.0.0.1 and ::1. Anyone who can create a webhook can then call them and read their answers in the delivery history.' },
  { word: 'private', label: 'Local network (private)', hint: 'Addresses such as 192.168.x.x, 10.x.x.x and fd00::/8: routers, printers, NAS boxes. The same warning applies.' },
  { word: '*', label: 'Any address (*)', hint: 'Everything, including link-local and metadata addresses. Only on a host nobody else uses.' },
];

const split = (value: string): string[] => value.split(',').map((v) => v.trim()).filter(Boolean);

/** The host list as checkboxes for Gitea's keywords and a text field for the rest. */
export function HostListSetting({ name, value, hint, error, onChange }: { name: string; value: string; hint: ReactNode; error?: string | undefined; onChange(v: string): void }) {
  const items = split(value);
  const words = new Set(items.filter((i) => CHOICES.some((c) => c.word === i.toLowerCase())).map((i) => i.toLowerCase()));
  // The typed text is kept as typed (a trailing comma included); the setting gets its cleaned items.
  const [text, setText] = useState(() => items.filter((i) => !words.has(i.toLowerCase())).join(','));
  const others = split(text);
  const emit = (nextWords: Set<string>, nextOthers: string[]): void => {
    onChange([...CHOICES.map((c) => c.word).filter((w) => nextWords.has(w)), ...nextOthers].join(','));
  };
  const toggle = (word: string, on: boolean): void => {
    const next = new Set(words);
    if (on) next.add(word);
    else next.delete(word);
    emit(next, others);
  };
  return (
    <fieldset className="field-group">
      <legend>Webhooks may call</legend>
      <p className="hint">{hint}</p>
      {CHOICES.map((c) => <Checkbox key={c.word} name={`${name}:${c.word}`} label={c.label} hint={c.hint} checked={words.has(c.word)} onChange={(e) => toggle(c.word, e.target.checked)} />)}
      <Field label="Also these hosts" name={name} error={error} value={text} hint="Host names, globs (*.example.lan) or CIDR ranges (192.168.1.0/24), comma separated."
        onChange={(e) => { setText(e.target.value); emit(words, split(e.target.value)); }} />
    </fieldset>
  );
}
