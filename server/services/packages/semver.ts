/** Semantic versions as npm versions are written (Gitea parses them with go-version's NewSemver). */

/** A parsed version: numbers, pre-release identifiers, and the normalised text. */
export interface Semver {
  major: number;
  minor: number;
  patch: number;
  prerelease: string;
  text: string;
}

const SEMVER = /^v?(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,15})(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$/;

/** Parses `text` as a semantic version (a leading `v` allowed); null when it is none. */
export function parseSemver(text: string): Semver | null {
  if (text.length > 255) return null;
  const m = SEMVER.exec(text);
  if (!m) return null;
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const prerelease = m[4] ?? '';
  const build = m[5] ? `+${m[5]}` : '';
  return { major, minor, patch, prerelease, text: `${major}.${minor}.${patch}${prerelease ? `-${prerelease}` : ''}${build}` };
}

function comparePre(a: string, b: string): number {
  if (a === b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i];
    const y = pb[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const nx = /^\d+$/.test(x);
    const ny = /^\d+$/.test(y);
    if (nx && ny && Number(x) !== Number(y)) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Orders two version texts by semantic-version precedence (unparsable ones first, by text). */
export function compareSemver(a: string, b: string): number {
  const x = parseSemver(a);
  const y = parseSemver(b);
  if (!x || !y) return x ? 1 : y ? -1 : a.localeCompare(b);
  return x.major - y.major || x.minor - y.minor || x.patch - y.patch || comparePre(x.prerelease, y.prerelease);
}
