/**
 * A flat copy of a string cut from a larger one, no longer holding on to it. V8 makes a slice of
 * 13 characters or more a view into its parent, so one uid kept from a packed read of 200,000
 * bales would keep the whole read (tens of megabytes) alive, and views compare several times
 * slower than flat strings when sorted or hashed. UTF-16 bytes keep every code unit
 * (lone surrogates too).
 * @example const uid = detached(packed.slice(start, end));
 */
export function detached(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}

/**
 * One detached copy per distinct value (baler ids, sizes, field lists): equal strings read from
 * many rows share one copy.
 * @example const intern = interner(); const balerId = intern(packed.slice(a, b));
 */
export function interner(): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let kept = seen.get(text);
    if (kept === undefined) {
      kept = detached(text);
      seen.set(kept, kept);
    }
    return kept;
  };
}
