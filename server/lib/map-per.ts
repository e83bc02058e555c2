/**
 * A map kept per owner object (a host's AppContext, mostly) that goes with it: a closed host's entries are
 * collected with the host, and two hosts in one process (tests) never share them.
 */

/** A getter of `owner`'s map, made on first use. */
export function mapPer<O extends object, K, V>(): (owner: O) => Map<K, V> {
  const maps = new WeakMap<O, Map<K, V>>();
  return (owner) => {
    let m = maps.get(owner);
    if (!m) maps.set(owner, (m = new Map()));
    return m;
  };
}
