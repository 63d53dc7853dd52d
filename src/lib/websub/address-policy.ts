import ipaddr from "ipaddr.js";

/**
 * Which addresses a callback may reach (docs/design.md: "Callbacks reach only the public
 * internet"). An allow-list: only what ipaddr.js calls plain `unicast` passes, so loopback,
 * private, link-local, CGNAT, multicast, reserved and ULA ranges, and the forms that embed an
 * IPv4 address (6to4, Teredo, NAT64) are refused; IPv4-mapped IPv6 is judged by its IPv4 address.
 */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack instance metadata
  "169.254.170.2", // AWS ECS task metadata
  "168.63.129.16", // Azure platform (WireServer): a public-range address
  "100.100.100.200", // Alibaba Cloud metadata
  "fd00:ec2::254", // AWS IMDS over IPv6
]);

/** Host names that reach metadata services whatever they resolve to. */
const METADATA_NAMES = new Set(["metadata", "metadata.google.internal", "metadata.goog", "instance-data", "instance-data.ec2.internal"]);

/** NAT64's well-known prefix (RFC 6052 §2.1): the last 32 bits are an IPv4 address. */
const NAT64_PREFIX = ipaddr.parseCIDR("64:ff9b::/96");

/** An address as judged here: IPv4-mapped IPv6 as the IPv4 address it carries. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

function isMetadataAddress(parsed: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) return true;
  if (parsed.kind() === "ipv6" && parsed.match(NAT64_PREFIX)) {
    const bytes = parsed.toByteArray().slice(12);
    return METADATA_ADDRESSES.has(ipaddr.fromByteArray(bytes).toString());
  }
  return false;
}

/** Why `address` may not be reached, or null when it is a public unicast address. */
export function describeAddressProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  const parsed = parseAddress(address);
  if (isMetadataAddress(parsed)) return `${address} is a cloud metadata address`;
  const range = parsed.range();
  return range === "unicast" ? null : `${address} is in the ${range} range`;
}

/**
 * The rule that stays when private callbacks are allowed for local
 * development: a cloud metadata service hands out the instance's
 * credentials, so it is never a callback, by address or by name.
 */
export function describeMetadataProblem(address: string): string | null {
  if (!ipaddr.isValid(address)) return `"${address}" is not an IP address`;
  return isMetadataAddress(parseAddress(address)) ? `${address} is a cloud metadata address` : null;
}

/** Why a host name names a cloud metadata service, or null. */
export function describeMetadataNameProblem(hostname: string): string | null {
  return METADATA_NAMES.has(hostname.toLowerCase().replace(/\.$/, "")) ? `${hostname} names a cloud metadata service` : null;
}

/**
 * Why a host name is refused before any lookup, or null: metadata services,
 * and the special-use names that are never public, so no DNS query is sent
 * for them. `localhost` and `*.localhost` are the loopback (RFC 6761 §6.3);
 * `*.local` is link-local multicast DNS (RFC 6762).
 */
export function describeHostNameProblem(hostname: string): string | null {
  const metadata = describeMetadataNameProblem(hostname);
  if (metadata !== null) return metadata;
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (name === "localhost" || name.endsWith(".localhost")) return `${hostname} is a localhost name, which is the loopback (RFC 6761)`;
  if (name.endsWith(".local")) return `${hostname} is a link-local multicast DNS name (RFC 6762), never a public host`;
  return null;
}

/**
 * The IP address a URL host names literally, or null for a DNS name. The
 * WHATWG URL parser already turned numeric forms such as `2130706433`,
 * `0x7f.1` and `0177.0.0.1` into dotted quads; this also unwraps `[v6]`.
 */
export function parseIpHost(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  if (bare.includes(":")) return ipaddr.IPv6.isValid(bare) ? bare : null;
  if (!/^[0-9a-fx.]+$/i.test(bare)) return null; // a DNS name: no numeric form has other characters
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare;
  // Anything else ipaddr.js reads as IPv4 (octal, hex, fewer parts) is a numeric form the URL parser missed: normalize it.
  if (ipaddr.IPv4.isValid(bare)) return ipaddr.IPv4.parse(bare).toString();
  return null;
}
