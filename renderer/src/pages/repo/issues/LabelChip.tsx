/** A label as a coloured chip: an exclusive label's scope (`scope/name`) is shown as its own part of the chip. */
import type { Label } from '../../../api/types.ts';

/** The scope of an exclusive label (`kind/bug` → `kind`), or null. */
export function scopeOf(l: Pick<Label, 'name' | 'exclusive'>): string | null {
  const i = l.name.lastIndexOf('/');
  return l.exclusive && i > 0 ? l.name.slice(0, i) : null;
}

/** Black or white text, whichever reads better on `color`. */
function textOn(color: string): string {
  let hex = color.replace('#', '');
  if (hex.length === 3) hex = hex.split('').map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const lum = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return lum > 0.5 ? '#111' : '#fff';
}

/** One label chip; `title` carries the description. */
export function LabelChip({ label }: { label: Label }) {
  const scope = scopeOf(label);
  const bg = label.color.startsWith('#') ? label.color : `#${label.color}`;
  const name = scope ? label.name.slice(scope.length + 1) : label.name;
  return (
    <span className={`label-chip${scope ? ' label-scoped' : ''}`} title={label.description || undefined}>
      {scope ? <span className="label-scope">{scope}/</span> : null}
      <span className="label-name" style={{ background: bg, color: textOn(bg) }}>{name}</span>
    </span>
  );
}

/** Groups labels so the ones of one exclusive scope sit together: `[scope or '', labels]`. */
export function byScope(labels: Label[]): [string, Label[]][] {
  const groups = new Map<string, Label[]>();
  for (const l of labels) {
    const k = scopeOf(l) ?? '';
    groups.set(k, [...(groups.get(k) ?? []), l]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
}

/** Picks label ids; a second label of an exclusive scope replaces the first, as the host does. */
export function pickLabel(chosen: number[], id: number, on: boolean, scopeOfId: (id: number) => string | null): number[] {
  if (!on) return chosen.filter((x) => x !== id);
  const scope = scopeOfId(id);
  return [...chosen.filter((x) => scope === null || scopeOfId(x) !== scope), id];
}
