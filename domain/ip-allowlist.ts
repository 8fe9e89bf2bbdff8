/**
 * Per-key IP allowlists: entries are single IPv4/IPv6 addresses or CIDR ranges. Entries are stored
 * normalised; IPv4-mapped IPv6 addresses (::ffff:1.2.3.4, what a dual-stack socket reports) are
 * treated as the IPv4 address they carry. IPv4 must be written in dotted-quad form: ipaddr.js would
 * otherwise accept forms like "10" or "0x0a.1" that no operator means.
 */
import ipaddr from 'ipaddr.js';
import { DomainError } from './error-codes.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

function unmapped(addr: Address, bits?: number): [Address, number | undefined] {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() && (bits === undefined || bits >= 96)) {
    return [(addr as ipaddr.IPv6).toIPv4Address(), bits === undefined ? undefined : bits - 96];
  }
  return [addr, bits];
}

function parseEntry(entry: string): [Address, number | undefined] | null {
  const text = entry.trim();
  if (!text || text.includes('%')) return null;
  const isV6 = text.includes(':');
  if (text.includes('/')) {
    const valid = isV6 ? ipaddr.IPv6.isValidCIDR(text) : ipaddr.IPv4.isValidCIDRFourPartDecimal(text);
    if (!valid) return null;
    const [addr, bits] = ipaddr.parseCIDR(text);
    return unmapped(addr, bits);
  }
  const valid = isV6 ? ipaddr.IPv6.isValid(text) : ipaddr.IPv4.isValidFourPartDecimal(text);
  return valid ? unmapped(ipaddr.parse(text)) : null;
}

/** The canonical form of an allowlist entry; throws VALIDATION_FAILED when it is not an IP or CIDR. */
export function normaliseAllowEntry(entry: string): string {
  const parsed = typeof entry === 'string' ? parseEntry(entry) : null;
  if (!parsed) throw new DomainError('VALIDATION_FAILED', `not an IPv4/IPv6 address or CIDR range: ${String(entry)}`);
  const [addr, bits] = parsed;
  return bits === undefined ? addr.toString() : `${addr.toString()}/${bits}`;
}

/** Entries from a list or a comma-separated string, normalised and de-duplicated. */
export function parseAllowList(input: string | readonly string[]): string[] {
  const items = (typeof input === 'string' ? input.split(',') : [...input]).filter((s) => String(s).trim());
  return [...new Set(items.map(normaliseAllowEntry))];
}

/** True when the list is empty (no restriction) or `ip` falls inside one of its entries. */
export function ipAllowed(allowIps: readonly string[], ip: string): boolean {
  if (allowIps.length === 0) return true;
  let client: Address;
  try {
    client = ipaddr.process(ip.trim().replace(/%.*$/, ''));
  } catch (err: unknown) {
    if (err instanceof Error) return false;
    throw err;
  }
  return allowIps.some((entry) => {
    const parsed = parseEntry(entry);
    if (!parsed) return false;
    const [addr, bits] = parsed;
    if (addr.kind() !== client.kind()) return false;
    return bits === undefined ? addr.toNormalizedString() === client.toNormalizedString() : client.match(addr, bits);
  });
}
