/**
 * Field-level comparison of two JSON schemas: ours (OpenAPI 3, generated from the zod structs) and Gitea's
 * (Swagger 2). Reports fields one side has and the other lacks, type and format differences, enum values Gitea
 * does not list, required-ness of request fields, and nullability where Gitea states it (`x-nullable`).
 * Each pair of named definitions is compared once; its differences are listed under our definition's name.
 */

export type Schema = Record<string, unknown>;

export interface Difference {
  /** `Repository.owner` style: our definition (or the operation) and the field path inside it. */
  where: string;
  what: string;
}

export interface Side { root: Schema }

const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

/** Follows `$ref` (and an `allOf` of one `$ref`, zod's way to make a ref nullable); returns the schema, its name, its nullability. */
function resolve(side: Side, s: Schema): { schema: Schema; name: string | null; nullable: boolean } {
  let nullable = s.nullable === true;
  let cur = s;
  let name: string | null = null;
  for (let i = 0; i < 10; i++) {
    const all = cur.allOf as Schema[] | undefined;
    if (all?.length === 1) {
      nullable ||= cur.nullable === true;
      cur = all[0]!;
      continue;
    }
    const ref = cur.$ref as string | undefined;
    if (!ref) break;
    name = refName(ref);
    const [group, key] = ref.replace(/^#\//, '').split('/').slice(-2) as [string, string];
    const holder = ref.startsWith('#/components/') ? (side.root.components as Schema).schemas as Schema : side.root[group] as Schema;
    cur = (holder[key] as Schema | undefined) ?? {};
    if (group === 'responses' && cur.schema) cur = cur.schema as Schema;
  }
  return { schema: cur, name, nullable: nullable || cur.nullable === true };
}

/** The JSON type of a schema: object, array, string, integer, number, boolean, null, or any. */
function kind(s: Schema): string {
  if (Array.isArray(s.enum) && s.enum.length === 1 && s.enum[0] === null) return 'null';
  if (typeof s.type === 'string') return s.type;
  if (s.properties || s.additionalProperties) return 'object';
  return 'any';
}

function describe(side: Side, s: Schema): string {
  const r = resolve(side, s);
  const k = kind(r.schema);
  if (r.name) return r.name;
  const variants = (r.schema.anyOf ?? r.schema.oneOf) as Schema[] | undefined;
  if (variants) return variants.map((v) => describe(side, v)).join(' | ');
  if (k === 'array') return `${describe(side, (r.schema.items as Schema | undefined) ?? {})}[]`;
  return k;
}

export class ShapeComparer {
  readonly differences: Difference[] = [];
  private readonly done = new Set<string>();

  constructor(private readonly ours: Side, private readonly theirs: Side, private readonly mode: 'request' | 'response') {}

  /** Compares `a` (ours) with `b` (Gitea's) at `where`. */
  compare(a: Schema, b: Schema, where: string): void {
    const ra = resolve(this.ours, a);
    const rb = resolve(this.theirs, b);
    if (rb.schema['x-nullable'] === true && !ra.nullable) this.add(where, 'Gitea says it may be null; never null here');
    if (rb.schema['x-nullable'] === false && ra.nullable) this.add(where, 'may be null here; Gitea says never');
    const variants = (ra.schema.anyOf ?? ra.schema.oneOf) as Schema[] | undefined;
    if (variants) {
      // A union (e.g. one entry or a list): compare the variant of Gitea's kind.
      const match = variants.find((v) => kind(resolve(this.ours, v).schema) === kind(rb.schema)) ?? variants[0]!;
      this.compare(match, b, where);
      return;
    }
    const ka = kind(ra.schema);
    const kb = kind(rb.schema);
    if (kb === 'any' || ka === 'null') return;
    if (ka === 'any') return this.add(where, `untyped here; Gitea: ${describe(this.theirs, b)}`);
    if (ka !== kb) return this.add(where, `${describe(this.ours, a)} here; Gitea: ${describe(this.theirs, b)}`);
    if (kb === 'string') this.compareString(ra.schema, rb.schema, where);
    if (kb === 'array') this.compare((ra.schema.items as Schema) ?? {}, (rb.schema.items as Schema) ?? {}, `${where}[]`);
    if (kb === 'object') this.compareObject(ra, rb, where);
  }

  private compareString(a: Schema, b: Schema, where: string): void {
    if (b.format === 'date-time' && a.format !== 'date-time') this.add(where, 'a plain string here; Gitea: date-time');
    if (a.format === 'date-time' && b.format !== 'date-time') this.add(where, 'date-time here; Gitea: a plain string');
    if (Array.isArray(a.enum) && Array.isArray(b.enum)) {
      const extra = a.enum.filter((v) => !(b.enum as unknown[]).includes(v));
      if (extra.length) this.add(where, `values Gitea does not list: ${extra.join(', ')}`);
    }
  }

  private compareObject(ra: ReturnType<typeof resolve>, rb: ReturnType<typeof resolve>, where: string): void {
    // A pair of named definitions is compared once, under our definition's name.
    if (ra.name && rb.name) {
      const key = `${ra.name}|${rb.name}`;
      if (this.done.has(key)) return;
      this.done.add(key);
      where = ra.name === rb.name ? ra.name : `${ra.name} (Gitea: ${rb.name})`;
    }
    const pa = (ra.schema.properties ?? {}) as Record<string, Schema>;
    const pb = (rb.schema.properties ?? {}) as Record<string, Schema>;
    const mapA = ra.schema.additionalProperties as Schema | boolean | undefined;
    const mapB = rb.schema.additionalProperties as Schema | boolean | undefined;
    if (typeof mapB === 'object' && typeof mapA === 'object') this.compare(mapA, mapB, `${where}{}`);
    if (typeof mapB === 'object' && !Object.keys(pb).length) {
      if (typeof mapA !== 'object') this.add(where, 'fixed fields here; Gitea: a map');
      return;
    }
    for (const f of Object.keys(pb)) {
      if (!(f in pa)) this.add(`${where}.${f}`, `missing here (Gitea: ${describe(this.theirs, pb[f]!)})`);
    }
    for (const f of Object.keys(pa)) {
      if (!(f in pb)) this.add(`${where}.${f}`, `not in Gitea's definition (here: ${describe(this.ours, pa[f]!)})`);
      else this.compare(pa[f]!, pb[f]!, `${where}.${f}`);
    }
    if (this.mode === 'request') {
      const reqA = new Set((ra.schema.required ?? []) as string[]);
      const reqB = new Set((rb.schema.required ?? []) as string[]);
      for (const f of reqB) if (!reqA.has(f) && f in pa) this.add(`${where}.${f}`, 'required by Gitea, optional here');
      for (const f of reqA) if (!reqB.has(f) && f in pb) this.add(`${where}.${f}`, 'required here, optional in Gitea');
    }
  }

  private add(where: string, what: string): void {
    this.differences.push({ where, what });
  }
}
